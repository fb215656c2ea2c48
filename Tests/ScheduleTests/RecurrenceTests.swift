import Foundation
import Testing
@testable import SitegenSchedule

@Suite("Recurrence expansion")
struct RecurrenceTests {
    @Test func weeklyRepeatsEverySevenDaysUntilTheEndDate() {
        let rule = Recurrence(frequency: .weekly, until: date("2027-01-03"))
        #expect(rule.dates(from: date("2026-12-06"), through: date("2030-01-01")).map(\.description)
                == ["2026-12-06", "2026-12-13", "2026-12-20", "2026-12-27", "2027-01-03"])
    }

    @Test func everyTwoWeeksSkipsAlternateWeeks() {
        let rule = Recurrence(frequency: .weekly, interval: 2, count: 4)
        #expect(rule.dates(from: date("2026-12-29"), through: date("2030-01-01")).map(\.description)
                == ["2026-12-29", "2027-01-12", "2027-01-26", "2027-02-09"])
    }

    @Test func firstSundayOfTheMonth() throws {
        let on = try #require(Recurrence.MonthlyWeekday("first Sunday"))
        let rule = Recurrence(frequency: .monthly, monthlyOn: on, count: 5)
        let dates = rule.dates(from: date("2026-12-06"), through: date("2030-01-01"))
        #expect(dates.map(\.description) == ["2026-12-06", "2027-01-03", "2027-02-07", "2027-03-07", "2027-04-04"])
        #expect(dates.allSatisfy { $0.weekday == 1 && $0.day <= 7 })
    }

    @Test func lastFridayOfTheMonth() throws {
        let lastFriday = try #require(Recurrence.MonthlyWeekday("last Friday"))
        #expect(lastFriday == Recurrence.MonthlyWeekday(ordinal: -1, weekday: 6))
        let rule = Recurrence(frequency: .monthly, monthlyOn: lastFriday, count: 3)
        #expect(rule.dates(from: date("2027-01-29"), through: date("2030-01-01")).map(\.description)
                == ["2027-01-29", "2027-02-26", "2027-03-26"])
    }

    @Test func day31FallsBackToTheLastDayOfShorterMonths() {
        let rule = Recurrence(frequency: .monthly, count: 6)
        #expect(rule.dates(from: date("2027-01-31"), through: date("2030-01-01")).map(\.description)
                == ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31", "2027-06-30"])
    }

    @Test func day30InFebruaryOfALeapYear() {
        let rule = Recurrence(frequency: .monthly, count: 3)
        #expect(rule.dates(from: date("2028-01-30"), through: date("2030-01-01")).map(\.description)
                == ["2028-01-30", "2028-02-29", "2028-03-30"])
    }

    @Test func yearlyOnFebruary29() {
        let rule = Recurrence(frequency: .yearly, count: 5)
        #expect(rule.dates(from: date("2028-02-29"), through: date("2040-01-01")).map(\.description)
                == ["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"])
    }

    @Test func exceptionsAreRemovedButStillCountTowardsCount() {
        // RFC 5545: COUNT counts generated dates; EXDATE removes from that set.
        let rule = Recurrence(frequency: .daily, count: 4, exceptions: [date("2027-01-02")])
        #expect(rule.dates(from: date("2027-01-01"), through: date("2030-01-01")).map(\.description)
                == ["2027-01-01", "2027-01-03", "2027-01-04"])
    }

    @Test func endlessRuleStopsAtTheWindow() {
        let rule = Recurrence(frequency: .weekly)
        let dates = rule.dates(from: date("2026-11-22"), through: date("2027-11-22"))
        #expect(dates.count == 53)
        #expect(dates.last == date("2027-11-21"))
    }

    @Test func weeklyMeetingKeepsItsLocalTimeAcrossADaylightSavingChange() throws {
        // US daylight saving time starts on 14 March 2027: 11:00 in Chicago moves from 17:00 to 16:00 UTC.
        let zone = try #require(TimeZone(identifier: "America/Chicago"))
        let rule = Recurrence(frequency: .weekly, count: 3)
        let eleven = try #require(LocalTime("11:00"))
        let dates = rule.dates(from: date("2027-03-07"), through: date("2028-01-01"))
        let utc = dates.map { ZonedTime.utcStamp(ZonedTime.instant($0, eleven, in: zone)) }
        #expect(utc == ["20270307T170000Z", "20270314T160000Z", "20270321T160000Z"])
        let local = dates.map { ZonedTime.iso8601(ZonedTime.instant($0, eleven, in: zone), in: zone) }
        #expect(local == ["2027-03-07T11:00:00-06:00", "2027-03-14T11:00:00-05:00", "2027-03-21T11:00:00-05:00"])
    }

    @Test func rrulesSayTheSameAsTheExpansion() throws {
        let start = date("2027-01-31")
        #expect(ScheduleFeed.byParts(Recurrence(frequency: .monthly), start: start) == ["BYMONTHDAY=-1"])
        #expect(ScheduleFeed.byParts(Recurrence(frequency: .monthly), start: date("2027-01-30"))
                == ["BYMONTHDAY=28,29,30", "BYSETPOS=-1"])
        #expect(ScheduleFeed.byParts(Recurrence(frequency: .yearly), start: date("2028-02-29"))
                == ["BYMONTH=2", "BYMONTHDAY=28,29", "BYSETPOS=-1"])
        let first = try #require(Recurrence.MonthlyWeekday("first Sunday"))
        #expect(ScheduleFeed.byParts(Recurrence(frequency: .monthly, monthlyOn: first), start: date("2027-01-03")) == ["BYDAY=1SU"])
        #expect(ScheduleFeed.byParts(Recurrence(frequency: .monthly), start: date("2027-01-15")) == [])
    }

    @Test func easterSundays() {
        #expect(Easter.sunday(year: 2019) == date("2019-04-21"))
        #expect(Easter.sunday(year: 2027) == date("2027-03-28"))
        #expect(Easter.sunday(year: 2030) == date("2030-04-21"))
    }
}
