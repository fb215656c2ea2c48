import Testing
@testable import SitegenSite
