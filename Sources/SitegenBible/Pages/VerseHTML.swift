/// Builds the HTML of a chapter's text. Every piece of text goes through `Escape.html`; the
/// markup is fixed here, so the page template can insert it unescaped. The HTML is appended to
/// one string with its size reserved (31,102 verses per build: temporaries per span showed).
public enum VerseHTML {
    /// Inline HTML of spans: italics for translators' words, red letter, small-capital LORD.
    public static func spans(_ spans: [Span]) -> String {
        var html = ""
        html.reserveCapacity(spans.reduce(0) { $0 + $1.text.utf8.count } + 32)
        append(spans, to: &html)
        return html
    }

    static func append(_ spans: [Span], to html: inout String) {
        for span in spans {
            let jesus = span.style.contains(.jesus), added = span.style.contains(.added), foreign = span.style.contains(.foreign)
            if jesus { html += "<span class=\"wj\">" }
            if added { html += "<i class=\"add\">" }
            if foreign { html += "<span class=\"foreign\" lang=\"he\">" }
            if span.style.contains(.divineName) { appendDivineName(span.text, to: &html) } else { html += escape(span.text) }
            if foreign { html += "</span>" }
            if added { html += "</i>" }
            if jesus { html += "</span>" }
        }
    }

    /// `Escape.html`, skipped when a byte scan finds nothing to escape: 31,102 verses are
    /// rendered per build and nearly none contain `& < > " '`.
    static func escape(_ text: String) -> String {
        let clean = text.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
        }
        return clean == true ? text : Escape.html(text)
    }

    /// "LORD" → L + small capitals "ORD", as the printed KJV sets it; the text stays "LORD"
    /// for search and copy.
    static func appendDivineName(_ text: String, to html: inout String) {
        for (i, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if i > 0 { html += " " }
            guard let first = word.first else { continue }
            html += "<span class=\"divine-name\">"
            html += escape(String(first))
            let rest = word.dropFirst()
            if !rest.isEmpty {
                html += "<span class=\"sc\">"
                html += escape(String(rest))
                html += "</span>"
            }
            html += "</span>"
        }
    }

    /// The chapter: prose in paragraphs (¶ starts a new one), poetry one verse per line,
    /// headings (psalm titles, acrostic letters) between them. Each verse has an anchor `#vN`.
    public static func chapter(_ chapter: Chapter) -> String {
        var html = ""
        html.reserveCapacity(chapter.verses.reduce(0) { $0 + 160 + $1.spans.reduce(0) { $0 + $1.text.utf8.count } })
        var paragraphOpen = false
        func closeParagraph() { if paragraphOpen { html += "</p>\n"; paragraphOpen = false } }
        for verse in chapter.verses {
            if !verse.headings.isEmpty { closeParagraph() }
            for heading in verse.headings {
                html += "<h2 class=\"verse-heading\">"
                append(heading, to: &html)
                html += "</h2>\n"
            }
            if verse.poetry || verse.paragraph || !paragraphOpen {
                closeParagraph()
                html += verse.poetry ? (verse.paragraph ? "<p class=\"line pilcrow\">" : "<p class=\"line\">") : "<p>"
                paragraphOpen = true
            } else {
                html += " "
            }
            let number = String(verse.number)
            html += "<span class=\"verse\" id=\"v"
            html += number
            html += "\"><a class=\"vn\" href=\"#v"
            html += number
            html += "\" aria-label=\"Verse "
            html += number
            html += "\">"
            html += number
            html += "</a> "
            append(verse.spans, to: &html)
            html += "</span>"
            if !verse.subscription.isEmpty {
                closeParagraph()
                html += "<p class=\"subscription\">"
                append(verse.subscription, to: &html)
                html += "</p>\n"
            }
        }
        closeParagraph()
        return html
    }
}
