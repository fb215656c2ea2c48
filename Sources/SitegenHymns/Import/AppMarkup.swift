/// The app's one piece of markup, `<b>…</b>`, to and from segments.
public enum AppMarkup {
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// "Drawn from…, <b>Lose all their guilty stains. :,:,:</b> And…" → plain, marked (with sign), plain.
    public static func segments(_ text: String) throws(Problem) -> [Segment] {
        var segments: [Segment] = []
        var rest = Substring(text)
        while let open = rest.range(of: "<b>") {
            if !rest[..<open.lowerBound].isEmpty { segments.append(.plain(String(rest[..<open.lowerBound]))) }
            let inner = rest[open.upperBound...]
            guard let close = inner.range(of: "</b>") else { throw Problem(description: "'<b>' without '</b>'") }
            let marked = String(inner[..<close.lowerBound])
            if marked.contains("<b>") { throw Problem(description: "'<b>' inside '<b>'") }
            segments.append(RepeatSign.split(marked))
            rest = inner[close.upperBound...]
        }
        if rest.contains("</b>") { throw Problem(description: "'</b>' without '<b>'") }
        if let tag = otherTag(in: rest) ?? segments.lazy.compactMap({ otherTag(in: Substring($0.text)) }).first {
            throw Problem(description: "unsupported markup '\(tag)' (only <b>…</b> is known)")
        }
        if !rest.isEmpty { segments.append(.plain(String(rest))) }
        return segments
    }

    /// A tag other than `<b>`: the app renders HTML, so it would not be text.
    static func otherTag(in text: Substring) -> String? {
        guard let lt = text.firstIndex(of: "<") else { return nil }
        let after = text[text.index(after: lt)...]
        guard let first = after.first, first.isLetter || first == "/" || first == "!" else { return nil }
        return String(text[lt...].prefix { $0 != ">" }) + ">"
    }

    /// Segments back to the app's string.
    public static func text(_ segments: [Segment]) -> String {
        segments.map { segment in
            segment.marked ? "<b>" + RepeatSign.join(segment) + "</b>" : RepeatSign.join(segment)
        }.joined()
    }

    /// A passage back to one app string, its sung lines joined by `\n`: the app shows a stanza's
    /// text as it is (`HymnViewController`), so each line stands on its own line there too.
    public static func text(_ passage: Passage) -> String {
        passage.lines.map { text($0.segments) }.joined(separator: "\n")
    }
}
