import Foundation
import Testing
@testable import SitegenSchedule
@testable import SitegenCore

/// The notice-board sheet: visits instead of days, repeating services summarised, no empty columns.
@Suite("Print sheet")
struct PrintSheetTests {
    static let files = [
        "localities/aberdeen.md": aberdeen,
        "schedule/winter.yml": """
        events:
          - { id: d1, date: 2027-01-23, locality: aberdeen, team: "Team 1", sessions: [{ name: Evening, start: "19:00", end: "21:00" }] }
          - id: d2
            date: 2027-01-24
            locality: aberdeen
            team: "Team 1"
            sessions:
              - { name: Morning service, start: "11:00", end: "12:30" }
              - { name: Evening, start: "19:00", end: "21:00" }
          - { id: travel, date: 2027-01-25, status: travel, team: "Team 1" }
          - { id: d3, date: 2027-01-27, locality: aberdeen, team: "Team 1" }
        """,
        "schedule/regular.yml": """
        events:
          - id: school
            date: 2026-11-29
            category: Sunday school
            locality: aberdeen
            sessions: [{ name: Sunday school, start: "09:45", end: "10:45" }]
            repeat: { frequency: weekly, until: 2027-02-28, except: [2026-12-06] }
          - id: communion
            date: 2026-12-06
            category: Communion
            locality: aberdeen
            sessions: [{ name: Communion, start: "11:00", end: "13:00" }]
            repeat: { frequency: monthly, on: first Sunday }
        """,
    ]

    func sheet() async throws -> TemplateObject {
        let content = try TempContent(Self.files)
        defer { content.remove() }
        let (schedule, diagnostics) = await content.load()
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        return PrintSheet.spec(schedule, context: makeContext()).values
    }

