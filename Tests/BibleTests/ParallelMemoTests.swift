import Foundation
import Testing
@testable import SitegenBible

/// The side-by-side pages of a session (`ParallelPages.specs` with a memo) after an edit are the
/// pages made afresh, and only the edited book's are looked at again.
@Suite struct ParallelMemoTests {
    /// A book of `chapters` chapters of two verses; `edit` changes the text of chapter 2's verse 1.
    static func book(_ osis: String, chapters: Int, edit: String = "") -> Book {
        let canon = Canon.book(osis: osis)!
        return Book(canon: canon, name: canon.name, title: canon.name, abbreviation: osis, chapters: (1...chapters).map { c in
            Chapter(number: c, verses: [Verse(number: 1, spans: [Span("In chapter \(c)\(c == 2 ? edit : "")")]),
                                        Verse(number: 2, spans: [Span("and then <more>.")])])
        })
    }

    static func library(genesis: Int = 3, edit: String = "") -> BibleLibrary {
        let left = Translation(id: "aaa", name: "Left", abbreviation: "AAA", language: "en", licence: "PD", versification: "KJV",
                               books: [book("Gen", chapters: genesis), book("Exod", chapters: 2)])
        let right = Translation(id: "bbb", name: "Right", abbreviation: "BBB", language: "en", licence: "PD", versification: "KJV",
                                books: [book("Gen", chapters: genesis, edit: edit), book("Exod", chapters: 2)])
        return BibleLibrary(translations: [left, right], primary: left, plan: nil, dailyVerses: nil, strings: ["en": .builtIn])
    }

    func specs(_ library: BibleLibrary, memo: inout InputMemo<[PageSpec]>, context: RenderContext) -> [PageSpec] {
        memo.begin()
        defer { memo.end() }
        return ParallelPages.specs(library.editions, context: context, memo: &memo)
    }

    @Test func anEditedBookMakesItsPagesAgainAndTheOthersAreKept() throws {
        let context = try renderContext()
        var memo = InputMemo<[PageSpec]>()
        _ = specs(Self.library(), memo: &memo, context: context)
        // A verse of the right side's Genesis 2, then a chapter added to both sides' Genesis
        // (chapter 3's "next" link appears), then the edit undone.
        for next in [Self.library(edit: " & <b>"), Self.library(genesis: 4, edit: " & <b>"), Self.library()] {
            let made = specs(next, memo: &memo, context: context)
            var fresh = InputMemo<[PageSpec]>()
            #expect(made == specs(next, memo: &fresh, context: context))
            #expect(memo.reused.count == 1, "only Exodus, the unedited book, is kept whole")
            #expect(memo.reused.first?.map(\.path) == ["bible/parallel/bbb/exodus/1/", "bible/parallel/bbb/exodus/2/"])
        }
        #expect(specs(Self.library(), memo: &memo, context: context).count == 5)
        #expect(memo.reused.count == 2, "nothing changed: both books kept")
    }
}
