import SitegenWords
import Testing

/// The bundle's full text made by one `FoldedTexts` per table (each distinct word stemmed once),
/// the scanner's own word buffer, and the term table's prefixed lookups: each must give what the
/// word rules give one text and one word at a time.
@Suite struct FoldedTextsTests {
    /// What a full-text column must hold: each word's term (and its unmarked form), from the
    /// word list, not from `FoldedTexts`.
    func expected(_ text: String, _ language: SearchLanguage) -> String {
        SearchText.words(text, language: language).map { word -> String in
            let term = language.stem(word)
            return language.unmarked(term).map { term + " " + $0 } ?? term
        }.joined(separator: " ")
    }

    @Test(arguments: ["es", "sv", "fi", "no", "en"])
    func manyTextsGiveEachTextsWords(_ tag: String) {
        let language = SearchLanguage.rules(for: tag)
        // Words repeated across texts, so the second sight of each comes from the folder's memo.
        let texts = ["Pastores del año, pastores de Belén", "Så älskade Gud världen, så älskade han", "Søster Æren",
                     "Tänne Jeesus, tänne", "Los pastores velaban; by-and-by the pastors' lights",
                     "", "¡Año! AÑO año", "Så älskade Gud världen"]
        var folder = FoldedTexts(language: language)
        for text in texts + texts {
            #expect(folder.folded(text) == expected(text, language), "\(tag): \(text)")
        }
    }

    @Test func wordsLongerThanTheScannersBufferAreWhole() {
        let long = String(repeating: "Ab", count: 100)
        #expect(SearchText.words("x \(long) y") == ["x", String(repeating: "ab", count: 100), "y"])
        let part = String(repeating: "é", count: 40)
        let parts = SearchText.words("\(part)-\(part)-\(part)")
        let folded = String(repeating: "e", count: 40)
        #expect(parts == [folded, folded, folded, folded + folded + folded])
    }

    @Test func aPrefixedWordIsTheTermOfItsJoinedBytes() {
        var table = TermTable()
        let prefix: [UInt8] = Array("!kjv ".utf8), word: [UInt8] = Array("light".utf8)
        let joined = table.id(of: prefix + word)
        let prefixed = prefix.withUnsafeBufferPointer { p in word.withUnsafeBufferPointer { table.id(of: $0, after: p) } }
        #expect(prefixed == joined)
        let other = prefix.withUnsafeBufferPointer { p in Array("lights".utf8).withUnsafeBufferPointer { table.id(of: $0, after: p) } }
        #expect(other != joined)
        #expect(table.term(other) == "!kjv lights")
        #expect(table.id(of: word) != joined, "the word without its prefix is another term")
    }
}
