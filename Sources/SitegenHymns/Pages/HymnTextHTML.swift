import SitegenCore

/// The hymn's text as HTML, built here (not by Markdown) so that every piece of content is
/// escaped and the structure is exactly what the stylesheet and the tests expect.
///
/// The chorus or refrain follows every stanza, as the app showed it: a singer on a phone reads
/// straight down without scrolling back. Repetitions after the first carry the class `again`, so
/// print can shorten them to the heading alone (the book's way) and keep a hymn on one page.
public enum HymnTextHTML {
    /// The words the hymn's HTML says around the text, in the site's language (escaped once here).
    public struct Words: Sendable, Hashable {
        /// "Stanza {number}", escaped.
        let stanza: String, chorus: String, refrain: String, repeatSign: String

        public init(_ table: StringTable) {
            (stanza, chorus, refrain, repeatSign) = (Escape.html(table["stanzaLabel"]), Escape.html(table["chorus"]),
                                                     Escape.html(table["refrain"]), Escape.html(table["repeatBoldLines"]))
        }

        func stanza(_ number: Int) -> String { stanza.replacingOccurrences(of: "{number}", with: String(number)) }

        func heading(_ kind: ResponseKind) -> String {
            switch kind {
            case .chorus: chorus
            case .refrain: refrain
            }
        }
    }

    /// Written into one string as it goes (a hymn's HTML is made of many small pieces).
    public static func html(_ hymn: Hymn, words: Words) -> String {
        var out = ""
        let responses = ResponseKind.allCases.compactMap { kind in hymn.response(kind).map { (kind, $0) } }
        for (index, stanza) in hymn.stanzas.enumerated() {
            out += "<section class=\"stanza\" aria-label=\"\(words.stanza(index + 1))\">"
            out += "<p>"
            lines(stanza, number: index + 1, words: words, into: &out)
            out += "</p></section>\n"
            for (kind, passage) in responses {
                response(kind, passage, again: index > 0, words: words, into: &out)
            }
        }
        return out
    }

    static func response(_ kind: ResponseKind, _ passage: Passage, again: Bool, words: Words, into out: inout String) {
        out += "<section class=\"response \(kind.rawValue)\(again ? " again" : "")\" aria-label=\"\(words.heading(kind))\">"
        out += "<p class=\"response-heading\">\(words.heading(kind))</p>"
        out += "<p class=\"response-text\">"
        lines(passage, words: words, into: &out)
        out += "</p></section>\n"
    }

    /// Each sung line is a block of its own, with a hanging indent, so a line that wraps on a
    /// narrow phone still reads as one line (the stanza's number starts the first).
    static func lines(_ passage: Passage, number: Int? = nil, words: Words, into out: inout String) {
        for (index, line) in passage.lines.enumerated() {
            out += index > 0 ? "\n<span class=\"line\">" : "<span class=\"line\">"
            if index == 0, let number { out += "<span class=\"stanza-number\">\(number)</span> " }
            for piece in line.segments { segment(piece, words: words, into: &out) }
            out += "</span>"
        }
    }

    /// A marked passage is bold like the book; its repeat sign is kept visible and explained.
    static func segment(_ segment: Segment, words: Words, into out: inout String) {
        guard segment.marked else {
            out += Escape.html(RepeatSign.join(segment))
            return
        }
        out += "<b class=\"\(segment.repeatSign == nil ? "marked" : "repeated")\">"
        out += Escape.html(segment.text)
        if let sign = segment.repeatSign {
            out += segment.text.isEmpty ? "" : " "
            out += "<span class=\"repeat-sign\" title=\"\(words.repeatSign)\">\(Escape.html(sign))</span>"
        }
        out += "</b>"
    }
}
