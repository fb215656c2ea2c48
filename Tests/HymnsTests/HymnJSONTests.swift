import Foundation
import SitegenSnapshots
import Testing
@testable import SitegenHymns

/// The hand-written hymn records (`HymnJSON`) are byte for byte what Foundation's encoder gives
/// for the same model values: the apps decode them with the encoder's counterpart, and a session
/// splices the records of hymns that did not change into the files.
@Suite struct HymnJSONTests {
    /// The bundled hymnal's files as a build writes them (every hymn's record spliced into its
    /// range's file) against the encoder's whole files.
    @Test func everyBundledHymnFileEqualsTheEncoder() async throws {
        let diagnostics = Diagnostics()
        let content = SourceTree(url: packageRoot.appendingPathComponent("Content"), displayPath: "Content")
        let hymnal = try #require(await HymnalReader.read(content: content, jobs: 2, diagnostics: diagnostics))
        let templates = SourceTree(url: packageRoot.appendingPathComponent("Templates"), displayPath: "Templates")
        let config = try #require(SiteConfig.read(from: content, diagnostics: diagnostics))
        let context = RenderContext(config: config, baseURL: "/church/", asOf: CalendarDate("2026-11-24")!,
                                    templates: TemplateLibrary.load(from: templates, diagnostics: diagnostics), diagnostics: diagnostics, jobs: 2, generator: "test")
        #expect(hymnal.hymns.count == 365)
        let spliced = try HymnsSnapshot.remembered(hymnal, context: context)
        let encoded = try HymnsSnapshot.snapshots(hymnal, context: context)
        #expect(spliced.map(\.path) == encoded.map(\.path) && spliced.count == 8)
        for (made, reference) in zip(spliced, encoded) { #expect(made.data == reference.data, "\(made.path)") }
    }

    /// Values the bundled hymnal does not have: every optional member present or absent, empty
    /// lists, extreme numbers, text that needs escapes.
    @Test func anyModelValueEqualsTheEncoder() throws {
        let text = "a\"b\\c\n\r\t\u{0}\u{1}\u{8}\u{C}\u{1F}\u{7F}/é\u{2028}\u{1F600}<&>"
        let segments = [HymnsFile.Segment(text: text, marked: true, repeatSign: ":,:"),
                        HymnsFile.Segment(text: "", marked: false, repeatSign: nil)]
        let passage = HymnsFile.Passage(lines: [segments, [], segments], text: text)
        let full = HymnsFile.Hymn(number: Int.max, url: text, title: text, firstLine: text, removed: true,
                                  stanzas: [.init(number: Int.min, lines: [segments], text: text), .init(number: 0, lines: [], text: "")],
                                  chorus: passage, refrain: HymnsFile.Passage(lines: [], text: ""), author: text, tune: "", meter: text,
                                  language: text)
        let bare = HymnsFile.Hymn(number: -7, url: "", title: "", firstLine: "", removed: false, stanzas: [],
                                  chorus: nil, refrain: nil, author: nil, tune: nil, meter: nil, language: nil)
        let some = HymnsFile.Hymn(number: 12, url: "/hymns/12/", title: "T", firstLine: "F", removed: false,
                                  stanzas: [.init(number: 1, lines: [segments], text: "x")],
                                  chorus: nil, refrain: passage, author: nil, tune: "Tune", meter: nil, language: "de")
        for hymn in [full, bare, some] {
            #expect(HymnJSON.record(hymn) == Array(try SnapshotJSON.encode(hymn)), "hymn \(hymn.number)")
        }
    }
}
