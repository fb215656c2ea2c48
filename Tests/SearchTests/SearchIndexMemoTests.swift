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
        // Edited in place, as a session's kinds hand them over: a kind not read again gives the
        // very contribution it gave before (its documents not compared one by one).
        var site = Self.site()
        try expectFullBuildsBytes(memo, site, "the first build (made whole)")
        try expectFullBuildsBytes(memo, site, "the second (the memo filled)")
        let all = memo.lastCounts
        #expect(all.documentsRead == 270 && all.shardsMade == all.shards && all.shards > 6 && all.chunksLaidOut == 2, "\(all)")
        try expectFullBuildsBytes(memo, site, "no change")
        #expect(memo.lastCounts.documentsRead == 0 && memo.lastCounts.shardsMade == 0 && memo.lastCounts.groupsMade == 0)
        #expect(memo.lastCounts.chunksLaidOut == 0, "a contribution handed back as it was keeps its groups")

        site[0].documents[11] = Self.hymn(12, text: "A new first line, sung first, " + Self.text(12))
        try expectFullBuildsBytes(memo, site, "a hymn's text")
        let edit = memo.lastCounts
        #expect(edit.documentsRead == 1 && edit.groupsMade == 1 && edit.shardsMade < edit.shards / 2, "\(edit)")
        #expect(edit.chunksLaidOut == 1, "the hymns' groups worked out again, not the verses': \(edit)")

        site[1].documents[5] = Self.verse("kjv", 1, 6, text: "God made the heaven")
        try expectFullBuildsBytes(memo, site, "a verse")
        #expect(memo.lastCounts.documentsRead == 1 && memo.lastCounts.groupsMade == 1, "\(memo.lastCounts)")
        site[1].documents[6] = Self.verse("kjv", 1, 7, text: Self.text(107)).withTitle("1:7 (renamed)")
        try expectFullBuildsBytes(memo, site, "a verse's title (its group, not its words)")
        #expect(memo.lastCounts.documentsRead == 0 && memo.lastCounts.groupsMade == 1, "\(memo.lastCounts)")
        site[1].documents.remove(at: 25)
        try expectFullBuildsBytes(memo, site, "a verse removed")
        site[0].documents.remove(at: 6)
        try expectFullBuildsBytes(memo, site, "a hymn removed")
        site[0].documents.append(Self.hymn(31, text: "kärlek och nåd", language: "sv"))
        try expectFullBuildsBytes(memo, site, "a hymn added")
        // Hymn 40 doubles the hymns' space: both translations' ids, so every one of their postings, move.
        site[0].documents.append(Self.hymn(40))
        try expectFullBuildsBytes(memo, site, "the translations' ids moved")
        try expectFullBuildsBytes(memo, Self.site(), "back to the first")
        // Another language for a scope starts afresh: its words are other terms.
        site = Self.site()
        site[1].scopes[1] = SearchScope(id: "rv", label: "RV", language: "en", books: [])
        try expectFullBuildsBytes(memo, site, "a scope's language")
        #expect(memo.lastCounts.documentsRead == 270)
    }

    /// The Bible hands each book's verses over as a chunk of its own, the very same array while
    /// the book is unchanged: an edit compares the edited book's documents alone, and the memo's
    /// index stays a full build's through an edit, its undo and a chapter added.
    @Test func aVerseEditComparesItsBookAloneAndTheIndexStaysAFullBuilds() throws {
        let memo = SearchIndexMemo()
        let hymns = SearchContribution(documents: (1...30).map { Self.hymn($0) })
        let scopes = [SearchScope(id: "kjv", label: "KJV", language: "en", books: []),
                      SearchScope(id: "rv", label: "RV", language: "es", books: [])]
        // Two books of three chapters of 20 verses in each translation.
        var books = ["kjv", "rv"].flatMap { scope in
            [1...3, 4...6].map { chapters in chapters.flatMap { c in (1...20).map { Self.verse(scope, c, $0) } } }
        }
        func site() -> [SearchContribution] { [hymns, SearchContribution(chunks: books, scopes: scopes)] }
        try expectFullBuildsBytes(memo, site(), "the first build (made whole)")
        try expectFullBuildsBytes(memo, site(), "the second (the memo filled)")
        #expect(memo.lastCounts.chunksLaidOut == 5 && memo.lastCounts.documentsRead == 270, "\(memo.lastCounts)")
        try expectFullBuildsBytes(memo, site(), "no change")
        #expect(memo.lastCounts.chunksLaidOut == 0 && memo.lastCounts.documentsCompared == 0, "\(memo.lastCounts)")

        let original = books[1][5]
        books[1][5] = Self.verse("kjv", 4, 6, text: "God made the heaven")
        try expectFullBuildsBytes(memo, site(), "a verse of the second book")
        var counts = memo.lastCounts
        #expect(counts.chunksLaidOut == 1 && counts.documentsCompared == 60, "only the edited book's verses compared: \(counts)")
        #expect(counts.documentsRead == 1 && counts.groupsMade == 1, "\(counts)")

        books[1][5] = original
        try expectFullBuildsBytes(memo, site(), "the edit undone")
        counts = memo.lastCounts
        #expect(counts.chunksLaidOut == 1 && counts.documentsCompared == 60 && counts.documentsRead == 1 && counts.groupsMade == 1,
                "\(counts)")

        books[1] += (1...15).map { Self.verse("kjv", 7, $0) }
        try expectFullBuildsBytes(memo, site(), "a chapter added to the second book")
        counts = memo.lastCounts
        #expect(counts.chunksLaidOut == 1 && counts.documentsCompared == 60, "its three chapters compared, the new one made: \(counts)")
        #expect(counts.documentsRead == 15 && counts.groupsMade == 1, "\(counts)")

        books.insert((1...5).map { Self.verse("kjv", 9, $0) }, at: 2)
        try expectFullBuildsBytes(memo, site(), "a book added (the chunks after it moved)")
    }
}

extension SearchDocument {
    func withTitle(_ title: String) -> SearchDocument {
        SearchDocument(kind: kind, url: url, title: title, text: text, group: group, facet: facet, section: section, number: number,
                       priority: priority, scope: scope, slot: slot, groupSlot: groupSlot, language: language)
    }
}
