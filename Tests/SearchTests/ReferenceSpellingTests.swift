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
    return library.map(BibleSearch.contribution)
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

    @Test func noSpellingNamesTwoBooks() async throws {
        let bible = try #require(await bundledBibleSearch.value)
        var owner: [String: String] = [:]
        for book in bible.books {
            for alias in book.aliases {
                #expect(owner[alias] == nil, "\(alias) names \(owner[alias] ?? "") and \(book.name)")
                owner[alias] = book.name
            }
        }
        #expect(bible.books.count == 66)
    }
}
