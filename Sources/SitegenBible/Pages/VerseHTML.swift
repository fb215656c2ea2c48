/// Builds the HTML of a chapter's text. Every piece of text goes through `Escape.html`; the
/// markup is fixed here, so the page template can insert it unescaped.
public enum VerseHTML {
    /// Inline HTML of spans: italics for translators' words, red letter, small-capital LORD.
    public static func spans(_ spans: [Span]) -> String {
        var html = ""
        html.reserveCapacity(spans.reduce(0) { $0 + $1.text.utf8.count } + 32)
        for span in spans {
            var open = "", close = ""
            if span.style.contains(.jesus) { open += "<span class=\"wj\">"; close = "</span>" + close }
            if span.style.contains(.added) { open += "<i class=\"add\">"; close = "</i>" + close }
            if span.style.contains(.foreign) { open += "<span class=\"foreign\" lang=\"he\">"; close = "</span>" + close }
            let body = span.style.contains(.divineName) ? divineName(span.text) : escape(span.text)
            html += open + body + close
        }
        return html
    }

    /// `Escape.html`, skipped when a byte scan finds nothing to escape: 31,102 verses are
    /// rendered per build and nearly none contain `& < > " '`.
    static func escape(_ text: String) -> String {
        text.utf8.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 } ? Escape.html(text) : text
    }

    /// "LORD" → L + small capitals "ORD", as the printed KJV sets it; the text stays "LORD"
    /// for search and copy.
    static func divineName(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            guard let first = word.first else { return "" }
            let rest = word.dropFirst()
            let body = rest.isEmpty ? "" : "<span class=\"sc\">\(escape(String(rest)))</span>"
            return "<span class=\"divine-name\">\(escape(String(first)))\(body)</span>"
        }.joined(separator: " ")
    }

    /// The chapter: prose in paragraphs (¶ starts a new one), poetry one verse per line,
    /// headings (psalm titles, acrostic letters) between them. Each verse has an anchor `#vN`.
    public static func chapter(_ chapter: Chapter) -> String {
        var html = ""
        var paragraphOpen = false
        func closeParagraph() { if paragraphOpen { html += "</p>\n"; paragraphOpen = false } }
        for verse in chapter.verses {
            if !verse.headings.isEmpty { closeParagraph() }
            for heading in verse.headings { html += "<h2 class=\"verse-heading\">\(spans(heading))</h2>\n" }
            if verse.poetry || verse.paragraph || !paragraphOpen {
                closeParagraph()
                html += verse.poetry ? "<p class=\"line\(verse.paragraph ? " pilcrow" : "")\">" : "<p>"
                paragraphOpen = true
            } else {
                html += " "
            }
            html += "<span class=\"verse\" id=\"v\(verse.number)\"><a class=\"vn\" href=\"#v\(verse.number)\" aria-label=\"Verse \(verse.number)\">\(verse.number)</a> "
            html += spans(verse.spans) + "</span>"
            if !verse.subscription.isEmpty {
                closeParagraph()
                html += "<p class=\"subscription\">\(spans(verse.subscription))</p>\n"
            }
        }
        closeParagraph()
        return html
    }
}
