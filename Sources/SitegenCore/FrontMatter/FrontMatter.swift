/// A Markdown file split into its YAML front matter and its body, remembering on which line
/// each part starts so errors point at the right line of the original file.
public struct FrontMatterDocument: Sendable {
    public let file: SourceFile
    /// The YAML between the `---` fences, or nil when the file has none.
    public let yaml: String?
    /// Line of the file on which the YAML's first line stands.
    public let yamlFirstLine: Int
    public let body: String
    /// Line of the file on which the body's first line stands.
    public let bodyFirstLine: Int

    /// Splits `file`. An opening `---` without a closing `---` (or `...`) is an error.
    public static func split(_ file: SourceFile, diagnostics: Diagnostics) -> FrontMatterDocument? {
        let text = file.text
        guard text.hasPrefix("---\n") || text == "---" else {
            return FrontMatterDocument(file: file, yaml: nil, yamlFirstLine: 1, body: text, bodyFirstLine: 1)
        }
        guard let fence = closingFence(text) else {
            diagnostics.error("front matter starts with '---' but has no closing '---' line",
                              at: file.location(line: 1))
            return nil
        }
        let yamlStart = text.utf8.index(text.startIndex, offsetBy: 4)   // after "---\n"
        return FrontMatterDocument(file: file, yaml: String(text[yamlStart..<fence.yamlEnd]), yamlFirstLine: 2,
                                   body: String(text[fence.bodyStart...]), bodyFirstLine: fence.line + 2)
    }

    /// The first fence line after the opening one (its 0-based line number), where the YAML ends
    /// (before the line feed that precedes the fence) and where the body starts. Looked for line by
    /// line on the UTF-8 bytes, without splitting the whole file into lines and joining them again:
    /// the same lines, since the text's line ends are "\n" (`SourceFile`), and a line feed is always
    /// a character of its own.
    private static func closingFence(_ text: String) -> (line: Int, yamlEnd: String.Index, bodyStart: String.Index)? {
        let bytes = text.utf8
        guard bytes.count >= 4 else { return nil }   // "---": no second line
        var lineStart = bytes.index(bytes.startIndex, offsetBy: 4)
        var line = 1
        while true {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            if isFence(text[lineStart..<lineEnd]) {
                let yamlEnd = line == 1 ? lineStart : bytes.index(before: lineStart)
                return (line, yamlEnd, lineEnd == bytes.endIndex ? lineEnd : bytes.index(after: lineEnd))
            }
            if lineEnd == bytes.endIndex { return nil }
            lineStart = bytes.index(after: lineEnd)
            line += 1
        }
    }

    private static func isFence(_ line: Substring) -> Bool {
        let trimmed = line.trimmingTrailingWhitespace
        return trimmed == "---" || trimmed == "..."
    }

    /// The front matter as a mapping; an empty mapping when there is none.
    public func fields(diagnostics: Diagnostics) -> YAMLFields? {
        guard let yaml else { return YAMLFields.empty(file: file, line: 1) }
        return YAMLFields.parse(yaml, file: file, firstLine: yamlFirstLine, diagnostics: diagnostics)
    }
}

extension Substring {
    var trimmingTrailingWhitespace: Substring {
        var s = self
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return s
    }
}
