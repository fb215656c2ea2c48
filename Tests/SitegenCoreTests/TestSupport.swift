import Testing
@testable import SitegenCore
