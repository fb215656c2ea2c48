/// Builds the HTML of a chapter's text. Every piece of text is escaped as `Escape.html` does;
/// the markup is fixed here, so the page template can insert it unescaped. The HTML is written
/// as bytes into one buffer with its size reserved (31,102 verses per build).
public enum VerseHTML {
    /// Inline HTML of spans: italics for translators' words, red letter, small-capital LORD.
    public static func spans(_ spans: [Span]) -> String {
        var html: [UInt8] = []
        html.reserveCapacity(spans.reduce(0) { $0 + $1.text.utf8.count } + 32)
        append(spans, to: &html)
        return String(decoding: html, as: UTF8.self)
    }

    static func append(_ spans: [Span], to html: inout [UInt8]) {
        for span in spans {
            let jesus = span.style.contains(.jesus), added = span.style.contains(.added), foreign = span.style.contains(.foreign)
            if jesus { html.append(ascii: "<span class=\"wj\">") }
            if added { html.append(ascii: "<i class=\"add\">") }
            if foreign { html.append(ascii: "<span class=\"foreign\" lang=\"he\">") }
            if span.style.contains(.divineName) { appendDivineName(span.text, to: &html) } else { appendEscaped(span.text, to: &html) }
            if foreign { html.append(ascii: "</span>") }
            if added { html.append(ascii: "</i>") }
            if jesus { html.append(ascii: "</span>") }
        }
    }

    /// Why a verse has no text here ("This verse is not in the text this translation follows."),
    /// in place of its words: on chapter pages and in side-by-side cells alike.
    static func appendOmitted(_ note: String, to html: inout [UInt8]) {
        html.append(ascii: "<span class=\"omitted\">")
        appendEscaped(note, to: &html)
        html.append(ascii: "</span>")
    }

    /// The text HTML-escaped (`Escape.appendHTML`), appended without a temporary string.
    static func appendEscaped<S: StringProtocol>(_ text: S, to html: inout [UInt8]) {
        var text = String(text)
        text.withUTF8 { Escape.appendHTML($0, to: &html) }
    }

    /// "LORD" → L + small capitals "ORD", as the printed KJV sets it; the text stays "LORD"
    /// for search and copy.
    static func appendDivineName(_ text: String, to html: inout [UInt8]) {
        for (i, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if i > 0 { html.append(0x20) }
            guard let first = word.first else { continue }
            html.append(ascii: "<span class=\"divine-name\">")
            appendEscaped(String(first), to: &html)
            let rest = word.dropFirst()
            if !rest.isEmpty {
                html.append(ascii: "<span class=\"sc\">")
                appendEscaped(rest, to: &html)
                html.append(ascii: "</span>")
            }
            html.append(ascii: "</span>")
        }
    }

    /// What a chapter's text says in the page's language, and about the verses it does not number.
    public struct Words: Sendable, Hashable {
        /// "Verse" (the verse number's label for screen readers).
        public var verse = "Verse"
        /// The note shown in place of a verse the translation omits.
        public var omitted = "This verse is not in the text this translation follows."
        /// Verses another translation's numbering has and this one does not: said at `#vN`.
        public var elsewhere: [Elsewhere] = []

        public init() {}
    }

    /// "3 John 1:15 is a verse of the NRSVA numbering only. In this translation its words are part of 3 John 1:14."
    public struct Elsewhere: Sendable, Hashable {
        public let verse: Int
        public let sentence: String
        public let within: String?
        public let withinURL: String?
    }

    /// The chapter: prose in paragraphs (¶ starts a new one), poetry one verse per line,
    /// headings (psalm titles, acrostic letters) between them. Each verse has an anchor `#vN`;
    /// an omitted verse keeps its number, with a note; a verse only another numbering has gets
    /// a note at its anchor, shown when a link (the switcher) lands on it.
    public static func chapter(_ chapter: Chapter, words: Words = Words()) -> String {
        var html: [UInt8] = []
        html.reserveCapacity(chapter.verses.reduce(0) { $0 + 160 + $1.spans.reduce(0) { $0 + $1.text.utf8.count } })
        var paragraphOpen = false
        func closeParagraph() { if paragraphOpen { html.append(ascii: "</p>\n"); paragraphOpen = false } }
        for verse in chapter.verses {
            if !verse.headings.isEmpty { closeParagraph() }
            for heading in verse.headings {
                html.append(ascii: "<h2 class=\"verse-heading\">")
                append(heading, to: &html)
                html.append(ascii: "</h2>\n")
            }
            if verse.poetry || verse.paragraph || !paragraphOpen {
                closeParagraph()
                html.append(ascii: verse.poetry ? (verse.paragraph ? "<p class=\"line pilcrow\">" : "<p class=\"line\">") : "<p>")
                paragraphOpen = true
            } else {
                html.append(0x20)
            }
            html.append(ascii: "<span class=\"verse\" id=\"v")
            html.append(number: verse.number)
            html.append(ascii: "\"><a class=\"vn\" href=\"#v")
            html.append(number: verse.number)
            html.append(ascii: "\" aria-label=\"")
            appendEscaped(words.verse, to: &html)
            html.append(0x20)
            html.append(number: verse.number)
            html.append(ascii: "\">")
            html.append(number: verse.number)
            html.append(ascii: "</a> ")
            if verse.isOmitted { appendOmitted(words.omitted, to: &html) }
            append(verse.spans, to: &html)
            html.append(ascii: "</span>")
            if !verse.subscription.isEmpty {
                closeParagraph()
                html.append(ascii: "<p class=\"subscription\">")
                append(verse.subscription, to: &html)
                html.append(ascii: "</p>\n")
            }
        }
        closeParagraph()
        for note in words.elsewhere where chapter.verse(note.verse) == nil {
            html.append(ascii: "<p class=\"elsewhere\" id=\"v")
            html.append(number: note.verse)
            html.append(ascii: "\">")
            appendEscaped(note.sentence, to: &html)
            if let within = note.within, let url = note.withinURL {
                html.append(ascii: " <a href=\"")
                appendEscaped(url, to: &html)
                html.append(ascii: "\">")
                appendEscaped(within, to: &html)
                html.append(ascii: "</a>.")
            }
            html.append(ascii: "</p>\n")
        }
        return String(decoding: html, as: UTF8.self)
    }
}
