import CSQLite
import Foundation
@testable import SitegenSnapshots
import Testing

/// `api/v1/bundle/*.sqlite` of a build of the bundled site, read with SQLite as an app reads it:
/// the Bible's books and plan, the hymns and the schedule opened as one database with each
/// translation's verses attached.
@Suite struct AppBundleTests {
    /// The bundle's files opened together: `bible.sqlite` (the main database), the others
    /// attached by their name (`hymns`, `schedule`, `kjv`, `web`, `rv1909`).
    static func open(_ site: BundledSite) throws -> ReadOnlyDatabase {
        let folder = site.api().appendingPathComponent("bundle")
        let db = try ReadOnlyDatabase(folder.appendingPathComponent("bible.sqlite"))
        for (file, name) in [("hymns", "hymns"), ("schedule", "schedule"), ("bible-kjv", "kjv"), ("bible-rv1909", "rv1909"), ("bible-web", "web")] {
            _ = try db.rows("ATTACH DATABASE ? AS \(name)", folder.appendingPathComponent(file + ".sqlite").path)
        }
        return db
    }

    @Test func holdsEveryVerseAndHymnAndFindsFoldedWords() async throws {
        let site = try await BundledSite.shared.value
        let db = try Self.open(site)
        // Every verse of the three bundled translations, each in its own file, ids by position (kjv, rv1909, web).
        #expect(try ["kjv", "rv1909", "web"].flatMap { try db.rows("SELECT id / 100000000, count(*) FROM \($0).verses GROUP BY 1") }
                    == [["0", "31102"], ["1", "31102"], ["2", "37617"]])
        // Each translation's verses are searched in its own file (issue 28, item 7): "amor" in the RV1909.
        #expect(try db.rows("SELECT count(*) FROM rv1909.verses_fts WHERE verses_fts MATCH ?", AppSearch.query("amor")) != [["0"]])
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
        // The RV1909's verses (its own file) by the site's Spanish rules (SearchLanguage): "pastores" and "pastor" are
        // one stem, so "Jehová es mi pastor" (Salmo 23:1) is found by "pastores"; "año" is not "ano".
        let pastores = try db.rows("SELECT rowid FROM rv1909.verses_fts WHERE verses_fts MATCH ?", AppSearch.query("Jehova pastores", language: "es"))
        #expect(pastores.contains(["119023001"]))
        let year = try db.rows("SELECT rowid FROM rv1909.verses_fts WHERE verses_fts MATCH ? AND rowid BETWEEN 100000000 AND 199999999",
                               AppSearch.query("año", language: "es"))
        let yearText = try db.rows("SELECT text FROM rv1909.verses WHERE id = ?", year.first?.first ?? "0")
        #expect(!year.isEmpty && yearText.first?.first?.lowercased().contains("año") == true)
        #expect(AppSearch.query("año", language: "es") != AppSearch.query("ano", language: "es"))
        // Whate’er (a curly apostrophe in the hymn) is found by "whateer", as on the site.
        let whateer = try db.rows("SELECT p.hymn FROM hymn_parts_fts JOIN hymn_parts p ON p.id = hymn_parts_fts.rowid WHERE hymn_parts_fts MATCH ?",
                                  AppSearch.query("whate'er"))
        #expect(whateer.contains(["123"]))
        let partsWithWord = try db.rows("SELECT hymn, text FROM hymn_parts ORDER BY id").filter { AppSearch.words($0[1]).contains("whateer") }
        #expect(whateer.sorted { Int($0[0])! < Int($1[0])! } == partsWithWord.map { [$0[0]] })
        #expect(try db.rows("SELECT count(*) FROM hymn_parts_fts WHERE hymn_parts_fts MATCH ?", AppSearch.query("whateer")) == [[String(whateer.count)]])
        #expect(try db.rows("SELECT value FROM bundle_info WHERE key = 'bundle'") == [["bible"]])
        #expect(try db.rows("SELECT value FROM kjv.bundle_info WHERE key = 'version'") == [[String(SnapshotModels.bundleVersion)]])
        #expect(try db.rows("SELECT count(*) FROM plan_readings WHERE day = '11-22'") == [["4"]])
        #expect(try db.rows("SELECT count(*) FROM localities") != [["0"]])
        let next = try db.rows("SELECT date FROM meetings WHERE date >= '2026-11-22' ORDER BY id LIMIT 3")
        #expect(next.count == 3)
    }

    @Test func twoBuildsGiveTheSameBytesAndTheManifestListsThem() async throws {
        let site = try await BundledSite.shared.value
        try await site.build(into: "Output2")
        defer { try? FileManager.default.removeItem(at: site.url("Output2")) }
        let manifest = try JSONDecoder().decode(SnapshotManifest.self,
                                                from: Data(contentsOf: site.api().appendingPathComponent("manifest.json")))
        #expect(manifest.bundles.map(\.path) == ["bible-kjv", "bible-rv1909", "bible-web", "bible", "hymns", "schedule"].map { "bundle/\($0).sqlite" }.sorted())
        let written = try FileManager.default.contentsOfDirectory(atPath: site.api().appendingPathComponent("bundle").path)
        #expect(Set(written) == Set(manifest.bundles.map { String($0.path.dropFirst("bundle/".count)) }))
        for bundle in manifest.bundles {
            let first = try Data(contentsOf: site.api().appendingPathComponent(bundle.path))
            let second = try Data(contentsOf: site.api("Output2").appendingPathComponent(bundle.path))
            #expect(first == second, "\(bundle.path)")
            #expect(bundle.bytes == first.count && bundle.sha256 == sha256Hex(first) && bundle.version == SnapshotModels.bundleVersion)
        }
        // What changes often is small: the hymns' and the schedule's files are a fraction of a translation's.
        let size = { (name: String) in manifest.bundles.first { $0.path == "bundle/\(name).sqlite" }!.bytes }
        #expect(size("schedule") < 300_000 && size("hymns") < 1_000_000 && size("bible-kjv") > 5_000_000)
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
