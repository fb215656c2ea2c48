import Foundation
import SitegenCore
import SitegenSearch
import SitegenWords
import Testing

/// A cell of Tests/Fixtures/search-words.json, the table the browser's tests read too
/// (Tests/js/search-words.test.js): a text, or a list of words.
enum SharedCell: Decodable {
    case text(String), words([String])
    init(from decoder: Decoder) throws {
        let one = try decoder.singleValueContainer()
        if let text = try? one.decode(String.self) { self = .text(text) } else { self = .words(try one.decode([String].self)) }
    }
}

/// One of search-words.json's tables (`cases`, `variants`, `languages`), decoded as `Table`.
func sharedWordsTable<Table: Decodable>(_ type: Table.Type) throws -> Table {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/search-words.json").standardizedFileURL
    return try JSONDecoder().decode(Table.self, from: Data(contentsOf: url))
}

@Suite struct SearchTextTests {
    @Test func wordsAreLowercaseLettersAndDigits() {
        #expect(SearchText.words("In the beginning God created the heaven.") == ["in", "the", "beginning", "god", "created", "the", "heaven"])
        #expect(SearchText.words("Hymn 123, verse 4!") == ["hymn", "123", "verse", "4"])
        #expect(SearchText.words("") == [])
        #expect(SearchText.words("<script>alert(1)</script>") == ["script", "alert", "1", "script"])
    }

    @Test func accentsAndCaseAreFolded() {
        #expect(SearchText.words("Tiedän") == ["tiedan"])
        #expect(SearchText.fold("TIEDÄN") == "tiedan")
        #expect(SearchText.fold("Ærø") == "aero")
        #expect(SearchText.fold("Straße") == "strasse")
        #expect(SearchText.fold("Jérusalem") == "jerusalem")
    }

    /// What the apps' SQLite bundle stores for full-text search: the same words, space-separated.
    /// The scanner folds Latin letters one by one from a table; every two-byte letter (Latin,
    /// Greek, Cyrillic, Hebrew: U+0080–U+07FF) inside a word folds as the whole word would.
    @Test func letterByLetterFoldingIsTheWordsFolding() {
        for value in 0x80..<0x800 {
            // U+02BC, the modifier letter apostrophe, is an apostrophe in the word rules.
            guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic, value != 0x02BC else { continue }
            let word = "a\(Character(scalar))b"
            let words = SearchText.words(word)
            #expect(words == [SearchText.fold(word)], "U+\(String(value, radix: 16)): \(words)")
        }
    }

    @Test func foldedTextIsTheWordsJoinedBySpaces() {
        for text in ["Whate’er is hateful in Thine eyes;", "By‐and‐by, Beth-el, God's Ærø!", "", "  ,, ", "Tiedän 123"] {
            #expect(SearchText.foldedText(text) == SearchText.words(text).joined(separator: " "), "\(text)")
        }
        #expect(SearchText.foldedText("In the sweet by-and-by") == "in the sweet by and by byandby")
    }

    @Test func apostrophesJoinAndPossessivesDrop() {
        #expect(SearchText.words("whate’er") == ["whateer"])
        #expect(SearchText.words("whate'er") == ["whateer"])
        #expect(SearchText.words("whateʼer") == ["whateer"])
        #expect(SearchText.words("God's love") == ["god", "love"])
        #expect(SearchText.words("God’s love") == ["god", "love"])
        #expect(SearchText.words("'tis so") == ["tis", "so"])
    }

    @Test func hyphenatedCompoundsGiveTheirPartsAndTheJoinedWord() {
        var found: [(String, Int)] = []
        let count = SearchText.forEachWord("In the sweet by‐and‐by, we") { found.append(($0, $1)) }
        #expect(found.map(\.0) == ["in", "the", "sweet", "by", "and", "by", "byandby", "we"])
        #expect(found.map(\.1) == [0, 1, 2, 3, 4, 5, 3, 6])
        #expect(count == 7)
        #expect(SearchText.words("Beth-el") == ["beth", "el", "bethel"])
        #expect(SearchText.words("Beth‑el") == ["beth", "el", "bethel"])
        #expect(SearchText.words("a - b") == ["a", "b"])   // a dash between spaces is no hyphen
    }

