import Testing
@testable import SitegenBible