    @Test func consecutiveDaysOfOneTeamAtOnePlaceAreOneRowAndTravelDaysAreLeftOut() async throws {
        let values = try await sheet()
        let rows = values["months"]!.items.flatMap { $0["rows"]!.items }
        #expect(rows.count == 2, "23–24 Jan is one visit, 27 Jan (after a gap) another; the travel day is not a row")
        #expect(rows[0]["datesStart"]?.string == "Sat 23" && rows[0]["datesEnd"]?.string == "Sun 24 Jan")
        func meetings(_ row: TemplateValue) -> [String] {
            row["meetings"]!.items.map { run in
                (run["hasDays"] == .flag(true) ? run["days"]!.string! + " " : "")
                    + run["ranges"]!.items.map { $0["separator"]!.string! + $0["text"]!.string! }.joined()
            }
        }
        #expect(meetings(rows[0]) == ["Sat 7–9 pm", "Sun 11 am–12:30 pm, 7–9 pm"])
        #expect(rows[1]["datesStart"]?.string == "Wed 27 Jan" && rows[1]["hasDatesEnd"] == .flag(false))
        #expect(meetings(rows[1]) == ["Times to be announced"])
        #expect(rows[0]["place"]?.string == "Aberdeen, SD" && rows[0]["hasDetail"] == .flag(false),
                "the default category is not repeated under the place")
    }

    @Test func theTeamColumnIsThereOnlyWhenAVisitHasATeamAndNotesGoUnderThePlace() async throws {
        let values = try await sheet()
        #expect(values["teamColumn"] == .flag(true) && values["columnCount"] == .number(4))
        let content = try TempContent([
            "localities/aberdeen.md": aberdeen,
            "schedule/s.yml": "events:\n  - { id: a, date: 2027-06-18, locality: aberdeen, comment: \"St. John's meetings\" }\n",
        ])
        defer { content.remove() }
        let (schedule, _) = await content.load()
        let alone = PrintSheet.spec(schedule, context: makeContext()).values
        #expect(alone["teamColumn"] == .flag(false) && alone["columnCount"] == .number(3))
        let row = try #require(alone["months"]?.items.first?["rows"]?.items.first)
        #expect(row["comment"]?.string == "St. John's meetings" && row["hasComment"] == .flag(true))
    }

    @Test func repeatingServicesAreOneLinePerLocality() async throws {
        let values = try await sheet()
        let groups = values["services"]!.items
        #expect(groups.count == 1 && groups[0]["name"]?.string == "Aberdeen, SD")
        let lines = groups[0]["items"]!.items.compactMap { $0["text"]?.string }
        #expect(lines == ["Sunday service Sundays 11 am",
                          "Sunday school Sundays 9:45 am, 29 Nov 2026 – 28 Feb 2027 (not 6 Dec)",
                          "Communion first Sunday of the month 11 am, from 6 Dec 2026"], "\(lines)")
    }

    /// Every locality's weekly services (from its page's data) are on the sheet and in its feed,
    /// once: a service a repeating event describes is said by that event alone.
    @Test func weeklyServicesOfEveryLocalityOnceOnTheSheetAndInTheFeed() async throws {
        let content = try TempContent([
            "localities/aberdeen.md": aberdeen.replacingOccurrences(of: "  - { name: \"Sunday service\", day: Sunday, time: \"11:00\" }",
                with: "  - { name: \"Sunday service\", day: Sunday, time: \"11:00\" }\n  - { name: \"Communion\", day: Sunday, note: \"first Sunday\" }"),
            "localities/quiet.md": "---\nname: \"Quiet, ND\"\naddress: [\"1 Main St\"]\ntime_zone: America/Chicago\nservices:\n"
                + "  - { name: \"Bible study\", day: Wednesday, time: \"19:30\", note: \"in homes\" }\n"
                + "  - { name: \"Sunday school\", day: Sunday, note: \"after the service\" }\n---\n",
            "schedule/regular.yml": """
            events:
              - id: communion
                date: 2026-12-06
                category: Communion
                locality: aberdeen
                sessions: [{ name: Communion, start: "11:00", end: "13:00" }]
                repeat: { frequency: monthly, on: first Sunday }
            """,
        ])
        defer { content.remove() }
        let (schedule, _) = await content.load()
        let context = makeContext()
        let groups = PrintSheet.spec(schedule, context: context).values["services"]!.items
        #expect(groups.map { $0["name"]?.string } == ["Aberdeen, SD", "Quiet, ND"])
        let lines = groups.map { $0["items"]!.items.compactMap { $0["text"]?.string } }
        #expect(lines == [["Sunday service Sundays 11 am", "Communion first Sunday of the month 11 am, from 6 Dec 2026"],
                          ["Bible study Wednesdays 7:30 pm (in homes)", "Sunday school Sundays (after the service)"]], "\(lines)")
        let files = ScheduleOutputs.feeds(schedule, context: context)
        let quiet = String(decoding: try #require(files.first { $0.path == "localities/quiet.ics" }).data, as: UTF8.self)
        #expect(quiet.contains("UID:localities/quiet/bible-study-wednesday@example.org"))
        #expect(quiet.contains("DTSTART;TZID=America/Chicago:20261125T193000") && quiet.contains("RRULE:FREQ=WEEKLY"))
        #expect(quiet.contains("DTEND;TZID=America/Chicago:20261125T203000") && quiet.replacingOccurrences(of: "\r\n ", with: "").contains("the end time is not given"))
        #expect(quiet.contains("BEGIN:VTIMEZONE") && !quiet.contains("Sunday school"), "no time, no calendar entry")
        let aberdeenFeed = String(decoding: try #require(files.first { $0.path == "localities/aberdeen.ics" }).data, as: UTF8.self)
        #expect(aberdeenFeed.components(separatedBy: "SUMMARY:Communion").count == 2, "the event's entry only")
        #expect(aberdeenFeed.contains("SUMMARY:Sunday service · Aberdeen\\, SD"))
    }

    @Test func aNoteNamingAPastYearIsAWarningAtItsLine() async throws {
        let content = try TempContent([
            "localities/aberdeen.md": aberdeen,
            "schedule/s.yml": """
            events:
              - id: old
                date: 2027-06-18
                locality: aberdeen
                comment: "2019 St. John's Meetings"
              - id: fine
                date: 2027-06-19
                locality: aberdeen
                comment: "Bring the 2027 songbook; room 2019B"
            """,
        ])
        defer { content.remove() }
        let (schedule, diagnostics) = await content.load()
        #expect(diagnostics.errors.isEmpty)
        #expect(schedule.events.count == 2, "a warning does not drop the event")
        let warnings = diagnostics.all.filter { $0.severity == .warning }.map(\.description)
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.hasPrefix("Content/schedule/s.yml:5:") == true, "\(warnings)")
        #expect(warnings.first?.contains("warning: 'comment' names 2019, before this event's year 2027") == true, "\(warnings)")
    }

    /// The sheet leaves out a note the build flagged as stale; the schedule page keeps it (with its warning).
    @Test func theSheetLeavesOutAFlaggedNote() async throws {
        let content = try TempContent([
            "localities/aberdeen.md": aberdeen,
            "schedule/s.yml": """
            events:
              - { id: old, date: 2027-06-18, locality: aberdeen, comment: "2019 St. John's Meetings" }
              - { id: fine, date: 2027-07-18, locality: aberdeen, comment: "Bring the 2027 songbook" }
            """,
        ])
        defer { content.remove() }
        let (schedule, _) = await content.load()
        let rows = PrintSheet.spec(schedule, context: makeContext()).values["months"]!.items.flatMap { $0["rows"]!.items }
        #expect(rows.map { $0["hasComment"] } == [.flag(false), .flag(true)])
        #expect(rows[1]["comment"]?.string == "Bring the 2027 songbook")
    }

    @Test func pastYearsAreStandaloneFourDigitYears() {
        #expect(PastYears.named(in: "2019 St. John's Meetings", before: 2027) == [2019])
        #expect(PastYears.named(in: "from 2025 (and 2019, 2025)", before: 2026) == [2025, 2019])
        #expect(PastYears.named(in: "room 2019B, 12019, 1850", before: 2027).isEmpty)
        #expect(PastYears.named(in: "2027 and 2030", before: 2027).isEmpty)
    }
}

