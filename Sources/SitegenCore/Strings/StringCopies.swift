import Foundation

/// `Content/strings/.copies.yml`: the tables a site copied with `sitegen strings copy`, each with
/// the built-in table it came from (`fi`, or `en` for a new language), the sitegen version and
/// the SHA-256 of that table then. The built-in table itself, as it was then, is kept in
/// `Content/strings/.copies/<table>.yml`. Both are hidden, so never read as a language's table:
/// `sitegen strings diff` shows what a newer sitegen changed, and `check` warns when a word the
/// site overrides changed (as `ThemeCopies` does for templates).
public struct StringCopies: Sendable, Equatable {
    public struct Copy: CopyRecord {
        /// The site's table: `fi` for `Content/strings/fi.yml`.
        public let table: String
        /// The built-in table it was copied from.
        public let from: String
        public let sitegen: String
        public let sha256: String

        public init(table: String, from: String, sitegen: String, sha256: String) {
            (self.table, self.from, self.sitegen, self.sha256) = (table, from, sitegen, sha256)
        }

        public var copied: String { table }
        public var yamlLine: String {
            "{ table: \(JSONText.quoted(table)), from: \(JSONText.quoted(from)), "
                + "sitegen: \(JSONText.quoted(sitegen)), sha256: \(JSONText.quoted(sha256)) }"
        }
    }

    public static let fileName = ".copies.yml"
    public static let baseFolder = ".copies"

    /// Sorted by table.
    public private(set) var copies: [Copy]

    public init(copies: [Copy] = []) { self.copies = copies.sortedByName() }

    public func copy(of table: String) -> Copy? { copies.copy(named: table) }

    /// Records (or replaces) the copy of `table`.
    public mutating func record(_ copy: Copy) { copies.replace(with: copy) }

    /// The built-in table's text as copied, relative to the strings folder.
    public static func basePath(_ table: String) -> String { "\(baseFolder)/\(table).yml" }

    /// Reads the record from the site's strings folder; none is no copies. Problems go to `diagnostics`.
    public static func read(_ strings: SourceTree, diagnostics: Diagnostics) -> StringCopies {
        guard strings.fileExists(fileName), let file = strings.read(fileName, diagnostics: diagnostics),
              let fields = YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: diagnostics) else { return StringCopies() }
        defer { fields.reportUnknownKeys() }
        let copies = (fields.mappingList("copies") ?? []).compactMap { entry -> Copy? in
            defer { entry.reportUnknownKeys() }
            guard let table = entry.string("table", required: true), let from = entry.string("from", required: true),
                  let version = entry.string("sitegen", required: true), let hash = entry.string("sha256", required: true) else { return nil }
            return Copy(table: table, from: from, sitegen: version, sha256: hash)
        }
        return StringCopies(copies: copies)
    }

    /// The record's text (values JSON-quoted: valid YAML for any name).
    public var text: String {
        copies.yaml(comments: ["Written by `sitegen strings copy`: the built-in table each of these tables came from.",
                               "`sitegen check` warns when a newer sitegen changes a word one of them sets; `sitegen strings diff` shows how."])
    }

    /// A warning for each copied table whose built-in original changed since in a word the site's
    /// table still sets (or is no longer built in), at the site's table, naming the words and the
    /// command that shows the change.
    public func drift(strings: SourceTree) -> [Diagnostic] {
        copies.compactMap { copy in
            let name = "\(copy.table).yml"
            guard strings.fileExists(name) else { return nil }
            let location = SourceLocation(path: strings.display(name))
            guard let now = StringTable.builtInFiles[copy.from] else {
                return Diagnostic(.warning, at: location, "sitegen no longer has a built-in '\(copy.from)' table, which this one was copied from")
            }
            guard SnapshotJSON.sha256(Data(now)) != copy.sha256 else { return nil }
            let quiet = Diagnostics()
            let before = strings.read(Self.basePath(copy.table), diagnostics: quiet).flatMap { StringTable.words($0, diagnostics: quiet) } ?? [:]
            let own = strings.read(name, diagnostics: quiet).flatMap { StringTable.words($0, diagnostics: quiet) } ?? [:]
            let builtIn = StringTable.builtInTables[copy.from] ?? [:]
            let changed = own.keys.filter { before[$0] != builtIn[$0] }.sorted()
            guard !changed.isEmpty else { return nil }
            return Diagnostic(.warning, at: location,
                              "the built-in '\(copy.from)' words \(changed.joined(separator: ", ")) changed since this table was copied "
                              + "from sitegen \(copy.sitegen); see how: sitegen strings diff \(copy.table)")
        }
    }
}
