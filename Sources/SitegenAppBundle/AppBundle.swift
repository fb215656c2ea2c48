import Foundation
import SitegenCore
import SitegenWords

/// The apps' SQLite bundle (docs/app-data.md): every kind's `AppTable`s, one SQLite database per
/// bundle file they name (`api/v1/bundle/hymns-1-50.sqlite`, `bundle/bible-kjv-law.sqlite`, …), with an
/// FTS5 table beside each searched table holding its text folded by the site search's word
/// rules. What changes together is in one file, so an edit changes one small file and an app
/// downloads that one. Deterministic: the same tables give the same bytes (fixed page size,
/// tables in name order, rows in the kinds' order, no timestamps or build day, optimized and
/// vacuumed).
public enum AppBundle {
    /// The folder below `api/v1/`.
    public static let folder = "bundle/"
    /// Bumped when the tables change in a way an app must know about (the manifest states it).
    /// 2: one file per bundle part, `bundle_info` without `as_of`. 3: the hymns' parts in a file
    /// per fifty numbers, a translation's verses in a file per division of the canon.
    public static let version = 3

    /// A bundle file's path below `api/v1/`.
    public static func path(_ bundle: String) -> String { folder + bundle + ".sqlite" }

    /// The tables by the bundle file they go in, in name order; names checked plain.
    public static func files(_ tables: [AppTable]) throws -> [(bundle: String, tables: [AppTable])] {
        let byBundle = Dictionary(grouping: tables, by: \.bundle)
        for bundle in byBundle.keys where !isBundleName(bundle) {
            throw AppBundleError("bundle file name '\(bundle)' is not plain (lower-case letters, digits and '-')")
        }
        return byBundle.keys.sorted().map { ($0, byBundle[$0]!) }
    }

    /// One bundle file's bytes. It is made in a temporary file (SQLite needs one) that is removed
    /// again; the pipeline writes the bytes with the rest of the site.
    public static func data(_ tables: [AppTable], bundle: String, generator: String) throws -> Data {
        try checkNames(tables)
        let folder = FileManager.default.temporaryDirectory
        let name = "sitegen-app-\(UUID().uuidString)"
        let (file, vacuumed) = (folder.appendingPathComponent(name + ".sqlite"), folder.appendingPathComponent(name + "-vacuumed.sqlite"))
        defer { for made in [file, vacuumed] { try? FileManager.default.removeItem(at: made) } }
        do {
            let db = try SQLiteDatabase(path: file.path)
            // Made once and thrown away: no journal, no syncing, and every page kept in memory
            // (a cache of up to 256 MB) until the one write at the end.
            try db.execute("PRAGMA page_size = 8192; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE; "
                           + "PRAGMA cache_size = -262144; PRAGMA temp_store = MEMORY; BEGIN")
            try write(info(bundle: bundle, generator: generator), to: db)
            for table in tables.sorted(by: { $0.name < $1.name }) { try write(table, to: db) }
            // A compact copy without the pages the merged full-text segments left free (written
            // once, where VACUUM in place writes the database twice).
            try db.execute("COMMIT; VACUUM INTO '\(vacuumed.path.replacingOccurrences(of: "'", with: "''"))'")
        }
        return try Data(contentsOf: vacuumed)
    }

    /// `bundle_info`: what the file is (its part of the bundle, the layout's version, made by
    /// what). Not the build's day: a translation's file would change every day for nothing (the
    /// manifest's `asOf` says it).
    static func info(bundle: String, generator: String) -> AppTable {
        AppTable(name: "bundle_info", bundle: bundle, columns: [AppColumn("key", .text), AppColumn("value", .text)], primaryKey: ["key"],
                 rows: [["bundle", bundle], ["generator", generator], ["version", String(version)]].map { $0.map(AppValue.text) })
    }

    static func isBundleName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    static func write(_ table: AppTable, to db: SQLiteDatabase) throws {
        let rows = table.rows   // made once here when the table has a row source
        try db.execute(AppSQL.create(table))
        try db.insert(AppSQL.insert(table), rows: rows)
        if !table.fullText.isEmpty { try writeFullText(table, rows: rows, to: db) }
        for sql in AppSQL.indexes(table) { try db.execute(sql) }
    }

    /// `<name>_fts`: a contentless FTS5 table whose row ids are the table's keys and whose
    /// columns hold the folded words (so a query folded the same way finds `whate’er` by
    /// "whateer"), merged into one segment so its bytes do not depend on insertion batches.
    static func writeFullText(_ table: AppTable, rows tableRows: [[AppValue]], to db: SQLiteDatabase) throws {
        let key = try columnIndex(table, table.columns.firstIndex { $0.name == table.primaryKey.first })
        let searched = try table.fullText.map { name in try columnIndex(table, table.columns.firstIndex { $0.name == name }) }
        try db.execute(AppSQL.createFullText(table))
        // All the rows' terms in memory (up to 256 MB) and written as one segment at 'optimize',
        // instead of segments flushed every megabyte and merged again and again.
        try db.execute("INSERT INTO \(table.name)_fts(\(table.name)_fts, rank) VALUES('hashsize', 268435456); "
                       + "INSERT INTO \(table.name)_fts(\(table.name)_fts, rank) VALUES('automerge', 0)")
        // One folder per language, kept over the rows: each distinct word is stemmed once.
        var folders = table.fullTextLanguages.map { ($0.keys, FoldedTexts(language: SearchLanguage.rules(for: $0.language))) }
        var shared = FoldedTexts()
        let rows = tableRows.lazy.map { row in
            let index = folders.firstIndex { range, _ in
                if case .integer(let id) = row[key] { return range.contains(id) }
                return false
            }
            return [row[key].binding] + searched.map { column -> AppValueBinding in
                guard case .text(let text) = row[column] else { return .null }
                return .text(index.map { folders[$0].1.folded(text) } ?? shared.folded(text))
            }
        }
        try db.insert(AppSQL.insertFullText(table), rows: rows)
        try db.execute("INSERT INTO \(table.name)_fts(\(table.name)_fts) VALUES('optimize')")
    }

    /// Names become SQL identifiers as they are: only lower-case letters, digits and `_`.
    static func checkNames(_ tables: [AppTable]) throws {
        var seen: Set<String> = ["bundle_info"]
        for table in tables {
            guard seen.insert(table.name).inserted else {
                throw AppBundleError("two kinds make table '\(table.name)' in bundle file '\(table.bundle)'")
            }
            for name in [table.name] + table.columns.map(\.name) where !AppSQL.isIdentifier(name) {
                throw AppBundleError("'\(name)' is not a plain SQL name")
            }
            if !table.fullText.isEmpty, table.primaryKey.count != 1 ||
                table.columns.first(where: { $0.name == table.primaryKey[0] })?.kind != .integer {
                throw AppBundleError("searched table '\(table.name)' needs one integer primary key")
            }
        }
    }
}

private func columnIndex(_ table: AppTable, _ index: Int?) throws -> Int {
    guard let index else { throw AppBundleError("table '\(table.name)' names a column it does not have") }
    return index
}

extension AppValue {
    var binding: AppValueBinding {
        switch self {
        case .integer(let value): .integer(value)
        case .real(let value): .real(value)
        case .text(let value): .text(value)
        case .null: .null
        }
    }
}
