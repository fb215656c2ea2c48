import Foundation
import Testing
@testable import SitegenCore
@testable import SitegenSchedule

/// Issue 25, item 20: whatever text a spreadsheet's cells hold, `import schedule-csv` either
/// refuses the row with a message or writes YAML the build reads without an error, back to the
/// very same text (a raw U+0085 once read back as a line break: "sep\u{85}nel" → "sep nel").
@Suite("Importer: schedule-csv output always reads back")
struct ScheduleImporterPropertyTests {
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
    }

    /// YAML's and CSV's own syntax, and every character YAML would not keep as written.
    static let pieces = ["Revival", "meetings", "sep", "nel", " ", "\u{85}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{9F}", "\u{7F}",
                         "\"", "\"\"", ",", "'", ": ", "#", "- ", "[", "]", "{", "}", "&", "*", "!", "|", ">", "%", "@", "`",
                         "\\", "\\n", "\n", "\t", "é", "—", "true", "null", "~", "0x1F"]

    static func cell(_ random: inout Seeded) -> String {
        (0..<Int.random(in: 1...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func quoted(_ cell: String) -> String { "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    @Test("20: 150 fuzzed rows: title, team, category and comment read back exactly")
    func importThenRead() async throws {
        let localities = try TempContent(["localities/aberdeen.md": aberdeen])
        defer { localities.remove() }
        let known = await localities.load().0.localities
        var random = Seeded(state: 25)
        var rows: [[String]] = []
        for day in 1...150 {
            rows.append([date("2027-01-01").adding(days: day).description, "aberdeen"] + (0..<4).map { _ in Self.cell(&random) })
        }
        let csv = "date,locality,title,team,category,comment\n" + rows.map { $0.map(Self.quoted).joined(separator: ",") }.joined(separator: "\n") + "\n"
        let diagnostics = Diagnostics()
        let events = CSVScheduleImporter(sessions: try SessionDefaults(), localities: known)
            .run(SourceFile(path: "sheet.csv", url: URL(fileURLWithPath: "/x/sheet.csv"), text: csv), diagnostics: diagnostics)
        #expect(diagnostics.errors.isEmpty, "\(diagnostics.errors.prefix(3))")
        #expect(events.count == 150)
        let yaml = ScheduleYAMLWriter.text(title: "Spring", note: nil, events: events)
        let content = try TempContent(["localities/aberdeen.md": aberdeen, "schedule/spring.yml": yaml])
        defer { content.remove() }
        let (schedule, read) = await content.load()
        #expect(read.all.map(\.description) == [])
        let byID = Dictionary(uniqueKeysWithValues: schedule.events.map { ($0.id, $0) })
        for imported in events {
            let event = try #require(byID[imported.id])
            #expect(event.title == imported.title, "\(imported.id)")
            #expect(event.team == imported.team, "\(imported.id)")
            #expect(event.comment == imported.comment, "\(imported.id)")
            #expect(imported.category == nil || event.category == imported.category, "\(imported.id)")
        }
        #expect(events.contains { $0.title?.unicodeScalars.contains("\u{85}") == true }, "the test holds U+0085")
    }

    @Test("20: YAMLText.quoted reads back as itself for every character YAML treats specially")
    func quotedReadsBack() throws {
        for scalar in [0x0, 0x9, 0xA, 0xD, 0x1F, 0x7F, 0x80, 0x85, 0x9F, 0xA0, 0x2028, 0x2029, 0xFEFF, 0xFFFD, 0x1F600] {
            let text = "a" + String(Unicode.Scalar(UInt32(scalar))!) + "b"
            let file = SourceFile(path: "x.yml", url: URL(fileURLWithPath: "/x.yml"), text: "v: \(YAMLText.quoted(text))\n")
            let fields = try #require(YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: Diagnostics()))
            #expect(fields.string("v") == text, "U+\(String(scalar, radix: 16))")
        }
    }
}
