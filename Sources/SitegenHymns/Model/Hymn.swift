/// A run of hymn text. The printed book sets repeated passages in bold and ends them with the
/// repeat sign (`:,:`, `:,:,:`); a few bold passages carry no sign ("Halleluja! etc."), so
/// "marked" and "repeat sign" are kept apart instead of being guessed from one another.
public struct Segment: Sendable, Hashable, Codable {
    public let text: String
    /// Set in bold in the book (`<b>…</b>` in the app, `**…**` in the source files).
    public let marked: Bool
    /// The repeat sign exactly as printed (`:,:` or `:,:,:`), nil when the passage has none.
    public let repeatSign: String?

    public init(text: String, marked: Bool = false, repeatSign: String? = nil) {
        self.text = text
        self.marked = marked
        self.repeatSign = repeatSign
    }

    public static func plain(_ text: String) -> Segment { Segment(text: text) }
}

/// One line as the volunteer wrote it. The app's hymnal flattened line breaks, so imported
/// stanzas are a single line each; a volunteer may break a stanza into several lines.
public struct Line: Sendable, Hashable {
    public let segments: [Segment]
    public init(_ segments: [Segment]) { self.segments = segments }

    /// The line as plain text, repeat signs included (what a singer reads).
    public var plainText: String {
        segments.map(RepeatSign.join).joined()
    }
}

/// A stanza, chorus or refrain: lines in order.
public struct Passage: Sendable, Hashable {
    public let lines: [Line]
    public init(lines: [Line]) { self.lines = lines }

    public var plainText: String { Self.joined(lines.map(\.plainText)) }

    /// Lines as one run of text: a space between two, none after a line ending in a dash glued to
    /// its word (the text has none there: "our refuge—" / "Take it to the Lord" is "refuge—Take");
    /// a spaced dash ("sana –" / "toinen", as Finnish and Spanish set it) keeps its space.
    public static func joined(_ texts: [String]) -> String {
        var text = ""
        for line in texts {
            if !text.isEmpty && !endsInGluedDash(text) { text += " " }
            text += line
        }
        return text
    }

    static func endsInGluedDash(_ text: String) -> Bool {
        guard let last = text.last, last == "—" || last == "–" else { return false }
        let before = text.dropLast().last
        return before.map { !$0.isWhitespace } ?? false
    }
    public var hasRepeats: Bool { lines.contains { $0.segments.contains { $0.repeatSign != nil } } }
}

/// The two kinds of sung-again passage the hymnal has. Both are sung after every stanza.
public enum ResponseKind: String, Sendable, CaseIterable {
    case chorus, refrain
}

/// One hymn. A removed hymn keeps its number and has no text, as the paper copy keeps the page.
public struct Hymn: Sendable, Hashable {
    public let number: Int
    /// Explicit title from the front matter, if any.
    public let explicitTitle: String?
    public let removed: Bool
    public let stanzas: [Passage]
    public let chorus: Passage?
    public let refrain: Passage?
    public let author: String?
    public let tune: String?
    public let meter: String?
    /// BCP 47 language tag when the hymn is not in the hymnal's language (e.g. `fi`).
    public let language: String?
    /// The file, and where its `number:` is written (for hymnal-wide messages).
    public let source: SourceLocation
    public let numberLocation: SourceLocation?

    public init(number: Int, explicitTitle: String? = nil, removed: Bool = false, stanzas: [Passage],
                chorus: Passage? = nil, refrain: Passage? = nil, author: String? = nil, tune: String? = nil,
                meter: String? = nil, language: String? = nil, source: SourceLocation,
                numberLocation: SourceLocation? = nil) {
        self.number = number
        self.explicitTitle = explicitTitle
        self.removed = removed
        self.stanzas = stanzas
        self.chorus = chorus
        self.refrain = refrain
        self.author = author
        self.tune = tune
        self.meter = meter
        self.language = language
        self.source = source
        self.numberLocation = numberLocation
        self.firstLine = Self.firstLine(stanzas: stanzas, chorus: chorus, refrain: refrain)
    }

    public func response(_ kind: ResponseKind) -> Passage? {
        kind == .chorus ? chorus : refrain
    }

    /// How a member knows the hymn: its first line (or "" for a removed hymn). Worked out once
    /// here: every page, index and snapshot that lists hymns asks for it.
    public let firstLine: String

    static func firstLine(stanzas: [Passage], chorus: Passage?, refrain: Passage?) -> String {
        guard let first = stanzas.first?.lines.first ?? chorus?.lines.first ?? refrain?.lines.first else { return "" }
        // A stanza written line by line has a real first line; an imported (flattened) one does not.
        let wholeStanza = stanzas.first?.lines.count ?? 0
        return wholeStanza > 1 ? withoutTrailingPause(first.plainText) : FirstLine.guess(first.plainText)
    }

    /// How a hymn's page describes it to a link preview or a search engine: the first stanza's
    /// opening lines (two, as a member recognises it), or for a stanza not in lines the first
    /// line the index shows; "" for a removed hymn.
    public var opening: String {
        guard let first = stanzas.first, first.lines.count > 1 else { return firstLine }
        return Self.withoutTrailingPause(Passage.joined(first.lines.prefix(2).map(\.plainText)))
    }

    /// "O world, behold upon the tree," is listed as "O world, behold upon the tree", as the
    /// book's index (and `FirstLine.guess`) prints a first line; `!` and `?` are kept.
    static func withoutTrailingPause(_ line: String) -> String {
        var text = Substring(line)
        while let last = text.last, ",;:".contains(last) || last == " " { text = text.dropLast() }
        return String(text)
    }

    /// The title shown on the page: the explicit one, else the first line, else "Removed" (the
    /// apps' data says it in English; the pages in their words, `title(removed:)`).
    public var title: String { title(removed: "Removed from the hymnal") }

    /// The title, with `removed` the words a removed hymn without a title of its own is called by.
    public func title(removed word: String) -> String {
        if let explicitTitle, !explicitTitle.isEmpty { return explicitTitle }
        return removed ? word : firstLine
    }
}

/// The whole hymnal: hymns 1…count in order, every number present exactly once.
public struct Hymnal: Sendable {
    public let title: String
    /// The hymnal's language as the app names it ("English").
    public let language: String
    public let year: Int?
    public let count: Int
    /// Sorted by number.
    public let hymns: [Hymn]

    public init(title: String, language: String, year: Int?, count: Int, hymns: [Hymn]) {
        self.title = title
        self.language = language
        self.year = year
        self.count = count
        self.hymns = hymns.sorted { $0.number < $1.number }
    }

    public func hymn(_ number: Int) -> Hymn? {
        guard number >= 1, number <= hymns.count, hymns[number - 1].number == number else {
            return hymns.first { $0.number == number }
        }
        return hymns[number - 1]
    }
}
