import Foundation
import Testing
@testable import SitegenSchedule
@testable import SitegenCore
import SitegenSnapshots

/// Issue 41, item 4: `sitegen new meeting` adds to any layout the build reads, and what it
/// writes is read back by the build's own check (`ScheduleReader.check`) as one more event.
@Suite("Adding a meeting to a schedule file")
struct ScheduleAppendTests {
    static let event = """
      - id: "2027-02-02-aberdeen"
        date: 2027-02-02
        locality: "aberdeen"
        sessions:
          - { name: "Evening", start: "19:00", end: "21:00" }

    """

    static let layouts = [
        // 4-space indent (was: the new item at 2 spaces, a broken list)
        "title: \"M\"\nevents:\n    - id: \"a\"\n      date: 2027-02-01\n      locality: \"aberdeen\"\n      sessions:\n        - { name: \"E\", start: \"19:00\", end: \"21:00\" }\n",
        // a key after events: (was: the new item under `title:`)
        "events:\n  - id: \"a\"\n    date: 2027-02-01\n    locality: \"aberdeen\"\n    sessions:\n      - { name: \"E\", start: \"19:00\", end: \"21:00\" }\n\n# the name\ntitle: \"M\"\n",
        // items at column 0, no newline at the end
        "title: \"M\"\nevents:\n- id: \"a\"\n  date: 2027-02-01\n  locality: \"aberdeen\"\n  sessions:\n    - { name: \"E\", start: \"19:00\", end: \"21:00\" }",
        // an empty list
        "title: \"M\"\nevents:\n",
    ]

    @Test("the new event is read as one more, whatever the file's layout", arguments: layouts)
    func adds(_ layout: String) async throws {
        let content = try TempContent(["localities/aberdeen.md": aberdeen, "schedule/m.yml": layout])
        defer { content.remove() }
        let localities = await LocalityReader.read(content: content.tree, diagnostics: Diagnostics())
        // (An empty `events:` is an error of its own until the first event is added.)
        let old = ScheduleReader.check(content.tree, "schedule/m.yml", localities: localities, diagnostics: Diagnostics())
        let text = try #require(ScheduleAppend.adding(Self.event, to: layout))
        let planned = content.tree.overlaying(["schedule/m.yml": Data(text.utf8)])
        let after = Diagnostics()
        let events = ScheduleReader.check(planned, "schedule/m.yml", localities: localities, diagnostics: after)
        #expect(after.all.map(\.description) == [])
        #expect(events.map(\.id) == old.map(\.id) + ["2027-02-02-aberdeen"])
    }

    @Test("no events: line, or a flow list, is refused rather than guessed at")
    func refuses() {
        #expect(ScheduleAppend.adding(Self.event, to: "title: x\n") == nil)
        #expect(ScheduleAppend.adding(Self.event, to: "title: x\nevents: []\n") == nil)
    }

    @Test("a second meeting on one day at one locality gets its own id")
    func freeID() {
        #expect(ScheduleAppend.freeID("d-a", taken: []) == "d-a")
        #expect(ScheduleAppend.freeID("d-a", taken: ["d-a", "d-a-2"]) == "d-a-3")
    }

    @Test("41.12: a number out of range in an import file is named as such, not as invalid JSON")
    func jsonOutOfRange() {
        struct File: Decodable { let items: [Item] }
        struct Item: Decodable { let bytes: Int }
        let big = Data(#"{"items": [{"bytes": 1}, {"bytes": 1e30}]}"#.utf8)
        do {
            _ = try JSONDecoder().decode(File.self, from: big)
            Issue.record("1e30 decoded as an Int")
        } catch {
            let message = JSONProblem.describe(error, data: big)
            #expect(message.hasPrefix("items[1].bytes: the number 1e+30 is out of range"), "\(message)")
        }
        let broken = Data(#"{"items": [}"#.utf8)
        do {
            _ = try JSONDecoder().decode(File.self, from: broken)
        } catch {
            #expect(JSONProblem.describe(error, data: broken).hasPrefix("not valid JSON"))
        }
    }
}
