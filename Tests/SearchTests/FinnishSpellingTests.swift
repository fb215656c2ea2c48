import Testing
@testable import SitegenBible
import SitegenCore
import SitegenWords

/// The Finnish reference spellings (docs/search.md): what a reader of a Finnish translation types
/// ("Joh. 3:16", "1. Moos. 1:1", "Ap. t. 2:38", "1. Kor. 13:4") names one book each, beside the
/// English spellings every translation has.
@Suite struct FinnishSpellingTests {
    static func spellings(_ book: CanonBook, _ table: ReferenceSpellings.Table = ReferenceSpellings.finnish) -> [String] {
        (BibleSearch.aliases(book) + BibleSearch.localSpellings(book, table))
            .map { BibleSearch.ReferenceSpelling.normalized(SearchText.fold($0)) }
    }

    static func owners(_ table: ReferenceSpellings.Table) -> [String: String] {
        var owner: [String: String] = [:]
        for book in Canon.books {
            for spelling in Set(spellings(book, table)) {
                #expect(owner[spelling] == nil, "\(spelling) names \(owner[spelling] ?? "") and \(book.osis)")
                owner[spelling] = book.osis
            }
        }
        return owner
    }

    /// A site's language's spellings name the books of every translation (a Spanish site's KJV
    /// too): over the English ones, each still names one book.
    @Test func spanishSpellingsOverTheEnglishNameOneBookEach() {
        let owner = Self.owners(ReferenceSpellings.spanish)
        #expect(owner["juan"] == "John" && owner["1 juan"] == "1John" && owner["sal"] == "Ps")
    }

    @Test func eachSpellingNamesOneBook() {
        var owner: [String: String] = [:]
        for book in Canon.books {
            for spelling in Set(Self.spellings(book)) {
                #expect(owner[spelling] == nil, "\(spelling) names \(owner[spelling] ?? "") and \(book.osis)")
                owner[spelling] = book.osis
            }
        }
        #expect(owner["joh"] == "John" && owner["1 joh"] == "1John" && owner["3 johanneksen kirje"] == "3John")
        #expect(owner["1 moos"] == "Gen" && owner["5 mooseksen kirja"] == "Deut")
        #expect(owner["ap t"] == "Acts" && owner["1 kor"] == "1Cor" && owner["ilm"] == "Rev")
        #expect(owner["filippilaisille"] == nil && owner["kirje filippilaisille"] == "Phil")   // folded as a query is
    }

    @Test func everyBookOfTheCanonHasAFinnishName() {
        let named = Set(ReferenceSpellings.finnish.books.keys)
        let protestant = Canon.books.filter { $0.testament != .deuterocanon }.map(\.osis)
        #expect(protestant.filter { !named.contains($0) } == [])
        #expect(ReferenceSpellings.table("fi") != nil && ReferenceSpellings.table("fi-FI") != nil)
    }
}
