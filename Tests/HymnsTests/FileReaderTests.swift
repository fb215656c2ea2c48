import Foundation
import Testing
@testable import SitegenHymns

@Suite("Hymn files: front matter and per-file errors")
struct FileReaderTests {
    @Test func readsAllFrontMatterFields() throws {
        let diagnostics = Diagnostics()
        let hymn = try #require(HymnFileReader.read(hymnFile(hymnText(23, extra: """
        author: Sanford F. Bennett
        tune: Sweet By and By
        meter: 9.9.9.9 with refrain
        language: en

        """)), diagnostics: diagnostics))
        #expect(messages(diagnostics).isEmpty)
        #expect(hymn.number == 23 && !hymn.removed)
        #expect(hymn.author == "Sanford F. Bennett" && hymn.tune == "Sweet By and By" && hymn.meter == "9.9.9.9 with refrain")
        #expect(hymn.language == "en")
        #expect(hymn.stanzas.count == 1)
    }

    @Test("issue 25, 16: a hymn file past 64 KiB is an error at its first line, before it is parsed")
    func aHugeHymnIsRefused() {
        let stanza = String(repeating: "Amazing grace, how sweet the sound\n", count: 4) + "\n"
        let text = "---\nnumber: 23\n---\n" + String(repeating: stanza, count: 500)
        let diagnostics = Diagnostics()
        #expect(HymnFileReader.read(hymnFile(text), diagnostics: diagnostics) == nil)
        #expect(messages(diagnostics) == ["Content/hymns/023.md:1:1: error: a hymn file has \(text.utf8.count) bytes, more than the limit of 65536; split it or shorten it"])
        #expect(HymnFileReader.read(hymnFile("---\nnumber: 23\n---\n" + String(repeating: stanza, count: 100)), diagnostics: Diagnostics()) != nil)
    }

    @Test func removedHymnHasNoText() throws {
        let diagnostics = Diagnostics()
        let hymn = try #require(HymnFileReader.read(hymnFile("---\nnumber: 168\nremoved: true\n---\n", name: "168.md"), diagnostics: diagnostics))
        #expect(messages(diagnostics).isEmpty)
        #expect(hymn.removed && hymn.stanzas.isEmpty && hymn.title == "Removed from the hymnal")
    }

    @Test func removedHymnWithTextIsAnErrorAtTheText() {
        let diagnostics = Diagnostics()
        _ = HymnFileReader.read(hymnFile("---\nnumber: 168\nremoved: true\n---\n\nStill here, a stanza.\n", name: "168.md"), diagnostics: diagnostics)
        #expect(messages(diagnostics) == [
            "Content/hymns/168.md:6:1: error: hymn is marked 'removed: true' but still has text; delete the text or the 'removed' line",
        ])
    }

    @Test func malformedFrontMatterPointsAtTheLine() {
        let diagnostics = Diagnostics()
        _ = HymnFileReader.read(hymnFile("---\nnumber: 23\ntitle: [unclosed\n---\nText.\n"), diagnostics: diagnostics)
        #expect(messages(diagnostics) == [
            "Content/hymns/023.md:3:17: error: malformed YAML: while parsing a flow sequence did not find expected ',' or ']'",
        ])
    }

    @Test func missingNumberUnknownKeyWrongTypesAndFileNameAreAllReported() {
        let diagnostics = Diagnostics()
        _ = HymnFileReader.read(hymnFile("---\ntitel: Oops\nremoved: perhaps\n---\nText.\n"), diagnostics: diagnostics)
        _ = HymnFileReader.read(hymnFile("---\nnumber: 24\n---\nText.\n", name: "025.md"), diagnostics: diagnostics)
        _ = HymnFileReader.read(hymnFile("---\nnumber: 26\n---\n", name: "026.md"), diagnostics: diagnostics)
        _ = HymnFileReader.read(hymnFile("Text without front matter.\n", name: "027.md"), diagnostics: diagnostics)
        #expect(messages(diagnostics) == [
            "Content/hymns/023.md:2:1: error: missing required key 'number'",
            "Content/hymns/023.md:2:1: error: unknown key 'titel' (known keys: author, language, meter, number, removed, title, tune)",
            "Content/hymns/023.md:3:10: error: 'removed' must be true or false",
            "Content/hymns/025.md:2:9: error: file 025.md holds 'number: 24'; rename the file or fix the number",
            "Content/hymns/026.md:3:1: error: hymn has no stanzas; write its stanzas below the front matter, or mark it 'removed: true'",
            "Content/hymns/027.md:1:1: error: a hymn file starts with front matter: a '---' line, 'number: N', a '---' line",
        ])
    }
}

@Suite("Hymnal-wide checks")
struct HymnalValidationTests {
    @Test func duplicateGapAndOutOfRangeAreAllReportedTogether() async throws {
        let content = try scratchContent([
            "hymnal.yml": "title: Test\ncount: 5\n",
            "001.md": hymnText(1),
            "002.md": hymnText(2),
            "002-copy.md": hymnText(2),
            "006.md": hymnText(6),
            "0.md": hymnText(0),
        ])
        defer { try? FileManager.default.removeItem(at: content.url) }
        let diagnostics = Diagnostics()
        let hymnal = await HymnalReader.read(content: content, jobs: 2, diagnostics: diagnostics)
        #expect(hymnal == nil)
        #expect(messages(diagnostics) == [
            "Content/hymns/0.md:2:9: error: hymn number 0 is outside 1…5 (count in hymnal.yml)",
            "Content/hymns/002.md:2:9: error: duplicate hymn number 2: Content/hymns/002-copy.md has it too; a number is never reused",
            "Content/hymns/006.md:2:9: error: hymn number 6 is outside 1…5 (count in hymnal.yml)",
            "Content/hymns/hymnal.yml:2:8: error: gap in the numbering: hymns 3…5 are missing (a removed hymn keeps its file with 'removed: true')",
        ])
    }

    @Test func aCompleteHymnalLoadsInOrder() async throws {
        let content = try scratchContent([
            "hymnal.yml": "title: Test\nlanguage: English\nyear: 2017\ncount: 3\n",
            "README.md": "Notes for volunteers, not a hymn.",
            "003.md": hymnText(3),
            "001.md": hymnText(1),
            "002.md": "---\nnumber: 2\nremoved: true\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: content.url) }
        let diagnostics = Diagnostics()
        let hymnal = try #require(await HymnalReader.read(content: content, jobs: 2, diagnostics: diagnostics))
        #expect(messages(diagnostics).isEmpty)
        #expect(hymnal.hymns.map(\.number) == [1, 2, 3])
        #expect(hymnal.hymns.map(\.removed) == [false, true, false])
        #expect(hymnal.year == 2017 && hymnal.count == 3 && hymnal.title == "Test")
    }

    @Test func missingSettingsFileIsAnError() async throws {
        let content = try scratchContent(["001.md": hymnText(1)])
        defer { try? FileManager.default.removeItem(at: content.url) }
        let diagnostics = Diagnostics()
        #expect(await HymnalReader.read(content: content, jobs: 1, diagnostics: diagnostics) == nil)
        #expect(messages(diagnostics) == [
            "Content/hymns/hymnal.yml:1:1: error: missing hymnal.yml: it says how many hymns the hymnal has ('count: 365')",
        ])
    }
}