@Suite("One meeting's calendar file")
struct EventFeedTests {
    @Test func eachEventHasItsOwnFileWithTheFeedsUIDsAndAnEncodedLink() async throws {
        let content = try TempContent([
            "localities/aberdeen.md": aberdeen,
            "schedule/Spring #1.yml": """
            events:
              - { id: a, date: 2027-01-23, locality: aberdeen, sessions: [{ name: Evening, start: "19:00", end: "21:00" }] }
              - { id: b, date: 2027-01-24, locality: aberdeen }
            """,
        ])
        defer { content.remove() }
        let (schedule, diagnostics) = await content.load()
        #expect(diagnostics.errors.isEmpty)
        let context = makeContext()
        let files = ScheduleOutputs.feeds(schedule, context: context)
        let single = try #require(files.first { $0.path == "schedule/events/Spring #1/a.ics" })
        let text = String(decoding: single.data, as: UTF8.self)
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 2, "one meeting, one session")
        #expect(text.contains("UID:Spring #1/a/1@example.org") && !text.contains("X-WR-CALNAME"))
        let all = String(decoding: try #require(files.first { $0.path == ScheduleOutputs.allFeedPath }).data, as: UTF8.self)
        #expect(all.contains("UID:Spring #1/a/1@example.org") && all.contains("X-WR-CALNAME"))
        let event = try #require(schedule.events.first)
        #expect(ScheduleOutputs.eventFeedURL(event, context: context) == "/schedule/events/Spring%20%231/a.ics")
        #expect(ScheduleOutputs.subscribeURL(ScheduleOutputs.allFeedPath, context: makeContext(baseURL: "https://church.test/"))
                == "webcal://church.test/schedule/all.ics")
    }

    /// No placeholder address in pages: with example.org (or a path only) the Subscribe link and
    /// the sheet's printed address are left to the page's script, which uses the address it was
    /// served from; with a published address they are absolute.
    @Test func noPlaceholderAddressInPages() async throws {
        let content = try TempContent(["localities/aberdeen.md": aberdeen])
        defer { content.remove() }
        let (schedule, _) = await content.load()
        for base in ["https://example.org/", "https://www.example.com/church/", "/church/"] {
            let context = makeContext(baseURL: base)
            #expect(ScheduleOutputs.subscribeURL(ScheduleOutputs.allFeedPath, context: context) == nil, "\(base)")
            let specs = ScheduleOutputs.pageSpecs(schedule, context: context)
            #expect(specs.allSatisfy { $0.values["subscribeURL"] == nil }, "\(base)")
            #expect(specs.first { $0.path == PrintSheet.path }?.values["scheduleAddress"] == nil, "\(base)")
        }
        let published = ScheduleOutputs.pageSpecs(schedule, context: makeContext(baseURL: "https://church.test/"))
        #expect(published.first { $0.path == PrintSheet.path }?.values["scheduleAddress"] == .text("https://church.test/schedule/"))
        #expect(published.first { $0.path == "localities/aberdeen/" }?.values["subscribeURL"] == .text("webcal://church.test/localities/aberdeen.ics"))
    }
}

