/// The hymn's text as HTML, built here (not by Markdown) so that every piece of content is
/// escaped and the structure is exactly what the stylesheet and the tests expect.
///
/// The chorus or refrain follows every stanza, as the app showed it: a singer on a phone reads
/// straight down without scrolling back. Repetitions after the first carry the class `again`, so
/// print can shorten them to the heading alone (the book's way) and keep a hymn on one page.
public enum HymnTextHTML {
    public static func html(_ hymn: Hymn) -> String {
        var out = ""
        let responses = ResponseKind.allCases.compactMap { kind in hymn.response(kind).map { (kind, $0) } }
        for (index, stanza) in hymn.stanzas.enumerated() {
            out += "<section class=\"stanza\" aria-label=\"Stanza \(index + 1)\">"
            out += "<p><span class=\"stanza-number\">\(index + 1)</span> " + lines(stanza) + "</p></section>\n"
            for (kind, passage) in responses {
                out += response(kind, passage, again: index > 0)
            }
        }
        return out
    }

    static func response(_ kind: ResponseKind, _ passage: Passage, again: Bool) -> String {
        "<section class=\"response \(kind.rawValue)\(again ? " again" : "")\" aria-label=\"\(kind.heading)\">"
            + "<p class=\"response-heading\">\(kind.heading)</p>"
            + "<p class=\"response-text\">" + lines(passage) + "</p></section>\n"
    }

    static func lines(_ passage: Passage) -> String {
        passage.lines.map(line).joined(separator: "<br>\n")
    }

    static func line(_ line: Line) -> String {
        line.segments.map(segment).joined()
    }

    /// A marked passage is bold like the book; its repeat sign is kept visible and explained.
    static func segment(_ segment: Segment) -> String {
        guard segment.marked else { return Escape.html(RepeatSign.join(segment)) }
        var inner = Escape.html(segment.text)
        if let sign = segment.repeatSign {
            inner += (segment.text.isEmpty ? "" : " ")
                + "<span class=\"repeat-sign\" title=\"Repeat the bold lines\">\(Escape.html(sign))</span>"
        }
        return "<b class=\"\(segment.repeatSign == nil ? "marked" : "repeated")\">" + inner + "</b>"
    }
}
