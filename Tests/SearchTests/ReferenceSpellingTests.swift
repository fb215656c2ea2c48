import Foundation
import SitegenBible
import SitegenCore
import SitegenSearch
import Testing

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let spellingsFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/reference-spellings.tsv")

/// The bundled KJV's search contribution (its books, aliases and verse counts), read once.
let bundledBibleSearch: Task<SearchContribution?, Never> = Task {
    let diagnostics = Diagnostics()
    let content = SourceTree(url: repositoryRoot.appendingPathComponent("Content"), displayPath: "Content")
    let library = await BibleReader.read(content: content, diagnostics: diagnostics, jobs: ProcessInfo.processInfo.activeProcessorCount)
    return library.map { BibleSearch.contribution($0) }
}

func spellings() throws -> [(query: String, expected: String)] {
    try String(contentsOf: spellingsFile, encoding: .utf8).split(separator: "\n")
        .filter { !$0.hasPrefix("#") && !$0.isEmpty }
        .map { line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            return (String(parts[0]), String(parts[1]))
        }
}

/// The table of reference spellings the browser's reference reader is checked against
/// (`Tests/e2e/test_search.py` reads every row through `search-engine.js`), and the Bible's
/// spellings it relies on: no spelling names two books.
@Suite struct ReferenceSpellingTests {
    @Test func theTableHasAHundredSpellingsWithAmbiguousOnes() throws {
        let table = try spellings()
        #expect(table.count >= 100)
        #expect(table.filter { $0.expected.hasPrefix("?") }.count >= 4)
    }

    @Test func noSpellingNamesTwoBooksInAnyTranslation() async throws {
        let bible = try #require(await bundledBibleSearch.value)
        #expect(bible.scopes.map(\.id) == ["kjv", "rv1909", "web"])
        for scope in bible.scopes {
            var owner: [String: String] = [:]
            for book in scope.books {
                for alias in book.aliases {
                    #expect(owner[alias] == nil, "\(scope.id): \(alias) names \(owner[alias] ?? "") and \(book.name)")
                    owner[alias] = book.name
                }
            }
        }
        // The KJV's 66 books, and the WEB's deuterocanon named from it (opening in the WEB).
        let kjv = bible.scopes[0].books
        #expect(kjv.filter { !$0.borrowed }.count == 66)
        #expect(kjv.filter(\.borrowed).allSatisfy { $0.verseURL.hasPrefix("bible/web/") })
    }

    /// The Spanish spellings a reader of the RV1909 types, each naming one book of its own.
    @Test func spanishSpellingsNameTheRV1909sBooks() async throws {
        let bible = try #require(await bundledBibleSearch.value)
        let rv = try #require(bible.scopes.first { $0.id == "rv1909" })
        func book(_ spelling: String) -> String? { rv.books.first { $0.aliases.contains(spelling) }?.verseURL.replacingOccurrences(of: "{chapter}/#v{verse}", with: "") }
        #expect(book("juan") == "bible/rv1909/john/")
        #expect(book("jn") == "bible/rv1909/john/")
        #expect(book("sal") == "bible/rv1909/psalms/")
        #expect(book("salmo") == "bible/rv1909/psalms/")
        #expect(book("1 corintios") == "bible/rv1909/1-corinthians/")
        #expect(book("apocalipsis") == "bible/rv1909/revelation/")
        #expect(book("genesis") == "bible/rv1909/genesis/")   // "Génesis", folded as a query is
        #expect(book("tobias") == "bible/web/tobit/")         // not in the RV1909: the WEB's
        #expect(book("1 juan") == "bible/rv1909/1-john/")
    }
}
