/// A run of verse text with one look. A verse is a list of spans, so that renderers (HTML
/// pages, the apps' JSON) decide how italics, red letter and small capitals are shown. (Its
/// JSON is the apps' model `BibleSpan`, filled in `BibleSnapshots`.)
public struct Span: Sendable, Hashable {
    public struct Style: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Words the translators supplied (printed in italics in the KJV).
        public static let added = Style(rawValue: 1)
        /// Words of Jesus (red letter).
        public static let jesus = Style(rawValue: 2)
        /// The divine name LORD / GOD (small capitals).
        public static let divineName = Style(rawValue: 4)
        /// Words in another language/script (the Hebrew letters of Psalm 119).
        public static let foreign = Style(rawValue: 8)
    }

    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = []) {
        self.text = text
        self.style = style
    }
}

public struct Verse: Sendable, Hashable {
    public let number: Int
    /// Headings shown before the verse: psalm titles, Psalm 119's acrostic letters.
    public let headings: [[Span]]
    public let spans: [Span]
    /// A paragraph (¶) begins with this verse.
    public let paragraph: Bool
    /// The verse is a line of poetry (Psalms, Proverbs…): shown on a line of its own.
    public let poetry: Bool
    /// A closing note after the verse, like the subscriptions at the end of Paul's epistles.
    public let subscription: [Span]

    public init(number: Int, headings: [[Span]] = [], spans: [Span], paragraph: Bool = false, poetry: Bool = false,
                subscription: [Span] = []) {
        self.number = number
        self.headings = headings
        self.spans = spans
        self.paragraph = paragraph
        self.poetry = poetry
        self.subscription = subscription
    }

    /// A one-span verse's (most verses) is its span's text itself, not a copy: the search holds
    /// every verse's plain text.
    public var plainText: String { spans.count == 1 ? spans[0].text : spans.map(\.text).joined() }
    /// The verse is in the versification but this translation has no text for it (the WEB's
    /// Tobit 6:18, RV1909's Jonah 1:17 printed as 2:1): pages show it as omitted, never renumber.
    public var isOmitted: Bool { spans.isEmpty }
}

public struct Chapter: Sendable, Hashable {
    public let number: Int
    public let verses: [Verse]

    public func verse(_ number: Int) -> Verse? {
        // Verses are numbered from 1 without gaps in nearly every chapter; fall back to a search.
        if number >= 1, number <= verses.count, verses[number - 1].number == number { return verses[number - 1] }
        return verses.first { $0.number == number }
    }
    public var lastVerse: Int { verses.last?.number ?? 0 }
}

public struct Book: Sendable, Hashable {
    public let canon: CanonBook
    /// Short name as the translation prints it (`Genesis`, `Song of Solomon`).
    public let name: String
    /// Full title (`The First Book of Moses, called Genesis`).
    public let title: String
    public let abbreviation: String
    public let chapters: [Chapter]

    public init(canon: CanonBook, name: String, title: String, abbreviation: String, chapters: [Chapter]) {
        self.canon = canon
        self.name = name
        self.title = title
        self.abbreviation = abbreviation
        self.chapters = chapters
    }

    public var osis: String { canon.osis }
    public func chapter(_ number: Int) -> Chapter? {
        if number >= 1, number <= chapters.count, chapters[number - 1].number == number { return chapters[number - 1] }
        return chapters.first { $0.number == number }
    }
    public var verseCount: Int { chapters.reduce(0) { $0 + $1.verses.count } }
}

/// One translation from `Content/bible/<id>/`.
public struct Translation: Sendable {
    public let id: String
    public let name: String
    public let abbreviation: String
    public let language: String
    public let licence: String
    public let versification: String
    /// The numbering `versification` names: which verses exist, and where they are in others.
    public let scheme: Versification
    /// Books in canonical order.
    public let books: [Book]
    /// Index in `books` by canonical position (`CanonBook.order`), -1 where the book is missing:
    /// plan and verse references look books up thousands of times.
    private let bookIndex: [Int]
    /// Every style its text uses: a control for a style the text never has (red letter without
    /// the words of Jesus marked) is not shown.
    public let styles: Span.Style

    public init(id: String, name: String, abbreviation: String, language: String, licence: String,
                versification: String, scheme: Versification? = nil, books: [Book]) {
        self.id = id
        self.name = name
        self.abbreviation = abbreviation
        self.language = language
        self.licence = licence
        self.versification = versification
        self.scheme = scheme ?? VersificationReader.builtIn[versification] ?? VersificationReader.builtIn[Versification.kjvName]!
        self.books = books.sorted { $0.canon.order < $1.canon.order }
        var index = [Int](repeating: -1, count: Canon.books.count + 1)
        for i in self.books.indices.reversed() { index[self.books[i].canon.order] = i }   // the first of duplicates
        bookIndex = index
        var styles: Span.Style = []
        for book in books { for chapter in book.chapters { for verse in chapter.verses { for span in verse.spans { styles.formUnion(span.style) } } } }
        self.styles = styles
    }

    public func book(_ canon: CanonBook) -> Book? {
        let i = canon.order < bookIndex.count ? bookIndex[canon.order] : -1
        return i >= 0 ? books[i] : nil
    }
    public var chapterCount: Int { books.reduce(0) { $0 + $1.chapters.count } }
    public var verseCount: Int { books.reduce(0) { $0 + $1.verseCount } }
}
