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
    /// With a `language` that has a stemmer, each word is its stem (`pastores` → `pastor`), as
    /// the site's index holds a scope's words; with one that keeps letters for readers who type
    /// without them (`SearchLanguage.unmarked`), such a word is followed by its plain form
    /// (`kärlek karlek`). Many texts of one language: `FoldedTexts`, which stems each word once.
    public static func foldedText(_ text: String, language: SearchLanguage = .shared) -> String {
        var texts = FoldedTexts(language: language)
        return texts.folded(text)
    }

    /// Calls `body` with each folded word of `text` and its position. A hyphenated compound
    /// (`by‐and‐by`) gives its parts at consecutive positions, then the joined word
    /// (`byandby`) at the position of its first part. Returns the number of positions.
    @discardableResult
    public static func forEachWord(_ text: String, _ body: (String, Int) -> Void) -> Int {
        forEachWordBytes(text) { bytes, position in body(String(decoding: bytes, as: UTF8.self), position) }
    }

    /// `forEachWord` with each folded word as its UTF-8 bytes, valid only during the call: the
    /// index interns words by their bytes, so the verses of a Bible never become 800,000 strings.
    /// `language`'s kept letters are not folded (`SearchLanguage.kept`).
    @discardableResult
    public static func forEachWordBytes(_ text: String, language: SearchLanguage = .shared,
                                        _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) -> Int {
        withoutActuallyEscaping(body) { body in
            var scanner = WordScanner(body: body, language: language)
            defer { scanner.free() }
            var text = text
            let folds = language.kept.isEmpty ? latinFolds : latinFoldsKeeping(language)
            text.withUTF8 { scan($0, folds: folds, &scanner) }
            return scanner.position
        }
    }

    /// The folded words of `text` by `language`'s rules, in order (compounds after their parts).
    public static func words(_ text: String, language: SearchLanguage) -> [String] {
        var out: [String] = []
        forEachWordBytes(text, language: language) { bytes, _ in out.append(String(decoding: bytes, as: UTF8.self)) }
        return out
    }

    /// One pass over the UTF-8 bytes: ASCII letters are lowercased as they are read; a part with
    /// any other letter is folded as a whole when it ends.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, folds latinFolds: [[UInt8]?], _ scanner: inout WordScanner) {
        var i = 0
        let n = bytes.count
        while i < n {
            // The common case first: an ASCII letter or digit inside a word.
            let b = bytes[i]
            if isASCIIWord(b) {
                scanner.part.append(b >= 0x41 && b <= 0x5A ? b + 32 : b)
                i += 1
                continue
            }
            let (s, length) = scalar(in: bytes, at: i)
            if s.value == 0xAD { i += length; continue }   // soft hyphen
            if length == 2, s.value < 0x250, let folded = latinFolds[Int(s.value)] {
                // Latin-1 and Latin Extended-A/B letters (á, ñ, Ø…), folded from a table made by
                // `fold` itself: Spanish text never takes the slow path below.
                scanner.part.append(contentsOf: folded)
                i += 2
                continue
            }
            if s.value >= 0x2000, s.value <= 0x206F, !isJoiner(s) { scanner.end(); i += length; continue }   // “ ” — … end a word
            if isWordScalar(s) {
                if length == 1 {
                    let b = bytes[i]
                    scanner.part.append(b >= 0x41 && b <= 0x5A ? b + 32 : b)
                } else {
                    scanner.part.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<i + length]))
                    scanner.folding = true
                }
                i += length
                continue
            }
            let next = i + length < n ? scalar(in: bytes, at: i + length) : nil
            if isJoiner(s), !scanner.part.isEmpty, let next, isWordScalar(next.0) {
                if !isApostrophe(s) {
                    scanner.hyphen()
                    i += length
                } else if next.0 == "s" || next.0 == "S",
                          i + length + 1 >= n || !isWordScalar(scalar(in: bytes, at: i + length + 1).0) {
                    scanner.end()   // a final 's: the possessive, dropped
                    i += length + 1
                } else {
                    i += length   // an apostrophe inside a word joins it
                }
            } else {
                scanner.end()
                i += length
            }
        }
        scanner.end()
    }

    /// The scalar that starts at `i` of valid UTF-8, and its length in bytes.
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
        let b = UInt32(bytes[i])
        if b < 0x80 { return (Unicode.Scalar(UInt8(b)), 1) }
        func tail(_ k: Int) -> UInt32 { UInt32(bytes[i + k]) & 0x3F }
        let (value, length): (UInt32, Int) = b < 0xE0 ? ((b & 0x1F) << 6 | tail(1), 2)
            : b < 0xF0 ? ((b & 0x0F) << 12 | tail(1) << 6 | tail(2), 3)
            : ((b & 0x07) << 18 | tail(1) << 12 | tail(2) << 6 | tail(3), 4)
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
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

    /// The word being read: its current part's folded bytes, and the parts before a hyphen.
    private struct WordScanner {
        let body: (UnsafeBufferPointer<UInt8>, Int) -> Void
        let language: SearchLanguage
        var part = ByteBuffer(capacity: 64)
        /// The part has a letter beyond ASCII, so it is folded when it ends.
        var folding = false
        var compound = ByteBuffer(capacity: 64)
        var parts = 0
        var first = 0
        var position = 0

        init(body: @escaping (UnsafeBufferPointer<UInt8>, Int) -> Void, language: SearchLanguage) {
            self.body = body
            self.language = language
        }

        func free() {
            part.free()
            compound.free()
        }

        mutating func foldPart() {
            guard folding else { return }
            let folded = language.fold(String(decoding: part.bytes, as: UTF8.self))
            part.removeAll()
            part.append(contentsOf: folded.utf8)
            folding = false
        }

        mutating func hyphen() {
            foldPart()
            if parts == 0 { first = position }
            body(part.bytes, position)
            position += 1
            compound.append(contentsOf: part.bytes)
            part.removeAll()
            parts += 1
        }

        mutating func end() {
            guard !part.isEmpty else { return }
            foldPart()
            body(part.bytes, position)
            position += 1
            if parts > 0 {
                compound.append(contentsOf: part.bytes)
                body(compound.bytes, first)
                compound.removeAll()
                parts = 0
            }
            part.removeAll()
        }
    }

    /// Bytes in memory the scanner allocates and frees itself: appending a letter is a store and
    /// a count, where an `Array` append checks its storage's uniqueness each time (most of the
    /// scan's cost per letter, for the site's index and the bundle alike).
    private struct ByteBuffer {
        private var base: UnsafeMutablePointer<UInt8>
        private var capacity: Int
        private(set) var count = 0

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        func free() { base.deallocate() }

        var isEmpty: Bool { count == 0 }
        /// Valid until the buffer next changes.
        var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

        mutating func append(_ byte: UInt8) {
            if count == capacity { grow(to: count + 1) }
            base[count] = byte
            count += 1
        }

        mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
            if count + bytes.count > capacity { grow(to: count + bytes.count) }
            if let start = bytes.baseAddress { (base + count).update(from: start, count: bytes.count) }
            count += bytes.count
        }

        mutating func append(contentsOf bytes: some Collection<UInt8>) {
            for byte in bytes { append(byte) }
        }

        mutating func removeAll() { count = 0 }

        private mutating func grow(to needed: Int) {
            while capacity < needed { capacity *= 2 }
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            larger.update(from: base, count: count)
            base.deallocate()
            base = larger
        }
    }

    /// `fold` of each letter U+0080–U+024F on its own, as UTF-8 (nil: not a word letter, or one
    /// folded with its neighbours). Folding is per letter in these blocks (lowercase and
    /// canonical decomposition need no context there), so a word of them folds letter by letter.
    private static let latinFolds: [[UInt8]?] = (0..<0x250).map { value in
        guard value >= 0x80, let s = Unicode.Scalar(value), isWordScalar(s), !isJoiner(s), value != 0xAD,
              s.properties.generalCategory != .nonspacingMark else { return nil }
        let folded = fold(String(Character(s)))
        return folded.isEmpty ? nil : Array(folded.utf8)
    }

    /// `latinFolds` with `language`'s kept letters as they are (Spanish `ñ`).
    private static func latinFoldsKeeping(_ language: SearchLanguage) -> [[UInt8]?] {
        keepingFolds[language.code] ?? foldTable(language)
    }

    private static let keepingFolds = Dictionary(uniqueKeysWithValues: SearchLanguage.keeping.map { ($0.code, foldTable($0)) })

    private static func foldTable(_ language: SearchLanguage) -> [[UInt8]?] {
        latinFolds.enumerated().map { value, folded in
            guard folded != nil, let s = Unicode.Scalar(value) else { return folded }
            return Array(language.fold(String(Character(s))).utf8)
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

    /// The King James forms of a folded word typed in today's English, searched with it: `love`
    /// also finds `loveth` and `lovest`, `give` `giveth` and `givest`, `cry` `crieth` and
    /// `criest`. Words shorter than three UTF-16 units, or already ending in -eth/-est, have
    /// none. Counted in UTF-16 units as the browser counts (`search-words.js`'s `variants`, the
    /// same rule; the shared table Tests/Fixtures/search-words.json checks both).
    public static func variants(_ word: String) -> [String] {
        let units = Array(word.utf16)
        guard units.count >= 3, !word.hasSuffix("eth"), !word.hasSuffix("est") else { return [] }
        var out = [word + "eth", word + "est"]
        if units.last == UInt16(UInt8(ascii: "e")) { out += [word + "th", word + "st"] }
        if units.last == UInt16(UInt8(ascii: "y")), !"aeiou".utf16.contains(units[units.count - 2]) {
            let stem = String(decoding: units.dropLast(), as: UTF16.self)
            out += [stem + "ieth", stem + "iest"]
        }
        return out
    }

    /// Ordering of terms shared with the browser: by UTF-16 code units (JavaScript's `<`).
    /// Compared scalar by scalar (a native string's UTF-16 view is slow to walk): UTF-16 puts a
    /// scalar beyond U+FFFF (a surrogate pair, D800–DBFF first) before U+E000–U+FFFF, so those
    /// are moved above every other scalar; all else keeps its scalar order.
    public static func less(_ a: String, _ b: String) -> Bool {
        sortKey(a).lexicographicallyPrecedes(sortKey(b))
    }

    /// Bytes that sort as `less` does: UTF-8 (which sorts as the scalars do), but a scalar in
    /// U+E000–U+FFFF written as four bytes after 0xF5, above every lead byte of UTF-8.
    public static func sortKey(_ term: String) -> [UInt8] {
        if term.utf8.allSatisfy({ $0 < 0xEE }) { return Array(term.utf8) }
        var key: [UInt8] = []
        for s in term.unicodeScalars {
            if (0xE000...0xFFFF).contains(s.value) {
                key += [0xF5, UInt8(s.value >> 12), UInt8((s.value >> 6) & 0x3F), UInt8(s.value & 0x3F)]
            } else {
                key += Array(String(s).utf8)
            }
        }
        return key
    }
}
