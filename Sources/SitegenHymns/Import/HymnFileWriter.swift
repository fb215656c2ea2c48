import Foundation

/// Writes a hymn in the source format `HymnFileReader` reads: front matter, then stanzas
/// separated by blank lines, the chorus or refrain as a `:::` block after the first stanza
/// (where a printed hymnal prints it).
public enum HymnFileWriter {
    public static func text(_ hymn: Hymn) -> String {
        var out = "---\nnumber: \(hymn.number)\n"
        if let title = hymn.explicitTitle { out += "title: \(YAMLText.quoted(title))\n" }
        if hymn.removed { out += "removed: true\n" }
        for (key, value) in [("author", hymn.author), ("tune", hymn.tune), ("meter", hymn.meter), ("language", hymn.language)] {
            if let value { out += "\(key): \(YAMLText.quoted(value))\n" }
        }
        out += "---\n"
        var blocks: [String] = hymn.stanzas.map(passage)
        var responses: [String] = []
        for kind in ResponseKind.allCases {
            guard let response = hymn.response(kind) else { continue }
            responses.append("::: \(kind.rawValue)\n" + passage(response) + "\n:::")
        }
        blocks.insert(contentsOf: responses, at: min(1, blocks.count))
        if !blocks.isEmpty { out += "\n" + blocks.joined(separator: "\n\n") + "\n" }
        return out
    }

    static func passage(_ passage: Passage) -> String {
        passage.lines.map(line).joined(separator: "\n")
    }

    static func line(_ line: Line) -> String {
        var text = line.segments.map { segment in
            let escaped = escape(RepeatSign.join(segment))
            return segment.marked ? "**" + escaped + "**" : escaped
        }.joined()
        // Escaped where the reader would see more than text: whitespace it trims (a space, a tab,
        // U+00A0…) at the start, or a fence or comment behind it.
        if let first = text.unicodeScalars.first, HymnBodyParser.isWhitespace(first) || text.hasPrefix(":::") || text.hasPrefix("<!--") {
            text = "\\" + text
        }
        return text
    }

    /// `\` and `*` carry meaning in the body; everything else is literal.
    static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "*" }) else { return text }
        var out = ""
        for character in text {
            if character == "\\" || character == "*" { out.append("\\") }
            out.append(character)
        }
        return out
    }

}
