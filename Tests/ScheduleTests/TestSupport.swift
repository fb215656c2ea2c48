import Testing
@testable import SitegenSchedule
