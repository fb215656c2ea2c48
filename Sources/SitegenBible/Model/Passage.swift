/// A stretch of one book, resolved against a translation to exact first and last verses
/// ("Luke 1:39ff" → Luke 1:39–1:80), so pages and apps never need to know the versification.
public struct Passage: Sendable, Hashable {
    public let book: CanonBook
    public let startChapter: Int
    public let startVerse: Int
    public let endChapter: Int
    public let endVerse: Int
    /// The reference named whole chapters only (no verse numbers), e.g. "Genesis 9-10".
    public let wholeChapters: Bool
    /// The passage reads its last chapter to the end.
    public let endsChapter: Bool

    /// Chapters touched, first to last.
    public var chapters: ClosedRange<Int> { startChapter...endChapter }
}

/// A reading as written in Content (“Jeremiah 36 & 45”), with its passages.
public struct Reading: Sendable, Hashable {
    public let label: String
    public let passages: [Passage]
}

/// Parses references such as `Genesis 1`, `Genesis 9-10`, `Luke 1:1-38`, `Luke 1:39ff`,
/// `Isaiah 9:8-10:4`, `Exodus 11-12:21`, `Jeremiah 36 & 45`, `1 John 3:16`, and checks them
/// against a translation: the chapters and verses must exist.
public enum ReferenceParser {
    /// Either the reading or a message saying what is wrong with it.
    public static func reading(_ raw: String, in translation: Translation) -> Result<Reading, ReferenceError> {
        let text = collapsingWhitespace(raw)
        // "<book name> <numbers>": the numbers start after the last space that is followed by a digit.
        guard let split = splitBookAndNumbers(text) else {
            return .failure(ReferenceError("'\(raw)' is not a reference like 'John 3:16' or 'Genesis 9-10'"))
        }
        let bookName = split.book
        guard let canon = Canon.book(named: bookName) else {
            return .failure(ReferenceError("unknown book '\(bookName)' in '\(text)'"))
        }
        guard let book = translation.book(canon) else {
            return .failure(ReferenceError("\(canon.name) is not in \(translation.abbreviation)"))
        }
        var passages: [Passage] = []
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        for piece in split.numbers.split(whereSeparator: { $0 == "&" || $0 == ";" || $0 == "," }) {
            // Collapsed ASCII text has only single spaces to trim (the plan's 1,460 readings).
            let trimmed = ascii ? trimmingSpaces(piece) : piece.trimmingCharacters(in: .whitespaces)
            switch passage(trimmed, in: book, label: text) {
            case .success(let passage): passages.append(passage)
            case .failure(let error): return .failure(error)
            }
        }
        guard !passages.isEmpty else { return .failure(ReferenceError("'\(text)' names no chapter")) }
        return .success(Reading(label: text, passages: passages))
    }

    private static func passage(_ text: String, in book: Book, label: String) -> Result<Passage, ReferenceError> {
        guard let m = PassageNumbers(text) else {
            return .failure(ReferenceError("'\(text)' in '\(label)' is not a chapter or verse range"))
        }
        let startChapter = m.chapter
        let startVerse = m.verse
        var endChapter = startChapter
        var endVerse: Int? = startVerse
        if m.toEnd {
            guard startVerse != nil else { return .failure(ReferenceError("'ff' needs a verse, as in 'Luke 1:39ff'")) }
            endVerse = nil  // to the end of the chapter
        } else if let to = m.to {
            if let verse = m.toVerse {
                endChapter = to
                endVerse = verse
            } else if startVerse != nil {
                endVerse = to  // Luke 1:1-38
            } else {
                endChapter = to  // Genesis 9-10
                endVerse = nil
            }
        }
        return resolve(book, startChapter, startVerse, endChapter, endVerse, label: label)
    }

    private static func resolve(_ book: Book, _ sc: Int, _ sv: Int?, _ ec: Int, _ ev: Int?, label: String) -> Result<Passage, ReferenceError> {
        let name = book.canon.name
        guard let first = book.chapter(sc) else {
            return .failure(ReferenceError("\(name) has no chapter \(sc) (it has \(book.chapters.count))"))
        }
        guard let last = book.chapter(ec) else {
            return .failure(ReferenceError("\(name) has no chapter \(ec) (it has \(book.chapters.count))"))
        }
        if let sv, first.verse(sv) == nil {
            return .failure(ReferenceError("\(name) \(sc) has no verse \(sv) (it has \(first.lastVerse))"))
        }
        if let ev, last.verse(ev) == nil {
            return .failure(ReferenceError("\(name) \(ec) has no verse \(ev) (it has \(last.lastVerse))"))
        }
        let startVerse = sv ?? first.verses.first?.number ?? 1
        let endVerse = ev ?? last.lastVerse
        guard (sc, startVerse) <= (ec, endVerse) else {
            return .failure(ReferenceError("'\(label)' ends before it begins"))
        }
        return .success(Passage(book: book.canon, startChapter: sc, startVerse: startVerse, endChapter: ec,
                                endVerse: endVerse, wholeChapters: sv == nil && ev == nil, endsChapter: endVerse == last.lastVerse))
    }
}

