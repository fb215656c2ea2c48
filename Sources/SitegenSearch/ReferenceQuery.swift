import SitegenCore
import SitegenWords

/// A query read as a place: a Bible reference in the forms people type ("jn 3:16", "1 cor
/// 13:4-7", "1st Corinthians 13", "ps 23", "jude 3", "Song of Songs 2") or a number ("123",
/// "hymn 123"). The browser's `search.js` follows the same steps over the same tables, which
/// the index carries (`SearchBook.aliases`, `SearchNumbered.words`); both are checked against
/// one table of spellings (Tests/SearchTests/Fixtures/reference-spellings.tsv).
public enum ReferenceQuery {
    public enum Match: Equatable, Sendable {
        /// A book (index in `books`), a chapter, and optionally verses; `toChapter` for ranges
        /// across chapters ("Isaiah 9:8-10:4", "Genesis 9-10").
        case passage(book: Int, chapter: Int, verse: Int?, toChapter: Int?, toVerse: Int?)
        /// A spelling several books share ("jud 3": Judges or Jude): their indexes.
        case ambiguous(books: [Int], chapter: Int, verse: Int?)
        /// Something named by number (index in `numbered`).
        case numbered(index: Int, number: Int)
    }

    /// Lowercase, folded, dots as spaces, dashes as `-`, ordinals as digits, a space between a
    /// leading digit and letters, single spaces: "1st Cor. 13:4–7" → "1 cor 13:4-7".
    public static func normalize(_ query: String) -> String {
        var s = ""
        for ch in SearchText.fold(query).unicodeScalars {
            switch ch {
            case ".", ",", "\u{A0}", "\t", "\n": s += " "
            case "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}": s += "-"
            default: s.unicodeScalars.append(ch)
            }
        }
        var words = s.split(separator: " ").map(String.init)
        let ordinals = ["1st": "1", "first": "1", "i": "1", "2nd": "2", "second": "2", "ii": "2", "3rd": "3", "third": "3", "iii": "3"]
        if words.count >= 2, let digit = ordinals[words[0]], words[1].first?.isLetter == true { words[0] = digit }
        // "1cor" → "1 cor"
        if let first = words.first, let d = first.first, "123".contains(d), first.count > 1,
           first.dropFirst().allSatisfy(\.isLetter) {
            words[0] = String(d)
            words.insert(String(first.dropFirst()), at: 1)
        }
        var out = words.joined(separator: " ")
        for mark in [":", "-"] {
            out = out.replacingOccurrences(of: " " + mark, with: mark).replacingOccurrences(of: mark + " ", with: mark)
        }
        return out
    }

    public static func match(_ query: String, books: [SearchBook], numbered: [SearchNumbered] = []) -> Match? {
        let q = normalize(query)
        if let n = numberMatch(q, numbered) { return n }
        // Book words, then numbers: "<book> C", "<book> C:V", "<book> C V", "<book> C:V-W",
        // "<book> C:V-D:W", "<book> C-D".
        guard let split = splitNumbers(q) else { return nil }
        let key = split.book
        guard key.contains(where: \.isLetter) else { return nil }
        let candidates = bookCandidates(key, books)
        guard !candidates.isEmpty else { return nil }
        var (chapter, verse, toChapter, toVerse) = (split.numbers[0], split.numbers.count > 1 ? split.numbers[1] : nil,
                                                    split.toChapter, split.toVerse)
        if candidates.count > 1 { return .ambiguous(books: candidates, chapter: chapter, verse: verse) }
        let book = books[candidates[0]]
        // One-chapter books: "jude 3" is verse 3.
        if book.verses.count == 1, verse == nil, !split.colon, chapter > 1 || toChapter != nil {
            verse = chapter
            chapter = 1
            if let to = toChapter { toVerse = to; toChapter = nil }
        }
        guard chapter >= 1, chapter <= book.verses.count else { return nil }
        if let v = verse, v < 1 || v > book.verses[chapter - 1] { return nil }
        if let to = toChapter {
            guard to >= chapter, to <= book.verses.count else { return nil }
            if let tv = toVerse, tv < 1 || tv > book.verses[to - 1] { return nil }
        } else if let tv = toVerse, verse == nil || tv < verse! || tv > book.verses[chapter - 1] {
            return nil
        }
        return .passage(book: candidates[0], chapter: chapter, verse: verse, toChapter: toChapter, toVerse: toVerse)
    }

    static func numberMatch(_ q: String, _ numbered: [SearchNumbered]) -> Match? {
        var words = q.split(separator: " ").map(String.init)
        guard let last = words.popLast() else { return nil }
        var digits = last
        if digits.hasPrefix("#") { digits.removeFirst() }
        guard let n = Int(digits), digits.allSatisfy(\.isASCII), words.count <= 1 else { return nil }
        for (i, item) in numbered.enumerated() where item.numbers.contains(n) {
            if words.isEmpty || item.words.contains(words[0]) { return .numbered(index: i, number: n) }
        }
        return nil
    }

    struct Split {
        var book: String
        var numbers: [Int]
        var colon: Bool
        var toChapter: Int?
        var toVerse: Int?
    }

    /// "1 cor 13:4-7" → ("1 cor", [13, 4], to verse 7).
    static func splitNumbers(_ q: String) -> Split? {
        // The numbers are the last word (with "C V" as two words).
        var words = q.split(separator: " ").map(String.init)
        guard words.count >= 2, let last = words.popLast() else { return nil }
        var text = last
        var spaced = false
        if let prev = words.last, words.count >= 2, prev.allSatisfy(\.isNumber), !last.contains(":") {
            // "jn 3 16"
            text = prev + ":" + last
            words.removeLast()
            spaced = true
        }
        let pieces = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count <= 2 else { return nil }
        func parts(_ p: String) -> [Int]? {
            let nums = p.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard (1...2).contains(nums.count), nums.allSatisfy({ $0 != nil }), p.allSatisfy({ $0.isASCII }) else { return nil }
            return nums.map { $0! }
        }
        guard let from = parts(pieces[0]) else { return nil }
        var split = Split(book: words.joined(separator: " "), numbers: from, colon: from.count == 2 || spaced)
        if pieces.count == 2 {
            guard let to = parts(pieces[1]) else { return nil }
            if to.count == 2 {
                guard from.count == 2 else { split.toChapter = to[0]; split.toVerse = to[1]; return split }   // "C-D:W"
                split.toChapter = to[0]
                split.toVerse = to[1]
            } else if from.count == 2 {
                split.toVerse = to[0]
            } else {
                split.toChapter = to[0]
            }
        }
        return split
    }

    /// Books whose spelling is `key`; else those with a spelling that starts with it (two
    /// letters at least), each once.
    static func bookCandidates(_ key: String, _ books: [SearchBook]) -> [Int] {
        let exact = books.indices.filter { books[$0].aliases.contains(key) }
        if !exact.isEmpty { return exact }
        guard key.filter(\.isLetter).count >= 2 else { return [] }
        return books.indices.filter { i in books[i].aliases.contains { $0.hasPrefix(key) } }
    }
}
