// Every feature is made of the shared core's types.
@_exported import SitegenCore
