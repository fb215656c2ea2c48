import Foundation

/// How text becomes search terms, the same in the site's index (SitegenSearch), in the apps'
/// SQLite bundle (its full-text tables hold text folded here; apps fold queries with this same
/// code through SitegenSnapshots) and in the browser (`Templates/assets/search.js`, which
/// follows these rules line by line). This module depends on Foundation only, so the apps'
/// library can use it without the generator:
///
/// - a word is a run of letters and digits (any script), combining marks included;
/// - an apostrophe (' ’ ʼ ‘) between two word characters joins them: `whate’er` =
///   `whate'er` = `whateer`; a final `'s` is dropped (`God's` → `god`); a soft hyphen is ignored;
/// - a hyphen (- ‐ ‑) between two word characters makes a compound: its parts are words at
///   consecutive positions (`by‐and‐by` is found by "by and by") and the joined word is one
///   more, at the first part's position (`Beth-el` is found by "bethel");
/// - folding: lowercase, then canonical decomposition without its combining marks (`tiedän` →
///   `tiedan`), then ø→o, æ→ae, œ→oe, ß→ss, ł→l, đ→d, ı→i.
///
/// A word's position is its index among all the words of the text, stop words included, so a
/// phrase can be checked without indexing the stop words themselves.
public enum SearchText {
    /// Words so common in the KJV and the hymns that they are not indexed (a query made only
    /// of them gets a message instead of 25,000 verses).
    public static let stopWords: [String] = [
        "a", "and", "are", "as", "be", "but", "for", "from", "have", "he", "him", "his", "i", "in", "is", "it",
        "me", "my", "not", "of", "shall", "that", "the", "thee", "their", "them", "they", "thou", "thy", "to",
        "unto", "was", "which", "with", "ye",
    ]
    public static let stopSet = Set(stopWords)

    /// The folded words of `text`, in order (compounds after their parts).
    public static func words(_ text: String) -> [String] {
        var out: [String] = []
        forEachWord(text) { word, _ in out.append(word) }
        return out
    }

    /// The folded words of `text` joined by single spaces (what the apps' SQLite bundle stores
    /// in its full-text tables), without an array of words in between.
    public static func foldedText(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        forEachWord(text) { word, _ in
            if !out.isEmpty { out.append(" ") }
            out.append(word)
        }
        return out
    }

    /// Calls `body` with each folded word of `text` and its position. A hyphenated compound
    /// (`by‐and‐by`) gives its parts at consecutive positions, then the joined word
    /// (`byandby`) at the position of its first part. Returns the number of positions.
    @discardableResult
    public static func forEachWord(_ text: String, _ body: (String, Int) -> Void) -> Int {
        withoutActuallyEscaping(body) { body in scan(text, body) }
    }

    private static func scan(_ text: String, _ body: @escaping (String, Int) -> Void) -> Int {
        var scanner = WordScanner(body: body)
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = Array(text.utf8)
            var i = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                if isASCIIWord(b) {
                    scanner.part.append(Unicode.Scalar(b >= 0x41 && b <= 0x5A ? b + 32 : b))
                    i += 1
                } else if b == 0x27 || b == 0x2D, !scanner.part.isEmpty, i + 1 < n, isASCIIWord(bytes[i + 1]) {
                    if b == 0x2D {
                        scanner.hyphen(fold: false)
                        i += 1
                    } else if bytes[i + 1] | 0x20 == 0x73, i + 2 >= n || !isASCIIWord(bytes[i + 2]) {
                        scanner.end(fold: false)   // a final 's: the possessive, dropped
                        i += 2
                    } else {
                        i += 1   // an apostrophe inside a word joins it
                    }
                } else {
                    scanner.end(fold: false)
                    i += 1
                }
            }
            scanner.end(fold: false)
        } else {
            let scalars = Array(text.unicodeScalars)
            var i = 0
            let n = scalars.count
            while i < n {
                let s = scalars[i]
                if s.value == 0xAD { i += 1; continue }   // soft hyphen
                if isWordScalar(s) {
                    scanner.part.append(s)
                    i += 1
                } else if isJoiner(s), !scanner.part.isEmpty, i + 1 < n, isWordScalar(scalars[i + 1]) {
                    if !isApostrophe(s) {
                        scanner.hyphen(fold: true)
                        i += 1
                    } else if scalars[i + 1] == "s" || scalars[i + 1] == "S", i + 2 >= n || !isWordScalar(scalars[i + 2]) {
                        scanner.end(fold: true)
                        i += 2
                    } else {
                        i += 1
                    }
                } else {
                    scanner.end(fold: true)
                    i += 1
                }
            }
            scanner.end(fold: true)
        }
        return scanner.position
    }

    static func isASCIIWord(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
    }

    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return isASCIIWord(UInt8(s.value)) }
        if s.value == 0x02BC { return false }   // the modifier letter apostrophe is an apostrophe here
        let p = s.properties
        if p.isAlphabetic { return true }
        switch p.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    static func isJoiner(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x27, 0x2019, 0x02BC, 0x2018, 0x2D, 0x2010, 0x2011: return true
        default: return false
        }
    }

    static func isApostrophe(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x27, 0x2019, 0x02BC, 0x2018: return true
        default: return false
        }
    }

    /// The word being read: its current part, and the parts before a hyphen.
    private struct WordScanner {
        let body: (String, Int) -> Void
        var part = String.UnicodeScalarView()
        var compound = ""
        var parts = 0
        var first = 0
        var position = 0

        mutating func hyphen(fold: Bool) {
            let word = fold ? SearchText.fold(String(part)) : String(part)
            part = String.UnicodeScalarView()
            if parts == 0 { first = position }
            body(word, position)
            position += 1
            compound += word
            parts += 1
        }

        mutating func end(fold: Bool) {
            guard !part.isEmpty else { return }
            let word = fold ? SearchText.fold(String(part)) : String(part)
            part = String.UnicodeScalarView()
            body(word, position)
            position += 1
            if parts > 0 {
                body(compound + word, first)
                compound = ""
                parts = 0
            }
        }
    }

    private static let special: [Unicode.Scalar: String] = [
        "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ı": "i",
    ]

    /// One word folded: lowercase, no combining marks, the few letters above replaced.
    public static func fold(_ word: String) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return word.lowercased() }
        var out = String.UnicodeScalarView()
        for s in word.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            switch s.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: break
            }
            if let replacement = special[s] { out.append(contentsOf: replacement.unicodeScalars) } else { out.append(s) }
        }
        return String(out)
    }

    /// Ordering of terms shared with the browser: by UTF-16 code units (JavaScript's `<`).
    public static func less(_ a: String, _ b: String) -> Bool {
        a.utf16.lexicographicallyPrecedes(b.utf16)
    }
}
