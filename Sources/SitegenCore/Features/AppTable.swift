/// What a content kind gives the apps' SQLite bundle (`ContentKind.appTables`): tables, each
/// with the bundle file it goes in, its columns, its rows and, if it is searched, the columns its
/// full-text table holds. The pipeline collects every kind's tables and writes one database per
/// bundle file (SitegenAppBundle); it never looks inside a kind. Values are typed and `Hashable`, so `sitegen serve` writes the
/// bundle again only when some kind's tables differ from last time. A table's rows are given as
/// values, or as an `AppRowSource` that makes them when its bundle file is written (a
/// translation's verses: the build does not hold every verse's row beside the model).
public struct AppTable: Sendable, Hashable {
    /// Table name in the database (`verses`); unique within its bundle file.
    public let name: String
    /// The bundle file it goes in (`api/v1/bundle/<bundle>.sqlite`): what changes together, so an
    /// edit changes one small file (`hymns`, `schedule`, a translation's verses `bible-kjv`).
    /// Lower-case letters, digits and `-`.
    public let bundle: String
    public let columns: [AppColumn]
    /// Column names of the primary key. A table with `fullText` has one integer key, which is
    /// also the row id of its full-text table.
    public let primaryKey: [String]
    /// Rows in primary-key order (each row has one value per column): the bundle inserts them
    /// in this order, so the same model always gives the same bytes. Made here when the table
    /// has a row source.
    public var rows: [[AppValue]] {
        switch source {
        case .values(let rows): rows
        case .made(let made): made.rows()
        }
    }
    /// How many rows it has (without making them).
    public var rowCount: Int {
        switch source {
        case .values(let rows): rows.count
        case .made(let made): made.count
        }
    }
    private let source: Rows
    /// Text columns searched through `<name>_fts` (FTS5): stored there folded by
    /// `SearchText.words`, the site search's word rules.
    public let fullText: [String]
    /// The language of the rows whose key is in a range (a translation's verses), so their
    /// full text is folded and stemmed by that language's rules (`SearchLanguage`, as the
    /// site's search does); rows in no range use the shared rules.
    public let fullTextLanguages: [FullTextLanguage]
    /// More indexes, each a list of column names (`["translation", "book", "chapter"]`).
    public let indexes: [[String]]

    public init(name: String, bundle: String, columns: [AppColumn], primaryKey: [String], rows: [[AppValue]],
                fullText: [String] = [], fullTextLanguages: [FullTextLanguage] = [], indexes: [[String]] = []) {
        self.init(name: name, bundle: bundle, columns: columns, primaryKey: primaryKey, source: .values(rows), fullText: fullText,
                  fullTextLanguages: fullTextLanguages, indexes: indexes)
    }

    /// A table whose rows `rows` makes when the bundle file is written.
    public init(name: String, bundle: String, columns: [AppColumn], primaryKey: [String], rows: some AppRowSource,
                fullText: [String] = [], fullTextLanguages: [FullTextLanguage] = [], indexes: [[String]] = []) {
        self.init(name: name, bundle: bundle, columns: columns, primaryKey: primaryKey, source: .made(rows), fullText: fullText,
                  fullTextLanguages: fullTextLanguages, indexes: indexes)
    }

    private init(name: String, bundle: String, columns: [AppColumn], primaryKey: [String], source: Rows,
                 fullText: [String], fullTextLanguages: [FullTextLanguage], indexes: [[String]]) {
        (self.name, self.bundle, self.columns, self.primaryKey, self.source) = (name, bundle, columns, primaryKey, source)
        (self.fullText, self.fullTextLanguages, self.indexes) = (fullText, fullTextLanguages, indexes)
    }

    private enum Rows: Sendable {
        case values([[AppValue]])
        case made(any AppRowSource)
    }

    /// Equal when they would write the same table: two row sources are compared as sources
    /// (a translation's books), not by making their rows.
    public static func == (a: AppTable, b: AppTable) -> Bool {
        guard a.name == b.name, a.bundle == b.bundle, a.columns == b.columns, a.primaryKey == b.primaryKey, a.fullText == b.fullText,
              a.fullTextLanguages == b.fullTextLanguages, a.indexes == b.indexes, a.rowCount == b.rowCount else { return false }
        switch (a.source, b.source) {
        case (.values(let x), .values(let y)): return x == y
        case (.made(let x), .made(let y)) where x.isSame(as: y): return true
        default: return a.rows == b.rows
        }
    }

    /// What `==` compares first, without the rows.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(bundle)
        hasher.combine(rowCount)
    }

    /// Rows with keys in `keys` are in `language` (a BCP 47 tag).
    public struct FullTextLanguage: Sendable, Hashable {
        public let keys: Range<Int>
        public let language: String

        public init(keys: Range<Int>, language: String) { (self.keys, self.language) = (keys, language) }
    }
}

/// What makes a table's rows when its bundle file is written, from what the kind keeps anyway (a
/// translation's books), so the rows exist only while their file is made. Pure: equal sources
/// make equal rows.
public protocol AppRowSource: Sendable {
    /// How many rows `rows()` makes.
    var count: Int { get }
    /// The rows, in primary-key order.
    func rows() -> [[AppValue]]
    /// Whether `other` makes the same rows (an equal source of the same type).
    func isSame(as other: any AppRowSource) -> Bool
}

extension AppRowSource where Self: Equatable {
    public func isSame(as other: any AppRowSource) -> Bool { (other as? Self) == self }
}

/// One column: its name, SQL type and whether it may be NULL.
public struct AppColumn: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case integer = "INTEGER", real = "REAL", text = "TEXT"
    }

    public let name: String
    public let kind: Kind
    public let optional: Bool

    public init(_ name: String, _ kind: Kind, optional: Bool = false) {
        (self.name, self.kind, self.optional) = (name, kind, optional)
    }
}

/// One value of a row.
public enum AppValue: Sendable, Hashable {
    case integer(Int)
    case real(Double)
    case text(String)
    case null

    public static func flag(_ value: Bool) -> AppValue { .integer(value ? 1 : 0) }
    public static func optional(_ text: String?) -> AppValue { text.map(AppValue.text) ?? .null }
    public static func optional(_ number: Int?) -> AppValue { number.map(AppValue.integer) ?? .null }
    public static func optional(_ number: Double?) -> AppValue { number.map(AppValue.real) ?? .null }
}
