import SitegenCore

/// The SQL statements an `AppTable` becomes (names are checked plain before they get here).
enum AppSQL {
    static func create(_ table: AppTable) -> String {
        let integerKey = table.primaryKey.count == 1 && table.columns.first { $0.name == table.primaryKey[0] }?.kind == .integer
        var parts = table.columns.map { column in
            var sql = "\(column.name) \(column.kind.rawValue)"
            if integerKey, column.name == table.primaryKey[0] { sql += " PRIMARY KEY" } else if !column.optional { sql += " NOT NULL" }
            return sql
        }
        if !integerKey { parts.append("PRIMARY KEY (\(table.primaryKey.joined(separator: ", ")))") }
        // A table keyed by text is stored in key order without a separate row id.
        return "CREATE TABLE \(table.name) (\(parts.joined(separator: ", ")))" + (integerKey ? "" : " WITHOUT ROWID")
    }

    static func insert(_ table: AppTable) -> String {
        let names = table.columns.map(\.name).joined(separator: ", ")
        let marks = Array(repeating: "?", count: table.columns.count).joined(separator: ", ")
        return "INSERT INTO \(table.name) (\(names)) VALUES (\(marks))"
    }

    /// Contentless (the text is in the table itself), and `detail=column`: which documents and
    /// columns hold a word, not its positions, so no phrase queries, but an index a fifth
    /// smaller, which keeps the bundle with the KJV under 3.2 MB gzipped (docs/app-data.md).
    static func createFullText(_ table: AppTable) -> String {
        "CREATE VIRTUAL TABLE \(table.name)_fts USING fts5(\(table.fullText.joined(separator: ", ")), content='', " +
            "detail=column, tokenize='unicode61 remove_diacritics 0')"
    }

    static func insertFullText(_ table: AppTable) -> String {
        let marks = Array(repeating: "?", count: table.fullText.count + 1).joined(separator: ", ")
        return "INSERT INTO \(table.name)_fts (rowid, \(table.fullText.joined(separator: ", "))) VALUES (\(marks))"
    }

    static func indexes(_ table: AppTable) -> [String] {
        table.indexes.map { columns in
            "CREATE INDEX \(table.name)_by_\(columns.joined(separator: "_")) ON \(table.name) (\(columns.joined(separator: ", ")))"
        }
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, first >= 0x61 && first <= 0x7A else { return false }
        return name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }
}
