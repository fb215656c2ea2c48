import Testing
@testable import SitegenHymns
