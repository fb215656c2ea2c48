import Foundation
import Testing
@testable import SitegenCore
@testable import SitegenFeatures

/// `sitegen serve` brings the offline list up to date after an edit from what changed
/// (`OfflineListState`): the parts listing a changed file are made again, the others kept. The
/// list so patched must be the bytes a fresh list of the same files has.
@Suite("Offline list memo")
struct OfflineListMemoTests {
    static let context: RenderContext = {
        let config = SiteConfig(title: "Test site", description: "", baseURL: "https://example.org/", language: "en",
                                timeZone: TimeZone(identifier: "UTC")!, allowRawHTML: false, menu: [], footer: "")
        let templates = TemplateLibrary(templates: [:], tree: SourceTree(url: URL(fileURLWithPath: "/nonexistent"), displayPath: "T"),
                                        diagnostics: Diagnostics())
        return RenderContext(config: config, baseURL: "https://example.org/", asOf: CalendarDate("2026-11-22")!,
                             templates: templates, diagnostics: Diagnostics(), jobs: 1, generator: "test")
    }()

    static let chapters = (1...150).map { "bible/john/\($0)/" }

    /// 200 hymns (several core parts), 150 chapters kept apart with their search documents, the
    /// worker's code, and content-named search shards bucketed by their first term.
    static func input(hymns: [Int: String] = [:], chapter3: String = "chapter 3", shardA: String = "a",
                      extraHymn: Bool = false) -> OfflineFeature.Input {
        let hymnPages = (1...(extraHymn ? 201 : 200)).map { OutputFile(path: "hymns/\($0)/", text: hymns[$0] ?? "hymn \($0)") }
        let chapterPages = chapters.map { OutputFile(path: $0, text: $0 == "bible/john/3/" ? chapter3 : "chapter") }
        let shard = { (term: String, text: String) in
            OfflineListed.File(OutputFile(path: "search/t/\(term).\(SnapshotJSON.sha256(Data(text.utf8)).prefix(8)).json", text: text),
                               key: "t-" + term)
        }
        let listed = [shard("a", shardA), shard("b", "b")] + (0..<40).map { shard("w\($0)", "w\($0)") }
            + (0..<20).map { OfflineListed.File(OutputFile(path: "search/d/bible-\($0).json", text: "verses \($0)"), documentsOf: "bible") }
        return OfflineFeature.Input(
            pages: [OutputFile(path: "", text: "home")] + hymnPages + chapterPages,
            assets: [OutputFile(path: "assets/offline-worker.js", text: "// worker"), OutputFile(path: "assets/site.css", text: "body{}")],
            groups: [Contributed(contributor: "bible", value: OfflineContribution(groups: [
                OfflineGroup(name: "bible", unit: "chapters", pages: chapters, searchDocuments: true)]))],
            listed: [Contributed(contributor: "search", value: OfflineListed(listed))], hasOfflinePage: false)
    }

    static func files(_ input: OfflineFeature.Input, memo: OfflineListMemo) throws -> [String: Data] {
        let made = try OfflineFeature().make(input, context: context, cache: memo).files
        return Dictionary(uniqueKeysWithValues: made.map { ($0.path, $0.data) })
    }

    @Test func anEditRemakesThePartsListingTheChangedFilesAndEqualsAFreshList() throws {
        let memo = OfflineListMemo()
        let before = try Self.files(Self.input(), memo: memo)
        #expect(memo.lastPatchedParts == nil)
        let parts = before.keys.filter { $0.hasPrefix("sw-parts/") }
        #expect(parts.count > 8, "\(parts.sorted())")
        // A hymn, a chapter (the group's bytes) and a shard renamed by its new content.
        let edited = Self.input(hymns: [7: "hymn 7, corrected"], chapter3: "chapter 3, corrected at length", shardA: "a2")
        let patched = try Self.files(edited, memo: memo)
        let made = try #require(memo.lastPatchedParts)
        #expect(made >= 3 && made < parts.count / 2, "\(made) of \(parts.count) parts made again")
        let fresh = try Self.files(edited, memo: OfflineListMemo())
        #expect(patched.keys.sorted() == fresh.keys.sorted())
        for (path, data) in fresh { #expect(patched[path] == data, "\(path) differs from a fresh list's") }
        #expect(Set(patched.keys).subtracting(before.keys).count == made)

        // The same bytes again: nothing to make.
        #expect(try Self.files(edited, memo: memo) == patched)
        // A file added: the list is made whole, and is still a fresh list's.
        let added = Self.input(extraHymn: true)
        #expect(try Self.files(added, memo: memo) == Self.files(added, memo: OfflineListMemo()))
        #expect(memo.lastPatchedParts == nil)
    }
}
