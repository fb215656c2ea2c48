import CSQLite
import Foundation
@testable import SitegenSnapshots
import Testing

/// `api/v1/bundle/*.sqlite` of a build of the bundled site (a few books of every translation,
/// `BundledSite.shared`), read with SQLite as an app reads it:
/// one connection per subject, each within SQLite's default of 10 attached files — the Bible's
/// books and plan with one translation's divisions attached, the hymns' list with its ranges,
/// the schedule — and a temporary view over a table's parts.
@Suite struct AppBundleTests {
    static let divisions = ["law", "history", "wisdom", "prophets", "gospels", "letters"]

    /// `main` opened, and every file of `parts` attached under its name; a `TEMP VIEW` named
    /// `table` unites the parts' rows (a read-only connection may make temporary objects).
    static func open(_ site: BundledSite, main: String, parts: [String: String], table: String) throws -> ReadOnlyDatabase {
        let folder = site.api().appendingPathComponent("bundle")
        let db = try ReadOnlyDatabase(folder.appendingPathComponent(main + ".sqlite"))
        for (name, file) in parts.sorted(by: { $0.key < $1.key }) {
            _ = try db.rows("ATTACH DATABASE ? AS \"\(name)\"", folder.appendingPathComponent(file + ".sqlite").path)
        }
        _ = try db.rows("CREATE TEMP VIEW all_\(table) AS " + parts.keys.sorted().map { "SELECT * FROM \"\($0)\".\(table)" }.joined(separator: " UNION ALL "))
        return db
    }

    /// `bible.sqlite` with a translation's divisions attached (`law`, … `letters`, `deuterocanon` when it has one).
    static func openTranslation(_ site: BundledSite, _ id: String) throws -> ReadOnlyDatabase {
        let folder = site.api().appendingPathComponent("bundle").path
        let names = (divisions + ["deuterocanon"]).filter { FileManager.default.fileExists(atPath: "\(folder)/bible-\(id)-\($0).sqlite") }
        return try open(site, main: "bible", parts: Dictionary(uniqueKeysWithValues: names.map { ($0, "bible-\(id)-\($0)") }), table: "verses")
    }

    /// `hymns.sqlite` with the hymns' ranges attached (`h1` for `hymns-1-50.sqlite`, `h51`, …).
    static func openHymns(_ site: BundledSite) throws -> ReadOnlyDatabase {
        let ranges = stride(from: 1, through: 351, by: 50).map { ("h\($0)", "hymns-\($0)-\($0 + 49)") }
        return try open(site, main: "hymns", parts: Dictionary(uniqueKeysWithValues: ranges), table: "hymn_parts")
    }

