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

let hymnNumbers = SearchNumbered(label: "Hymn", words: ["hymn", "hymns", "no", "number", "nr"], path: "hymns/{n}/", numbers: 1...366)

/// The table's expected text for a match (the browser's test prints the same).
func describe(_ match: ReferenceQuery.Match?, books: [SearchBook]) -> String {
    switch match {
    case nil: return "-"
    case .numbered(_, let number): return "Hymn \(number)"
    case .ambiguous(let indexes, _, _): return "? " + indexes.map { books[$0].name }.joined(separator: "|")
    case .passage(let b, let c, let v, let tc, let tv):
        var text = "\(books[b].name) \(c)"
        if let v { text += ":\(v)" }
        if let tc { text += "-\(tc)" + (tv.map { ":\($0)" } ?? "") } else if let tv { text += "-\(tv)" }
        return text
    }
}

func spellings() throws -> [(query: String, expected: String)] {
    try String(contentsOf: spellingsFile, encoding: .utf8).split(separator: "\n")
        .filter { !$0.hasPrefix("#") && !$0.isEmpty }
        .map { line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            return (String(parts[0]), String(parts[1]))
        }
}

@Suite struct ReferenceQueryTests {
    @Test func theTableHasAHundredSpellingsWithAmbiguousOnes() throws {
        let table = try spellings()
        #expect(table.count >= 100)
        #expect(table.filter { $0.expected.hasPrefix("?") }.count >= 4)
    }

    @Test func everySpellingInTheTableReadsAsExpected() async throws {
        let bible = try #require(await bundledBibleSearch.value)
        var wrong: [String] = []
        for (query, expected) in try spellings() {
            let got = describe(ReferenceQuery.match(query, books: bible.books, numbered: [hymnNumbers]), books: bible.books)
            if got != expected { wrong.append("\(query): expected \(expected), got \(got)") }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
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

    @Test func normalizing() {
        #expect(ReferenceQuery.normalize("1st Cor. 13:4–7") == "1 cor 13:4-7")
        #expect(ReferenceQuery.normalize("  I  John 3 : 16 ") == "1 john 3:16")
        #expect(ReferenceQuery.normalize("1cor 13") == "1 cor 13")
    }
}
