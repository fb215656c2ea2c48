import Foundation
import SitegenCore
import SitegenSearch
import Testing

/// A session's index (`sitegen serve`) is brought up to date from the documents that changed
/// (`SearchIndexMemo`); after every kind of edit its files are a full build's, byte for byte,
/// and an edit of one document reads that document alone and remakes a few shards.
@Suite struct SearchIndexMemoTests {
    /// Made-up words, many enough that each scope's terms fill several shards.
    static func text(_ seed: Int, words: Int = 12) -> String {
        let syllables = ["ka", "lo", "mi", "re", "su", "ta", "ve", "no", "bä", "ri", "el", "on"]
        var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return (0..<words).map { _ in
            (0..<3).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return syllables[Int(state >> 59) % syllables.count]
            }.joined()
        }.joined(separator: " ")
    }

    static func hymn(_ number: Int, text: String? = nil, language: String? = nil) -> SearchDocument {
        SearchDocument(kind: "Hymns", url: "hymns/\(number)/", title: "\(number)", text: text ?? Self.text(number),
                       group: "hymns/\(number)", number: number, groupSlot: number, language: language)
    }

    static func verse(_ scope: String, _ chapter: Int, _ verse: Int, text: String? = nil) -> SearchDocument {
        SearchDocument(kind: "Bible", url: "\(scope)/\(chapter)/#v\(verse)", title: "\(chapter):\(verse)",
                       text: text ?? Self.text(chapter * 100 + verse + (scope == "rv" ? 7 : 0)), group: "\(scope)/\(chapter)",
                       facet: "Book", section: "Old", scope: scope, slot: verse - 1, groupSlot: chapter)
    }

    /// Hymns (some Swedish: plain forms too), and two translations' chapters in scopes of their own.
    static func site(hymns: [SearchDocument] = (1...30).map { hymn($0, language: $0 % 3 == 0 ? "sv" : nil) },
                     edit: (inout [SearchDocument]) -> Void = { _ in }) -> [SearchContribution] {
        var verses = (1...6).flatMap { c in (1...20).map { verse("kjv", c, $0) } }
        edit(&verses)
        let scopes = [SearchScope(id: "kjv", label: "KJV", language: "en", books: []),
                      SearchScope(id: "rv", label: "RV", language: "es", books: [])]
        return [SearchContribution(documents: hymns, numbered: [SearchNumbered(label: "Hymn", words: ["hymn"], path: "hymns/", numbers: 1...40)]),
                SearchContribution(documents: verses + (1...6).flatMap { c in (1...20).map { verse("rv", c, $0) } }, scopes: scopes)]
    }

    /// The memo's index of `site`, which must be a full build's.
    func expectFullBuildsBytes(_ memo: SearchIndexMemo, _ site: [SearchContribution], _ step: String) throws {
        let kept = try SearchIndex.build(site, language: "en", memo: memo)
        let full = SearchIndex.build(site, language: "en")
        let (paths, fullPaths) = (kept.files.map(\.path), full.files.map(\.path))
        #expect(paths == fullPaths, "\(step): made \(Set(paths).subtracting(fullPaths).sorted()), not \(Set(fullPaths).subtracting(paths).sorted())")
        let different = zip(kept.files, full.files).filter { $0 != $1 }.map(\.0.path)
        #expect(different.isEmpty, "\(step): other bytes or owners in \(different)")
    }

    @Test func everyEditGivesTheFullBuildsFilesAndReadsOnlyWhatChanged() throws {
        let memo = SearchIndexMemo()
        try expectFullBuildsBytes(memo, Self.site(), "the first build (made whole)")
        try expectFullBuildsBytes(memo, Self.site(), "the second (the memo filled)")
        let all = memo.lastCounts
        #expect(all.documentsRead == 270 && all.shardsMade == all.shards && all.shards > 6, "\(all)")

        var hymns = (1...30).map { Self.hymn($0, language: $0 % 3 == 0 ? "sv" : nil) }
        hymns[11] = Self.hymn(12, text: "A new first line, sung first, " + Self.text(12))
        try expectFullBuildsBytes(memo, Self.site(hymns: hymns), "a hymn's text")
        let edit = memo.lastCounts
        #expect(edit.documentsRead == 1 && edit.groupsMade == 1 && edit.shardsMade < edit.shards / 2, "\(edit)")

        try expectFullBuildsBytes(memo, Self.site(hymns: hymns) { $0[5] = Self.verse("kjv", 1, 6, text: "God made the heaven") },
                                  "a verse")
        #expect(memo.lastCounts.documentsRead == 1, "\(memo.lastCounts)")
        try expectFullBuildsBytes(memo, Self.site(hymns: hymns) { $0.remove(at: 25) }, "a verse removed")
        try expectFullBuildsBytes(memo, Self.site(hymns: hymns.filter { $0.number != 7 }), "a hymn removed")
        try expectFullBuildsBytes(memo, Self.site(hymns: hymns + [Self.hymn(31, text: "kärlek och nåd", language: "sv")]),
                                  "a hymn added")
        // Hymn 40 doubles the hymns' space: both translations' ids, so every one of their postings, move.
        try expectFullBuildsBytes(memo, Self.site(hymns: hymns + [Self.hymn(40)]), "the translations' ids moved")
        try expectFullBuildsBytes(memo, Self.site(), "back to the first")
        // Another language for a scope starts afresh: its words are other terms.
        var site = Self.site()
        site[1].scopes[1] = SearchScope(id: "rv", label: "RV", language: "en", books: [])
        try expectFullBuildsBytes(memo, site, "a scope's language")
        #expect(memo.lastCounts.documentsRead == 270)
    }
}
