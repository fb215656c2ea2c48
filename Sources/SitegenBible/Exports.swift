// Everything that reads, renders or tests this content kind also needs the shared core.
@_exported import SitegenCore
