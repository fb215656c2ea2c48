/// What a content kind gives the apps' SQLite bundle (`ContentKind.appTables`): tables, each
/// with the bundle file it goes in, its columns, its rows and, if it is searched, the columns its
/// full-text table holds. The pipeline collects every kind's tables and writes one database per
/// bundle file (SitegenAppBundle); it never looks inside a kind. Values are typed and `Hashable`, so `sitegen serve` writes the
/// bundle again only when some kind's tables differ from last time.
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
    /// in this order, so the same model always gives the same bytes.
    public let rows: [[AppValue]]
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
        (self.name, self.bundle, self.columns, self.primaryKey, self.rows) = (name, bundle, columns, primaryKey, rows)
        (self.fullText, self.fullTextLanguages, self.indexes) = (fullText, fullTextLanguages, indexes)
    }

    /// Rows with keys in `keys` are in `language` (a BCP 47 tag).
    public struct FullTextLanguage: Sendable, Hashable {
        public let keys: Range<Int>
        public let language: String

        public init(keys: Range<Int>, language: String) { (self.keys, self.language) = (keys, language) }
    }
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
