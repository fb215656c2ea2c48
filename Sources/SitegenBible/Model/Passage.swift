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
        let text = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard let match = text.wholeMatch(of: /(.+?) ([0-9][0-9:,;&\- f]*)/) else {
            return .failure(ReferenceError("'\(raw)' is not a reference like 'John 3:16' or 'Genesis 9-10'"))
        }
        let bookName = String(match.1)
        guard let canon = Canon.book(named: bookName) else {
            return .failure(ReferenceError("unknown book '\(bookName)' in '\(text)'"))
        }
        guard let book = translation.book(canon) else {
            return .failure(ReferenceError("\(canon.name) is not in \(translation.abbreviation)"))
        }
        var passages: [Passage] = []
        for piece in match.2.split(whereSeparator: { "&;,".contains($0) }) {
            switch passage(piece.trimmingCharacters(in: .whitespaces), in: book, label: text) {
            case .success(let passage): passages.append(passage)
            case .failure(let error): return .failure(error)
            }
        }
        guard !passages.isEmpty else { return .failure(ReferenceError("'\(text)' names no chapter")) }
        return .success(Reading(label: text, passages: passages))
    }

    private static func passage(_ text: String, in book: Book, label: String) -> Result<Passage, ReferenceError> {
        guard let m = text.wholeMatch(of: /([0-9]+)(?::([0-9]+))?(?:(ff)|-([0-9]+)(?::([0-9]+))?)?/) else {
            return .failure(ReferenceError("'\(text)' in '\(label)' is not a chapter or verse range"))
        }
        let startChapter = Int(m.1)!
        let startVerse = m.2.flatMap { Int($0) }
        var endChapter = startChapter
        var endVerse: Int? = startVerse
        if m.3 != nil {
            guard startVerse != nil else { return .failure(ReferenceError("'ff' needs a verse, as in 'Luke 1:39ff'")) }
            endVerse = nil  // to the end of the chapter
        } else if let to = m.4.flatMap({ Int($0) }) {
            if let verse = m.5.flatMap({ Int($0) }) {
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

public struct ReferenceError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