/// Whitespace runs as one space, none at the ends (`Character.isWhitespace`); ASCII text, as
/// every reference is in practice, byte by byte (1,784 references are read per build).
func collapsingWhitespace(_ text: String) -> String {
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    var space = false
    for byte in text.utf8 {
        if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
            space = !out.isEmpty
            continue
        }
        if space { out.append(0x20) }
        space = false
        out.append(byte)
    }
    return String(decoding: out, as: UTF8.self)
}

/// `text` without the spaces at its ends.
func trimmingSpaces(_ text: Substring) -> String {
    var start = text.utf8.startIndex, end = text.utf8.endIndex
    while start < end, text.utf8[start] == 0x20 { start = text.utf8.index(after: start) }
    while end > start, text.utf8[text.utf8.index(before: end)] == 0x20 { end = text.utf8.index(before: end) }
    return String(text[start..<end])
}

/// Splits "1 John 3:16" into ("1 John", "3:16"): the book is everything before the last word
/// that starts with a digit. (Hand-written: Swift Regex made this the read stage's hot spot;
/// the words are tested as bytes, as Character properties were the next one.)
func splitBookAndNumbers(_ text: String) -> (book: String, numbers: String)? {
    // ASCII text (every reference in practice) is cut at its space bytes, not by Characters.
    let words: [Substring] = text.utf8.allSatisfy { $0 < 0x80 }
        ? text.utf8.split(separator: 0x20).map { text[$0.startIndex..<$0.endIndex] }
        : text.split(separator: " ")
    func isNumbers(_ w: Substring) -> Bool {
        guard let first = w.utf8.first, first >= 0x30, first <= 0x39 else { return false }
        return w.utf8.allSatisfy {
            switch $0 {
            case 0x30...0x39, UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "&"), UInt8(ascii: ";"), UInt8(ascii: ","),
                 UInt8(ascii: "f"): return true
            default: return false
            }
        }
    }
    func isJoiner(_ w: Substring) -> Bool { w == "&" || w == ";" || w == "," }
    var start = words.count
    while start > 1, isNumbers(words[start - 1]) || isJoiner(words[start - 1]) { start -= 1 }
    guard start < words.count, isNumbers(words[start]) else { return nil }
    func joined(_ words: ArraySlice<Substring>) -> String {
        var result = ""
        for word in words {
            if !result.isEmpty { result += " " }
            result += word
        }
        return result
    }
    return (joined(words[..<start]), joined(words[start...]))
}

/// `C`, `C:V`, `C:Vff`, `C-D`, `C:V-W`, `C:V-D:W`, `C-D:W`.
struct PassageNumbers {
    var chapter: Int
    var verse: Int?
    var toEnd = false
    var to: Int?
    var toVerse: Int?

    init?(_ text: String) {
        var rest = Substring(text)
        func number() -> Int? {
            // ASCII digits, as bytes (a digit followed by a combining mark fails either way).
            let digits = rest.utf8.prefix { $0 >= 0x30 && $0 <= 0x39 }
            guard !digits.isEmpty, digits.count < 5 else { return nil }
            rest = rest[digits.endIndex...]
            return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard let c = number() else { return nil }
        chapter = c
        if rest.first == ":" { rest = rest.dropFirst(); guard let v = number() else { return nil }; verse = v }
        if rest == "ff" { toEnd = true; return }
        if rest.first == "-" {
            rest = rest.dropFirst()
            guard let t = number() else { return nil }
            to = t
            if rest.first == ":" { rest = rest.dropFirst(); guard let v = number() else { return nil }; toVerse = v }
        }
        guard rest.isEmpty else { return nil }
    }
}

public struct ReferenceError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// All that checking a reference against a translation looks at: its abbreviation and each
/// book's chapter and verse numbers. Two translations with equal numbering resolve and report
/// every reference alike, so the incremental build keeps the plan and the daily verses while
/// an edit leaves the numbering as it was (nearly every edit of the text).
public struct VerseNumbering: Hashable, Sendable {
    let abbreviation: String
    /// Per book in the translation's order: its canonical position and chapter count, then per
    /// chapter its number, verse count and verse numbers (one flat array: this is made on every
    /// Bible edit).
    let numbers: [Int]

    public init(_ translation: Translation) {
        abbreviation = translation.abbreviation
        var numbers: [Int] = []
        numbers.reserveCapacity(translation.books.count * 2 + translation.chapterCount * 2 + translation.verseCount)
        // By index: a `for verse in` loop copies each verse (retaining its arrays), which was
        // most of this on 31,102 verses.
        for book in translation.books {
            numbers.append(book.canon.order)
            numbers.append(book.chapters.count)
            for c in book.chapters.indices {
                let verses = book.chapters[c].verses
                numbers.append(book.chapters[c].number)
                numbers.append(verses.count)
                for v in verses.indices { numbers.append(verses[v].number) }
            }
        }
        self.numbers = numbers
    }
}
