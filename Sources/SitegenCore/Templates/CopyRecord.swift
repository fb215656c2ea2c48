/// One built-in file a site copied to change it (`sitegen theme copy`, `sitegen strings copy`),
/// known by the name it has in the site: the records of both are kept the same way.
public protocol CopyRecord: Sendable, Equatable {
    /// What was copied, as the site names it: `hymn.mustache`, `fi` (for `fi.yml`).
    var copied: String { get }
    /// The record's line in its YAML list (values JSON-quoted).
    var yamlLine: String { get }
}

extension Array where Element: CopyRecord {
    /// Sorted by name, as the records are kept and written.
    func sortedByName() -> [Element] { sorted { $0.copied < $1.copied } }

    func copy(named name: String) -> Element? { first { $0.copied == name } }

    /// Adds `copy`, replacing the record of the same name.
    mutating func replace(with copy: Element) {
        removeAll { $0.copied == copy.copied }
        append(copy)
        sort { $0.copied < $1.copied }
    }

    /// The record file: its comment lines, then `copies:` and a line per copy (or `copies: []`).
    func yaml(comments: [String]) -> String {
        (comments.map { "# " + $0 } + (isEmpty ? ["copies: []"] : ["copies:"] + map { "  - " + $0.yamlLine }))
            .joined(separator: "\n") + "\n"
    }
}
