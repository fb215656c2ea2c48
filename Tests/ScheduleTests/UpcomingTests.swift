import Foundation
import Testing
@testable import SitegenSchedule

@Suite("Upcoming meetings relative to the as-of date")
struct UpcomingTests {
    func schedule() async throws -> Schedule {
        let content = try TempContent([
            "localities/aberdeen.md": aberdeen,
            "schedule/s.yml": """
            events:
              - { id: past, date: 2026-11-21, locality: aberdeen }
              - { id: today, date: 2026-11-22, locality: aberdeen }
              - { id: later, date: 2027-06-01, locality: aberdeen }
              - { id: beyond-window, date: 2028-01-01, locality: aberdeen }
              - id: weekly
                date: 2026-11-01
                locality: aberdeen
                repeat: { frequency: weekly, count: 6 }
            """,
        ])
        defer { content.remove() }
        let (schedule, diagnostics) = await content.load()
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        return schedule
    }

    @Test func pastMeetingsDropOff() async throws {
        let upcoming = try await schedule().upcoming(asOf: date("2026-11-22"))
        #expect(upcoming.map { "\($0.event.id) \($0.date)" }
                == ["today 2026-11-22", "weekly 2026-11-22", "weekly 2026-11-29", "weekly 2026-12-06", "later 2027-06-01"])
    }

    @Test func aLaterAsOfShowsLess() async throws {
        let upcoming = try await schedule().upcoming(asOf: date("2026-12-01"))
        #expect(upcoming.map(\.event.id) == ["weekly", "later"])
    }

    @Test func snapshotStatesItsWindowAndKeepsRulesBeyondIt() async throws {
        let context = makeContext()
        let snapshot = try ScheduleSnapshot.snapshot(try await schedule(), context: context)
        let json = try #require(try JSONSerialization.jsonObject(with: snapshot.data) as? [String: Any])
        let window = try #require(json["window"] as? [String: Any])
        #expect(window["from"] as? String == "2026-11-22")
        #expect(window["through"] as? String == "2027-11-22")
        #expect(window["days"] as? Int == 365)
        let events = try #require(json["events"] as? [[String: Any]]).map { $0["uid"] as? String }
        #expect(events == ["s/beyond-window", "s/later", "s/today", "s/weekly"])
        #expect(snapshot.records == 5)
        let weekly = try #require((json["events"] as? [[String: Any]])?.last?["recurrence"] as? [String: Any])
        #expect(weekly["rrule"] as? String == "FREQ=WEEKLY;COUNT=6")
    }
}
