import Testing
@testable import SitegenCore

@Suite("Calendar dates")
struct CalendarDateTests {
    @Test func parsesOnlyDatesThatExist() {
        #expect(CalendarDate("2028-02-29") != nil)
        #expect(CalendarDate("2027-02-29") == nil)
        #expect(CalendarDate("2026-02-30") == nil)
        #expect(CalendarDate("2026-13-01") == nil)
        #expect(CalendarDate("26-1-1") == nil)
        #expect(CalendarDate("2026-11-22")?.description == "2026-11-22")
    }

    @Test func arithmeticAndWeekdays() throws {
        let date = try #require(CalendarDate("2026-11-22"))
        #expect(date.weekday == 1)   // a Sunday
        #expect(date.weekdayName == "Sunday")
        #expect(date.adding(days: 40).description == "2027-01-01")
        #expect(CalendarDate("1970-01-01")?.daysSinceEpoch == 0)
        #expect(CalendarDate(daysSinceEpoch: -1).description == "1969-12-31")
        #expect(try #require(CalendarDate("2024-02-28")).days(until: try #require(CalendarDate("2024-03-01"))) == 2)
    }
}
