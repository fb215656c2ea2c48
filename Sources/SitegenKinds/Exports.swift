@_exported import SitegenCore
