import Foundation

/// A verse by its place in a versification: book, chapter, verse (`John.3.16`).
public struct VerseRef: Sendable, Hashable, Comparable {
    public let book: CanonBook
    public let chapter: Int
    public let verse: Int

    public init(_ book: CanonBook, _ chapter: Int, _ verse: Int) {
        (self.book, self.chapter, self.verse) = (book, chapter, verse)
    }

    /// `John.3.16`, or nil when it is not of that form or names an unknown book.
    public init?(osis: String) {
        let parts = osis.split(separator: ".")
        guard parts.count == 3, let book = Canon.book(osis: String(parts[0])),
              let chapter = Int(parts[1]), let verse = Int(parts[2]), chapter > 0, verse > 0 else { return nil }
        self.init(book, chapter, verse)
    }

    public var osis: String { "\(book.osis).\(chapter).\(verse)" }
    /// `3 John 1:15`.
    public var display: String { "\(book.name) \(chapter):\(verse)" }

    public static func < (a: VerseRef, b: VerseRef) -> Bool {
        (a.book.order, a.chapter, a.verse) < (b.book.order, b.chapter, b.verse)
    }
}

/// How a translation numbers its text: which books it may have, how many chapters each, how
/// many verses each chapter. Read from data (`Versification/*.vrs`, and a site's own in
/// `Content/bible/versifications/`), never written into code, so another is a file away.
/// Every versification also says which of its verses the KJV does not number and which KJV
/// verse holds their words: the KJV is the hub references are mapped through.
public struct Versification: Sendable, Hashable {
    public static let kjvName = "KJV"

    public let name: String
    /// Verses per chapter, by `CanonBook.order`; books the versification lacks are absent.
    let verseCounts: [Int: [Int]]
    /// Verses of this versification the KJV does not number → the KJV verse with their words.
    let intoKJV: [VerseRef: VerseRef]

    public init(name: String, verseCounts: [CanonBook: [Int]], intoKJV: [VerseRef: VerseRef] = [:]) {
        self.name = name
        self.verseCounts = Dictionary(uniqueKeysWithValues: verseCounts.map { ($0.key.order, $0.value) })
        self.intoKJV = intoKJV
    }

    public func has(_ book: CanonBook) -> Bool { verseCounts[book.order] != nil }
    public func chapterCount(_ book: CanonBook) -> Int? { verseCounts[book.order]?.count }
    public func verseCount(_ book: CanonBook, _ chapter: Int) -> Int? {
        guard let chapters = verseCounts[book.order], chapter >= 1, chapter <= chapters.count else { return nil }
        return chapters[chapter - 1]
    }
    public func contains(_ ref: VerseRef) -> Bool { (verseCount(ref.book, ref.chapter) ?? 0) >= ref.verse }
    public func contains(_ book: CanonBook, chapter: Int) -> Bool { verseCount(book, chapter) != nil }
    /// Books in canonical order.
    public var books: [CanonBook] { Canon.books.filter(has) }
    public var totalVerses: Int { verseCounts.values.reduce(0) { $0 + $1.reduce(0, +) } }
}

/// Where a verse of one versification is in another.
public enum VerseMapping: Sendable, Hashable {
    /// The same words under this number (usually the same number).
    case verse(VerseRef)
    /// The other versification does not number this verse: its words are part of that verse.
    case within(VerseRef)
    /// The other versification has no such verse (a book or verse it does not have).
    case missing

    public var target: VerseRef? {
        switch self {
        case .verse(let ref), .within(let ref): ref
        case .missing: nil
        }
    }
}

extension Versification {
    /// `ref` of this versification in `other`, through the KJV: a verse the KJV numbers too is
    /// that verse; one it does not is the KJV verse holding its words (`map` lines in the data).
    public func map(_ ref: VerseRef, to other: Versification) -> VerseMapping {
        guard contains(ref) else { return .missing }
        if name == other.name { return .verse(ref) }
        var partial = false
        var kjv = ref
        if let into = intoKJV[ref] {
            kjv = into
            partial = true
        }
        let found: VerseMapping
        if other.contains(kjv) {
            found = .verse(kjv)
        } else if let back = other.intoKJV.first(where: { $0.value == kjv })?.key {
            found = .within(back)
        } else {
            return .missing
        }
        return partial ? .within(found.target!) : found
    }

    /// The verses of this versification in one chapter that `other` does not number as such,
    /// with where their words are there: a chapter page says so at the verse (see `VerseHTML`).
    public func verses(in book: CanonBook, _ chapter: Int, notNumberedIn other: Versification) -> [(VerseRef, VerseMapping)] {
        guard name != other.name, let count = verseCount(book, chapter) else { return [] }
        return (1...max(count, 1)).compactMap { v in
            let ref = VerseRef(book, chapter, v)
            let mapped = map(ref, to: other)
            if case .verse(let same) = mapped, same == ref { return nil }
            return (ref, mapped)
        }
    }
}
