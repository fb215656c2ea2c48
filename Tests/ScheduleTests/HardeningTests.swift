import Foundation
import Testing
@testable import SitegenSchedule
@testable import SitegenCore

@Suite("Hardening: schedule")
struct ScheduleHardeningTests {
    func yaml(sessions: Int) -> [String: String] {
        var text = "events:\n  - id: big\n    date: 2026-12-01\n    time_zone: America/Chicago\n    sessions:\n"
        for i in 0..<sessions { text += "      - { name: S\(i), start: \"10:00\", end: \"11:00\" }\n" }
        return ["schedule/2026.yml": text]
    }

    @Test("10: 2,500 sessions are refused at once (their feed was quadratic: 6.4 s, 287 MB)")
    func tooManySessions() async throws {
        let content = try TempContent(yaml(sessions: 2_500))
        defer { content.remove() }
        // Refused by the reader (no feed is made from a load), whatever the clock says.
        let (_, diagnostics) = await content.load()
        #expect(diagnostics.errors.map(\.description).contains { $0.hasPrefix("Content/schedule/2026.yml:") && $0.hasSuffix("error: an event has at most 24 sessions, not 2500") })
    }

    @Test("10: the feed of an event with the most sessions allowed stays small")
    func feedOfManySessions() async throws {
        let content = try TempContent(yaml(sessions: Event.maximumSessions))
        defer { content.remove() }
        let (schedule, diagnostics) = await content.load()
        #expect(diagnostics.errors.isEmpty)
        let feed = ScheduleFeed(schedule: schedule, asOf: date("2026-11-22"), baseURL: "https://example.org/", calendarName: "T")
        let text = feed.text(for: schedule.events)
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == Event.maximumSessions)
        #expect(text.utf8.count < 200_000)
    }

    @Test("4: Recurrence itself cannot overflow, whatever a caller passes")
    func recurrenceClamps() {
        for frequency in Recurrence.Frequency.allCases {
            let rule = Recurrence(frequency: frequency, interval: Int.max, count: 5)
            let dates = rule.dates(from: date("2026-01-04"), through: date("9999-12-31"))
            #expect(dates.count <= 5)
        }
    }
}