    @Test func asciiAndUnicodePathsAgree() {
        // The same text with one non-ASCII letter added goes through the other path.
        let ascii = SearchText.words("Whate'er my God ordains is right; by-and-by")
        let unicode = SearchText.words("Whate'er my God ordains is right; by-and-by é")
        #expect(unicode == ascii + ["e"])
    }

    @Test func stopWordsAreTheCommonOnes() {
        #expect(SearchText.stopSet.contains("the"))
        #expect(!SearchText.stopSet.contains("god"))
        #expect(!SearchText.stopSet.contains("by"))   // "sweet by and by"
        #expect(!SearchText.stopSet.contains("so"))
    }

    /// One table for both implementations: search-words.js's `words()` is checked against the
    /// same file in the browser (Tests/js/search-words.test.js), so the index and the query fold
    /// words alike.
    @Test func wordsAgreeWithTheSharedTable() throws {
        struct Table: Decodable { let cases: [[SharedCell]] }
        let table = try sharedWordsTable(Table.self)
        #expect(table.cases.count >= 15)
        for row in table.cases {
            guard case .text(let text) = row[0], case .words(let words) = row[1] else { Issue.record("bad row \(row)"); continue }
            #expect(SearchText.words(text) == words, "\(text)")
        }
    }

    /// The King James forms a typed word is searched with, the same table as the browser's.
    @Test func variantsAgreeWithTheSharedTable() throws {
        struct Table: Decodable { let variants: [[SharedCell]] }
        let table = try sharedWordsTable(Table.self)
        #expect(table.variants.count >= 10)
        for row in table.variants {
            guard case .text(let word) = row[0], case .words(let forms) = row[1] else { Issue.record("bad row \(row)"); continue }
            #expect(SearchText.variants(word) == forms, "\(word)")
        }
    }

    /// A language's words and the plain form each is also found by, the same table as the browser's.
    @Test func languagesAgreeWithTheSharedTable() throws {
        struct Table: Decodable { let languages: [[SharedCell]] }
        let table = try sharedWordsTable(Table.self)
        #expect(table.languages.count >= 4)
        for row in table.languages {
            guard case .text(let tag) = row[0], case .text(let kept) = row[1], case .text(let text) = row[2],
                  case .words(let words) = row[3], case .words(let plain) = row[4] else { Issue.record("bad row \(row)"); continue }
            let rules = SearchLanguage.rules(for: tag)
            #expect(rules.kept == kept, "\(tag)")
            #expect(SearchText.words(text, language: rules) == words, "\(text)")
            #expect(words.map { rules.unmarked($0) ?? $0 } == plain, "\(text)")
        }
    }

    /// Every code point up to U+FFFF inside a word, at its start and alone, with positions
    /// (Tests/Fixtures/search-words-bmp.json, made by scripts/generate-search-words-table and
    /// checked in the browser by Tests/js/search-words.test.js).
    @Test func everyBMPCodePointAgreesWithTheGeneratedTable() throws {
        struct Table: Decodable { let blocks: [[String]] }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/search-words-bmp.json").standardizedFileURL
        let table = try JSONDecoder().decode(Table.self, from: Data(contentsOf: url))
        #expect(table.blocks.count == 256)
        for block in table.blocks {
            var words: [String] = []
            SearchText.forEachWord(block[1]) { word, position in words.append("\(position) \(word)") }
            #expect(words.joined(separator: "\n") == block[2], "block U+\(block[0])")
        }
    }

    @Test func termOrderIsJavaScripts() {
        #expect(SearchText.less("a", "b"))
        #expect(SearchText.less("z", "ä"))
        #expect(SearchText.less("love", "loveth"))
        // Where UTF-16 and scalar order differ: a scalar beyond U+FFFF (a surrogate pair) sorts
        // before U+E000–U+FFFF in JavaScript.
        let samples = ["", "a", "ab", "z", "ä", "\u{D7FF}", "\u{E000}", "\u{FB01}", "\u{FFFD}", "\u{10000}", "\u{1F600}", "a\u{1F600}", "a\u{FFFD}"]
        for x in samples {
            for y in samples {
                #expect(SearchText.less(x, y) == x.utf16.lexicographicallyPrecedes(y.utf16), "\(x.unicodeScalars.map(\.value)) < \(y.unicodeScalars.map(\.value))")
            }
        }
    }

    @Test func numbersRoundTrip() {
        let values = [0, 1, 31, 32, 1023, 1024, 31_102 * 1024, 5]
        #expect(VarintText.decode(VarintText.encode(values)) == values)
    }
}