    @Test func holdsEveryVerseAndHymnAndFindsFoldedWords() async throws {
        let site = try await BundledSite.shared.value
        // Every verse of the three bundled translations' sources, each in its own files, ids by position (kjv, rv1909, web).
        #expect(try BundledSite.translations.flatMap { try Self.openTranslation(site, $0).rows("SELECT id / 100000000, count(*) FROM all_verses GROUP BY 1") }
                    == BundledSite.translations.enumerated().map { [String($0), String(try site.sourceVerses($1))] })
        let kjv = try Self.openTranslation(site, "kjv")
        // Each division holds its books only (by canon position): of those kept, Genesis–Leviticus in law,
        // Ruth in history, Ecclesiastes in wisdom, Amos in prophets, Matthew and John in gospels, James and Revelation in letters.
        let books = [("law", "1 2 3"), ("history", "8"), ("wisdom", "21"), ("prophets", "30"), ("gospels", "40 43"), ("letters", "59 66")]
        for (division, positions) in books {
            #expect(try kjv.rows("SELECT DISTINCT id / 1000000 FROM \(division).verses ORDER BY 1") == positions.split(separator: " ").map { [String($0)] })
        }
        // The WEB's deuterocanon (the Prayer of Manasseh) is a file of its own, after Revelation.
        let web = try Self.openTranslation(site, "web")
        #expect(try web.rows("SELECT count(DISTINCT id / 1000000 % 100), min(id / 1000000 % 100) > 66 FROM deuterocanon.verses") == [["1", "1"]])
        let rv1909 = try Self.openTranslation(site, "rv1909")
        // Each translation's verses are searched in its own files (issue 28, item 7): "amor" in the RV1909.
        let allVerses = { (names: [String]) in AppSearch.sql(searching: "verses", in: names) }
        #expect(try !rv1909.rows(allVerses(Self.divisions), AppSearch.query("amor")).isEmpty)
        #expect(try Self.openHymns(site).rows("SELECT count(*) FROM hymns") == [["365"]])
        // The reference is in the id: John (book 43) 3:16.
        #expect(try kjv.rows("""
            SELECT b.osis, v.id / 1000 % 1000, v.id % 1000, v.text FROM all_verses v
            JOIN bible_books b ON b.translation = 'kjv' AND b.position = v.id / 1000000 % 100 WHERE v.id = 43003016
            """) == [["John", "3", "16", "¶ For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life."]])
        // FTS5 over every division (AppSearch.sql) finds exactly the verses whose words, folded by the site's rules,
        // include the word, in canon order: Genesis 49:24 (law), Ecclesiastes 12:11 (wisdom), Amos 3:12 (prophets)
        // and John 10:11 (gospels) among them.
        let shepherd = try kjv.rows(allVerses(Self.divisions), AppSearch.query("Shepherd"))
        let withWord = try kjv.rows("SELECT id, text FROM all_verses ORDER BY id").filter { AppSearch.words($0[1]).contains("shepherd") }
        #expect(shepherd == withWord.map { [$0[0]] })
        #expect(shepherd.contains(["1049024"]) && shepherd.contains(["21012011"]) && shepherd.contains(["30003012"])
                    && shepherd.contains(["43010011"]))
        // The KJV's forms, as on the site: "love" finds "loveth" (John 3:35, "The Father loveth the Son").
        let love = try kjv.rows(allVerses(Self.divisions), AppSearch.query("love"))
        #expect(love.contains(["43003035"]) && love.count > shepherd.count)
        // The RV1909's verses (its own files) by the site's Spanish rules (SearchLanguage): "pastores" and "pastor" are
        // one stem, so "Así ha dicho Jehová: De la manera que el pastor…" (Amós 3:12) is found by "pastores"; "año" is not "ano".
        let pastores = try rv1909.rows(allVerses(Self.divisions), AppSearch.query("Jehova pastores", language: "es"))
        #expect(pastores.contains(["130003012"]))
        let year = try rv1909.rows(allVerses(Self.divisions), AppSearch.query("año", language: "es"))
        let yearText = try rv1909.rows("SELECT text FROM all_verses WHERE id = ?", year.first?.first ?? "0")
        #expect(!year.isEmpty && yearText.first?.first?.lowercased().contains("año") == true)
        #expect(AppSearch.query("año", language: "es") != AppSearch.query("ano", language: "es"))
        // Whate’er (a curly apostrophe in hymn 123, in hymns-101-150) is found by "whateer", as on the site, in every range.
        let hymns = try Self.openHymns(site)
        let ranges = stride(from: 1, through: 351, by: 50).map { "h\($0)" }
        let whateer = try hymns.rows("SELECT p.hymn FROM (\(AppSearch.sql(searching: "hymn_parts", in: ranges))) AS f JOIN all_hymn_parts p ON p.id = f.id",
                                     AppSearch.query("whate'er"))
        #expect(whateer.contains(["123"]))
        let partsWithWord = try hymns.rows("SELECT hymn, text FROM all_hymn_parts ORDER BY id").filter { AppSearch.words($0[1]).contains("whateer") }
        #expect(whateer == partsWithWord.map { [$0[0]] } && Set(whateer.map { Int($0[0])! / 50 }).count > 1)
        #expect(try hymns.rows("SELECT value FROM h101.bundle_info WHERE key = 'bundle'") == [["hymns-101-150"]])
        #expect(try kjv.rows("SELECT value FROM bundle_info WHERE key = 'bundle'") == [["bible"]])
        #expect(try kjv.rows("SELECT value FROM letters.bundle_info WHERE key = 'version'") == [[String(SnapshotModels.bundleVersion)]])
        // The plan's readings of a day, as many as its line in plan.yml names (01-01: [Genesis 1, Matthew 1, John 1, James 1]).
        let newYear = try #require(try String(contentsOf: site.url("Content/bible/plan.yml"), encoding: .utf8)
            .split(separator: "\n").first { $0.hasPrefix("  01-01: [") })
        #expect(try kjv.rows("SELECT count(*) FROM plan_readings WHERE day = '01-01'") == [[String(newYear.split(separator: ",").count)]])
        let schedule = try ReadOnlyDatabase(site.api().appendingPathComponent("bundle/schedule.sqlite"))
        #expect(try schedule.rows("SELECT count(*) FROM localities") != [["0"]])
        let next = try schedule.rows("SELECT date FROM meetings WHERE date >= '2026-11-22' ORDER BY id LIMIT 3")
        #expect(next.count == 3)
    }

    @Test func twoBuildsGiveTheSameBytesAndTheManifestListsThem() async throws {
        let site = try await BundledSite.shared.value
        try await site.build(into: "Output2")
        defer { try? FileManager.default.removeItem(at: site.url("Output2")) }
        let manifest = try JSONDecoder().decode(SnapshotManifest.self,
                                                from: Data(contentsOf: site.api().appendingPathComponent("manifest.json")))
        let translations = BundledSite.translations.flatMap { id in Self.divisions.map { "bible-\(id)-\($0)" } } + ["bible-web-deuterocanon"]
        let hymns = stride(from: 1, through: 351, by: 50).map { "hymns-\($0)-\($0 + 49)" }
        #expect(manifest.bundles.map(\.path) == (translations + hymns + ["bible", "hymns", "schedule"]).map { "bundle/\($0).sqlite" }.sorted())
        let written = try FileManager.default.contentsOfDirectory(atPath: site.api().appendingPathComponent("bundle").path)
        #expect(Set(written) == Set(manifest.bundles.map { String($0.path.dropFirst("bundle/".count)) }))
        for bundle in manifest.bundles {
            let first = try Data(contentsOf: site.api().appendingPathComponent(bundle.path))
            let second = try Data(contentsOf: site.api("Output2").appendingPathComponent(bundle.path))
            #expect(first == second, "\(bundle.path)")
            #expect(bundle.bytes == first.count && bundle.sha256 == sha256Hex(first) && bundle.version == SnapshotModels.bundleVersion)
        }
        // What an edit changes is small: a range of hymns and the schedule are a fraction of a division of a
        // translation (here the law's Genesis–Leviticus, three of its five books).
        let size = { (name: String) in manifest.bundles.first { $0.path == "bundle/\(name).sqlite" }!.bytes }
        #expect(size("schedule") < 300_000 && size("hymns-101-150") < 200_000 && size("bible-kjv-law") > 800_000)
        #expect(Set(manifest.files.filter { $0.schemaName == "hymns" }.map(\.path)) == Set(hymns.map { "hymns/\($0.dropFirst("hymns-".count)).json" }))
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