@Suite("A repeating service's dates, travel days")
struct OccurrenceFeedTests {
    static let files = [
        "localities/aberdeen.md": aberdeen,
        "schedule/regular.yml": """
        events:
          - id: communion
            date: 2026-12-06
            category: Communion
            locality: aberdeen
            sessions: [{ name: Communion, start: "11:00", end: "13:00" }]
            repeat: { frequency: monthly, on: first Sunday, count: 3 }
          - { id: trip, date: 2026-12-10, status: travel, locality: aberdeen, team: "Team 1", comment: "via Aberdeen" }
        """,
    ]

    /// "Add to calendar" on a repeating service's row adds that one date; the series has a link of its own.
    @Test func eachDateOfARepeatingServiceHasItsOwnFile() async throws {
        let content = try TempContent(Self.files)
        defer { content.remove() }
        let (schedule, _) = await content.load()
        let context = makeContext()
        let files = ScheduleOutputs.feeds(schedule, context: context)
        let day = try #require(files.first { $0.path == "schedule/events/regular/communion/2027-01-03.ics" })
        let text = String(decoding: day.data, as: UTF8.self)
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 2)
        #expect(text.contains("DTSTART;TZID=America/Chicago:20270103T110000"))
        #expect(text.contains("UID:regular/communion/2027-01-03/1@example.org"))
        #expect(!text.contains("RRULE") && text.contains("BEGIN:VTIMEZONE"))
        #expect(files.filter { $0.path.hasPrefix("schedule/events/regular/communion/") }.count == 3)
        let page = try #require(ScheduleOutputs.pageSpecs(schedule, context: context).first { $0.path == "localities/aberdeen/" })
        let rows = page.values["meetings"]!.items
        #expect(rows.map { $0["icsURL"]?.string } == ["/schedule/events/regular/communion/2026-12-06.ics",
                                                     "/schedule/events/regular/communion/2027-01-03.ics",
                                                     "/schedule/events/regular/communion/2027-02-07.ics"])
        #expect(rows.allSatisfy { $0["seriesURL"]?.string == "/schedule/events/regular/communion.ics" })
    }

    /// A team's travel day at a place is not a meeting there: not on its page, not in its feed.
    @Test func aTravelDayIsNotAMeetingOfTheLocality() async throws {
        let content = try TempContent(Self.files)
        defer { content.remove() }
        let (schedule, _) = await content.load()
        let context = makeContext()
        let page = try #require(ScheduleOutputs.pageSpecs(schedule, context: context).first { $0.path == "localities/aberdeen/" })
        #expect(!page.values["meetings"]!.items.contains { $0["status"]?.string == "travel" })
        let files = ScheduleOutputs.feeds(schedule, context: context)
        let feed = String(decoding: try #require(files.first { $0.path == "localities/aberdeen.ics" }).data, as: UTF8.self)
        #expect(!feed.contains("Travel day") && feed.contains("Communion"))
        let all = String(decoding: try #require(files.first { $0.path == ScheduleOutputs.allFeedPath }).data, as: UTF8.self)
        #expect(all.contains("Travel day"), "the whole schedule's feed still has the team's days")
    }
}
