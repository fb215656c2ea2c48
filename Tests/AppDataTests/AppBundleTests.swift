import CSQLite
import Foundation
import SitegenSnapshots
import Testing

/// `api/v1/app.sqlite` of a build of the bundled site, read with SQLite as an app reads it.
@Suite struct AppBundleTests {
    @Test func holdsEveryVerseAndHymnAndFindsFoldedWords() async throws {
        let site = try await BundledSite.shared.value
        let db = try ReadOnlyDatabase(site.api().appendingPathComponent("app.sqlite"))
        // Every verse of the three bundled translations, by position (kjv, rv1909, web: sorted by id).
        #expect(try db.rows("SELECT id / 100000000, count(*) FROM verses GROUP BY 1 ORDER BY 1")
                    == [["0", "31102"], ["1", "31102"], ["2", "37617"]])
        #expect(try db.rows("SELECT count(*) FROM hymns") == [["365"]])
        // The reference is in the id: John (book 43) 3:16.
        #expect(try db.rows("""
            SELECT b.osis, v.id / 1000 % 1000, v.id % 1000, v.text FROM verses v
            JOIN bible_books b ON b.translation = 'kjv' AND b.position = v.id / 1000000 % 100 WHERE v.id = 43003016
            """) == [["John", "3", "16", "¶ For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life."]])
        // FTS5 finds exactly the verses whose words, folded by the site's rules, include the word.
        let shepherd = try db.rows("SELECT rowid FROM verses_fts WHERE verses_fts MATCH ? ORDER BY rowid", AppSearch.query("Shepherd"))
        let withWord = try db.rows("SELECT id, text FROM verses ORDER BY id").filter { AppSearch.words($0[1]).contains("shepherd") }
        #expect(shepherd == withWord.map { [$0[0]] })
        #expect(shepherd.contains(["19023001"]) && shepherd.contains(["43010011"]))
        // The KJV's forms, as on the site: "love" finds "loveth" (John 3:35, "The Father loveth the Son").
        let love = try db.rows("SELECT rowid FROM verses_fts WHERE verses_fts MATCH ?", AppSearch.query("love"))
        #expect(love.contains(["43003035"]) && love.count > shepherd.count)
        // The RV1909's verses by the site's Spanish rules (SearchLanguage): "pastores" and "pastor" are
        // one stem, so "Jehová es mi pastor" (Salmo 23:1) is found by "pastores"; "año" is not "ano".
        let pastores = try db.rows("SELECT rowid FROM verses_fts WHERE verses_fts MATCH ?", AppSearch.query("Jehova pastores", language: "es"))
        #expect(pastores.contains(["119023001"]))
        let year = try db.rows("SELECT rowid FROM verses_fts WHERE verses_fts MATCH ? AND rowid BETWEEN 100000000 AND 199999999",
                               AppSearch.query("año", language: "es"))
        let yearText = try db.rows("SELECT text FROM verses WHERE id = ?", year.first?.first ?? "0")
        #expect(!year.isEmpty && yearText.first?.first?.lowercased().contains("año") == true)
        #expect(AppSearch.query("año", language: "es") != AppSearch.query("ano", language: "es"))
        // Whate’er (a curly apostrophe in the hymn) is found by "whateer", as on the site.
        let whateer = try db.rows("SELECT p.hymn FROM hymn_parts_fts JOIN hymn_parts p ON p.id = hymn_parts_fts.rowid WHERE hymn_parts_fts MATCH ?",
                                  AppSearch.query("whate'er"))
        #expect(whateer.contains(["123"]))
        let partsWithWord = try db.rows("SELECT hymn, text FROM hymn_parts ORDER BY id").filter { AppSearch.words($0[1]).contains("whateer") }
        #expect(whateer.sorted { Int($0[0])! < Int($1[0])! } == partsWithWord.map { [$0[0]] })
        #expect(try db.rows("SELECT count(*) FROM hymn_parts_fts WHERE hymn_parts_fts MATCH ?", AppSearch.query("whateer")) == [[String(whateer.count)]])
        #expect(try db.rows("SELECT value FROM bundle_info WHERE key = 'as_of'") == [["2026-11-22"]])
        #expect(try db.rows("SELECT count(*) FROM plan_readings WHERE day = '11-22'") == [["4"]])
        #expect(try db.rows("SELECT count(*) FROM localities") != [["0"]])
        let next = try db.rows("SELECT date FROM meetings WHERE date >= '2026-11-22' ORDER BY id LIMIT 3")
        #expect(next.count == 3)
    }

    @Test func twoBuildsGiveTheSameBytesAndTheManifestListsThem() async throws {
        let site = try await BundledSite.shared.value
        try await site.build(into: "Output2")
        let first = try Data(contentsOf: site.api().appendingPathComponent("app.sqlite"))
        let second = try Data(contentsOf: site.api("Output2").appendingPathComponent("app.sqlite"))
        #expect(first == second)
        let manifest = try JSONDecoder().decode(SnapshotManifest.self,
                                                from: Data(contentsOf: site.api().appendingPathComponent("manifest.json")))
        let bundle = try #require(manifest.bundle)
        #expect(bundle.path == "app.sqlite" && bundle.bytes == first.count && bundle.version == SnapshotModels.bundleVersion)
        try? FileManager.default.removeItem(at: site.url("Output2"))
    }
}

/// An SQLite file opened read-only, as an app opens the bundle.
final class ReadOnlyDatabase {
    private var handle: OpaquePointer?

    init(_ url: URL) throws {
        guard sqlite3_open_v2(url.path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            throw DatabaseError(message: "cannot open \(url.path)")
        }
    }

    deinit { sqlite3_close(handle) }

    /// Every row of a query, each value as text.
    func rows(_ sql: String, _ parameters: String...) throws -> [[String]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw DatabaseError(message: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        for (index, parameter) in parameters.enumerated() {
            sqlite3_bind_text(statement, Int32(index + 1), parameter, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }
        var rows: [[String]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append((0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "NULL"
            })
        }
        return rows
    }

    struct DatabaseError: Error { let message: String }
}
