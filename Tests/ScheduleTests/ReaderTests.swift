import Foundation
import Testing
@testable import SitegenSchedule

@Suite("Reading localities and schedules")
struct ReaderTests {
    @Test func readsALocalityAndAScheduleWithRecurrence() async throws {
        let content = try TempContent([
            "localities/aberdeen.md": aberdeen,
            "schedule/regular.yml": """
            title: Regular
            events:
              - id: communion
                date: 2026-12-06
                category: Communion
                locality: aberdeen
                sessions:
                  - { name: Service, start: "11:00", end: "13:00" }
                repeat: { frequency: monthly, on: first Sunday, count: 3, except: [2027-01-03] }
            """,
        ])
        defer { content.remove() }
        let (schedule, diagnostics) = await content.load()
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        let locality = try #require(schedule.locality("aberdeen"))
        #expect(locality.coordinate?.latitude == 45.46115)
        #expect(locality.timeZone?.identifier == "America/Chicago")
        #expect(locality.services.first?.time?.description == "11:00")
        let event = try #require(schedule.events.first)
        #expect(event.uid == "regular/communion")
        #expect(event.dates(through: date("2028-01-01")).map(\.description) == ["2026-12-06", "2027-02-07"])
    }

    /// Every mistake of the issue in one run: each reported with file and line, none hiding another.
    @Test func reportsEveryProblemWithItsLine() async throws {
        let content = try TempContent([
            "localities/aberdeen.md": aberdeen,
            "localities/nowhere.md": nowhere,
            "localities/faraway.md": "---\nname: Far away\nlatitude: 91.5\nlongitude: -200\n---\n",
            "schedule/bad.yml": """
            events:
              - id: unknown-place
                date: 2027-01-10
                locality: aberdeeen
              - id: impossible-date
                date: 2027-02-30
                locality: aberdeen
              - id: no-zone
                date: 2027-01-11
                locality: nowhere
                sessions:
                  - { name: Evening, start: "19:00", end: "21:00" }
              - id: both-ends
                date: 2027-01-12
                locality: aberdeen
                repeat: { frequency: weekly, count: 3, until: 2027-03-01 }
              - id: outside-day
                date: 2027-01-13
                locality: aberdeen
                sessions:
                  - { name: Late, start: "23:00", end: "01:00" }
              - id: past-midnight
                date: 2027-01-14
                locality: aberdeen
                sessions:
                  - { name: Later, start: "25:00", end: "26:00" }
            """,
        ])
        defer { content.remove() }
        let (_, diagnostics) = await content.load()
        let errors = diagnostics.errors.map(\.description)
        func has(_ path: String, _ line: Int, _ text: String) -> Bool {
            errors.contains { $0.hasPrefix("Content/\(path):\(line):") && $0.contains(text) }
        }
        #expect(has("schedule/bad.yml", 4, "unknown locality 'aberdeeen'"), "\(errors)")
        #expect(has("schedule/bad.yml", 4, "did you mean 'aberdeen'"), "\(errors)")
        #expect(has("schedule/bad.yml", 6, "2027-02-30"), "\(errors)")
        #expect(has("schedule/bad.yml", 12, "need a time zone"), "\(errors)")
        #expect(has("schedule/bad.yml", 16, "not both"), "\(errors)")
        #expect(has("schedule/bad.yml", 21, "within its day"), "\(errors)")
        #expect(has("schedule/bad.yml", 26, "'start' must be a time of day"), "\(errors)")
        #expect(has("localities/faraway.md", 3, "'latitude' must be from -90.0 to 90.0, not 91.5"), "\(errors)")
        #expect(has("localities/faraway.md", 4, "'longitude' must be from -180.0 to 180.0, not -200"), "\(errors)")
        #expect(errors.allSatisfy { $0.contains(": error: ") })
        #expect(errors.count == 9, "\(errors)")
    }

    /// One mistake, one message: a bad date does not also make its event's other keys "unknown",
    /// and a misspelt locality does not also leave a timed event "without a locality".
    @Test func oneErrorPerMistake() async throws {
        let content = try TempContent([
            "localities/tricities.md": aberdeen,
            "schedule/s.yml": """
            events:
              - id: bad-date
                date: 2027-02-30
                locality: tricities
                team: "Missionary team 1"
                title: "Meetings"
                comment: "Bring food"
                repeat: { frequency: weekly, count: 3 }
              - id: misspelt
                date: 2027-03-06
                locality: tri-cities
                team: "Missionary team 1"
                sessions:
                  - { name: Evening, start: "19:00", end: "21:00" }
            """,
        ])
        defer { content.remove() }
        let (_, diagnostics) = await content.load()
        let errors = diagnostics.errors.map(\.description)
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("Content/schedule/s.yml:3:") && $0.contains("2027-02-30") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("Content/schedule/s.yml:11:") && $0.contains("unknown locality 'tri-cities'") },
                "\(errors)")
    }

    @Test func misspeltKeysAndDuplicateIdsAreErrors() async throws {
        let content = try TempContent([
            "localities/aberdeen.md": aberdeen,
            "schedule/s.yml": """
            events:
              - id: a
                date: 2027-01-10
                locaity: aberdeen
              - id: a
                date: 2027-01-11
              - id: b
                date: 2027-01-05
                repeat: { frequency: monthly, on: first Sunday }
            """,
        ])
        defer { content.remove() }
        let (_, diagnostics) = await content.load()
        let errors = diagnostics.errors.map(\.description)
        #expect(errors.contains { $0.hasPrefix("Content/schedule/s.yml:4:") && $0.contains("unknown key 'locaity'") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("Content/schedule/s.yml:5:") && $0.contains("duplicate event id 'a'") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("Content/schedule/s.yml:9:") && $0.contains("not the first Sunday") }, "\(errors)")
    }

    @Test func unknownTimeZoneAndHalfACoordinate() async throws {
        let content = try TempContent([
            "localities/x.md": "---\nname: X\nlatitude: 45\ntime_zone: Central\n---\n",
        ])
        defer { content.remove() }
        let (_, diagnostics) = await content.load()
        let errors = diagnostics.errors.map(\.description)
        #expect(errors.contains { $0.hasPrefix("Content/localities/x.md:4:") && $0.contains("unknown time zone 'Central'") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("Content/localities/x.md:3:") && $0.contains("both latitude and longitude") }, "\(errors)")
    }
}
