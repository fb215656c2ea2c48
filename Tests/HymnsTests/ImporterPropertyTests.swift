import Foundation
import Testing
@testable import SitegenHymns

/// Issue 25, item 20: whatever the app's hymns.json holds, `import hymnal-json` either refuses it
/// with a message or writes files the build reads without a single error, back to the same text.
@Suite("Importer: hymnal-json output always reads back")
struct ImporterPropertyTests {
    /// A small deterministic generator (the same inputs on every run).
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
    }

    /// Text made of the source format's own syntax, whitespace the reader trims, line breaks of
    /// every kind, and words.
    static let pieces = ["Amazing", "grace", "how", "sweet", "the", "sound", "that", "saved", "a", "wretch", "like", "me", " ", ", ", "\t", "\u{A0}", "\u{3000}", ":::", "::: chorus", "<!--", "-->", "*", "**",
                         "\\", "<b>sweet</b>", "<b>sound :,:</b>", "\u{85}", "\u{2028}", "&", "é", "—", "#", "---", "- ", "> "]
    /// What the importer refuses (a line break, markup the app does not have), now and then.
    static let refused = ["\n", "\r", "<!--", "<i>"]

    static func text(_ random: inout Seeded) -> String {
        (0..<Int.random(in: 1...6, using: &random)).map { _ in
            (Int.random(in: 0..<60, using: &random) == 0 ? refused : pieces).randomElement(using: &random)!
        }.joined()
    }

    static func hymnal(_ random: inout Seeded) -> AppHymnal {
        let hymns = (0..<Int.random(in: 1...4, using: &random)).map { _ -> AppHymn in
            AppHymn(verses: (0..<Int.random(in: 0...3, using: &random)).map { _ in text(&random) },
                    chorus: Bool.random(using: &random) ? text(&random) : nil,
                    refrain: Int.random(in: 0..<4, using: &random) == 0 ? text(&random) : nil)
        }
        let years = Int.random(in: 0..<10, using: &random) == 0 ? [0, 999, 10_000, 99_999_999_999] : [nil, 2017, 1000, 9999]
        let year = years.randomElement(using: &random)!
        return AppHymnal(language: "English", year: year, hymns: hymns)
    }

    @Test("20: 200 fuzzed hymnals: refused with a message, or read back without an error to the same text")
    func importThenRead() async throws {
        var random = Seeded(state: 25)
        var accepted = 0
        for round in 0..<200 {
            let app = Self.hymnal(&random)
            let diagnostics = Diagnostics()
            guard let files = HymnalImporter.files(from: try JSONEncoder().encode(app), path: "in.json", diagnostics: diagnostics) else {
                #expect(!diagnostics.all.isEmpty, "round \(round): refused without a message")
                continue
            }
            #expect(diagnostics.all.isEmpty, "round \(round)")
            accepted += 1
            let content = try scratchContent(Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.text) }))
            defer { try? FileManager.default.removeItem(at: content.url) }
            let read = Diagnostics()
            let hymnal = await HymnalReader.read(content: content, jobs: 1, diagnostics: read)
            #expect(messages(read) == [], "round \(round): \(app)")
            #expect(hymnal.map { $0.hymns.map(AppExport.hymn) } == app.hymns.map(Self.withoutTrailingWhitespace), "round \(round)")
            #expect(hymnal?.year == app.year, "round \(round)")
        }
        // About a quarter are accepted: the rest hold a refused piece, a bad year, an empty
        // stanza or a chorus without stanzas somewhere in their 1 to 4 hymns.
        #expect(accepted >= 40, "only \(accepted) of 200 accepted: the importer refuses too much")
    }

    /// What the files keep of a hymn: a line's trailing whitespace is not read (documented).
    static func withoutTrailingWhitespace(_ hymn: AppHymn) -> AppHymn {
        func trimmed(_ text: String) -> String {
            var scalars = Substring(text).unicodeScalars
            while let last = scalars.last, HymnBodyParser.isWhitespace(last) { scalars.removeLast() }
            return String(scalars)
        }
        return AppHymn(verses: hymn.verses.map(trimmed), chorus: hymn.chorus.map(trimmed), refrain: hymn.refrain.map(trimmed))
    }

    @Test("20: a year and a hymn count the build refuses are refused by the importer, at their place")
    func rangesOfTheHymnal() {
        let diagnostics = Diagnostics()
        let app = AppHymnal(language: "English", year: 99_999_999_999, hymns: Array(repeating: AppHymn(verses: ["x"]), count: 20_000))
        #expect(HymnalImporter.hymnal(from: app, path: "in.json", diagnostics: diagnostics) == nil)
        #expect(messages(diagnostics) == [
            "in.json:1:1: error: hymns: 20000 hymns, more than the 9999 a hymnal may have",
            "in.json:1:1: error: year: 99999999999 is not a year a hymnal can have (1000 to 9999)",
        ])
    }

    @Test("20: a closing ':::' after a line break or behind whitespace the reader trims stays text")
    func fencesInText() throws {
        let app = AppHymnal(language: "English", year: nil, hymns: [AppHymn(verses: ["\t:::", "\u{A0}::: chorus", "a"], chorus: "x")])
        let diagnostics = Diagnostics()
        let hymnal = try #require(HymnalImporter.hymnal(from: app, path: "x.json", diagnostics: diagnostics))
        let reread = try #require(HymnFileReader.read(hymnFile(HymnFileWriter.text(hymnal.hymns[0]), name: "001.md"), diagnostics: diagnostics))
        #expect(messages(diagnostics) == [])
        #expect(AppExport.hymn(reread) == app.hymns[0])
    }
}
