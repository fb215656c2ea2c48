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
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let close = lines.indices.dropFirst().first(where: { isFence(lines[$0]) }) else {
            diagnostics.error("front matter starts with '---' but has no closing '---' line",
                              at: file.location(line: 1))
            return nil
        }
        let yaml = lines[1..<close].joined(separator: "\n")
        let body = lines[(close + 1)...].joined(separator: "\n")
        return FrontMatterDocument(file: file, yaml: yaml, yamlFirstLine: 2, body: body, bodyFirstLine: close + 2)
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
