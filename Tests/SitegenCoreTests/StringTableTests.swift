import Foundation
import Testing
@testable import SitegenCore

/// The interface's string tables (docs/languages.md): English built in, a site's table over it,
/// every problem with its place.
@Suite struct StringTableTests {
    /// A Content/ folder with site.yml and the given tables, read as a build reads it.
    func read(site: String, tables: [String: String]) throws -> (SiteConfig?, [String]) {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("sitegen-strings-\(UUID().uuidString)")
        try fm.createDirectory(at: dir.appendingPathComponent("strings"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        try site.write(to: dir.appendingPathComponent("site.yml"), atomically: true, encoding: .utf8)
        for (name, text) in tables {
            try text.write(to: dir.appendingPathComponent("strings/\(name)"), atomically: true, encoding: .utf8)
        }
        let diagnostics = Diagnostics()
        let config = SiteConfig.read(from: SourceTree(url: dir, displayPath: "Content"), diagnostics: diagnostics)
        return (config, diagnostics.all.map(\.description))
    }

    @Test func aSiteInSpanishHasItsWordsAndEnglishWhereItsTableIsSilent() throws {
        let (config, problems) = try read(site: "title: T\nlanguage: es\nmenu:\n  - { string: menu.hymns, url: /hymns/ }\n",
                                          tables: ["es.yml": "menu.hymns: Himnos\ndate.month11: noviembre\ndate.weekday3: martes\n"
                                                   + "date.long: \"{weekday}, {day} de {month} de {year}\"\n"])
        #expect(problems == [])
        let words = try #require(config).strings.site
        #expect(words.language == "es")
        #expect(words["menu.hymns"] == "Himnos")
        #expect(words["markAsRead"] == "Marcar como leído")   // not in the site's table: the built-in Spanish
        #expect(words.longDate(CalendarDate(year: 2026, month: 11, day: 24)!) == "martes, 24 de noviembre de 2026")
        #expect(config?.menu.first?.stringKey == "menu.hymns")
    }

    @Test func unknownKeysAMissingTableAndAnUnknownMenuStringAreErrorsWithTheirPlace() throws {
        let (_, problems) = try read(site: "title: T\nlanguage: sv\nmenu:\n  - { string: menu.hymnz, url: /hymns/ }\n",
                                     tables: ["es.yml": "search: Buscar\nserch: Buscar\n"])
        #expect(problems.contains("Content/strings/es.yml:2:8: error: unknown key 'serch' (no string of sitegen has it; "
                                  + "`sitegen strings copy en --as NAME` writes them all)"))
        #expect(problems.contains { $0.hasPrefix("Content/site.yml:2:11: error: language 'sv' has no string table: sitegen has en, es, fi; "
                                                 + "start one with `sitegen strings copy en --as sv`") })
        #expect(problems.contains { $0.hasPrefix("Content/site.yml:4:") && $0.contains("menu item's string 'menu.hymnz' is no key") })
    }

    @Test func scriptsGetTheirGroupAsJSONThatCannotCloseTheScriptElement() {
        guard case .object(let groups) = StringTable.builtIn.scriptValues, case .text(let marks)? = groups["marks"] else {
            Issue.record("no marks group"); return
        }
        let decoded = try? JSONSerialization.jsonObject(with: Data(marks.utf8)) as? [String: String]
        #expect(decoded?["marks.copied"] == "Copied {ref}.")
        #expect(decoded?.keys.allSatisfy { $0.hasPrefix("marks.") } == true)
        #expect(!marks.contains("<"))
    }

    @Test func formatFillsEachPlaceholderOnceAndLeavesTheRestAsWritten() {
        let table = StringTable.builtIn
        #expect(table.format("date.long", ["weekday": "Tuesday", "day": "24", "month": "November", "year": "2026"])
                == "Tuesday, 24 November 2026")
        // A value is put in as it is: one that looks like a placeholder is not filled in again.
        #expect(table.format("description.parallel", ["passage": "Ésaïe {right} 1", "left": "KJV", "right": "WEB"])
                == "Ésaïe {right} 1 in the KJV and the WEB, side by side.")
        // A placeholder without a value stays as written; a key with no word is the key.
        #expect(table.format("onlyIn", ["ref": "3 John 1:15"]) == "3 John 1:15 is a verse of the {scheme} numbering only.")
        #expect(table.format("no.such.key {ref}", ["ref": "x"]) == "no.such.key x")
    }

    @Test func everyBuiltInTableHasEveryKeyAndItsOwnWords() {
        #expect(StringTable.builtInLanguages == ["en", "es", "fi"])
        for language in StringTable.builtInLanguages {
            let table = StringTable.builtInTables[language]!
            #expect(Set(table.keys) == Set(StringTable.english.keys), "\(language)")
        }
        #expect(StringTable.builtInTables["fi"]?["chorus"] == "Kertosäe")
        #expect(StringTable.builtInTables["es"]?["congregations"] == "Congregaciones")
    }

    @Test func aSiteInFinnishNeedsNoTableAndItsOwnOverridesKeyByKey() throws {
        let (bare, none) = try read(site: "title: T\nlanguage: fi\n", tables: [:])
        #expect(none == [])
        #expect(try #require(bare).strings.site["search"] == "Hae")
        let (config, problems) = try read(site: "title: T\nlanguage: fi\n", tables: ["fi.yml": "search: Etsi\n"])
        #expect(problems == [])
        let words = try #require(config).strings.site
        #expect(words["search"] == "Etsi")
        #expect(words["chorus"] == "Kertosäe")   // not in the site's table: the built-in Finnish
        // A page in another built-in language (a Spanish translation's) finds its table uncopied.
        #expect(try #require(config).strings.table("es")["search"] == "Buscar")
    }

    @Test func aNewLanguagesMissingKeysAreOneWarningListingThem() throws {
        let (config, problems) = try read(site: "title: T\nlanguage: sv\n", tables: ["sv.yml": "search: Sök\n"])
        #expect(try #require(config).strings.site["search"] == "Sök")
        #expect(config?.strings.site["chorus"] == "Chorus")
        let warnings = problems.filter { $0.contains("warning") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("Content/strings/sv.yml:1:1: warning: \(StringTable.english.count - 1) keys not in this table, so shown in English: ") == true)
        let listed = warnings.first?.components(separatedBy: "English: ").last?.components(separatedBy: ", ") ?? []
        #expect(listed.count == StringTable.english.count - 1 && listed.contains("chorus") && !listed.contains("search"))
    }

    @Test func aCopiedTableWarnsOnlyOfTheBuiltInWordsItSetsThatChanged() throws {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("sitegen-copies-\(UUID().uuidString)")
        try fm.createDirectory(at: dir.appendingPathComponent(".copies"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        // As copied from an older sitegen whose Finnish `search` and `chorus` were other words.
        let now = StringTable.builtInTables["fi"]!
        try "search: Etsi\nchorus: Kertaus\nskipToContent: \(now["skipToContent"]!)\n"
            .write(to: dir.appendingPathComponent(".copies/fi.yml"), atomically: true, encoding: .utf8)
        try "search: Etsi\nskipToContent: Sisältöön\n".write(to: dir.appendingPathComponent("fi.yml"), atomically: true, encoding: .utf8)
        let strings = SourceTree(url: dir, displayPath: "Content/strings")
        var copies = StringCopies()
        copies.record(.init(table: "fi", from: "fi", sitegen: "0.0.9", sha256: "old"))
        try copies.text.write(to: dir.appendingPathComponent(StringCopies.fileName), atomically: true, encoding: .utf8)
        let read = StringCopies.read(strings, diagnostics: Diagnostics())
        #expect(read == copies)
        let drift = read.drift(strings: strings).map(\.description)
        // `search` is set by the site and changed; `chorus` changed but the site does not set it;
        // `skipToContent` is set but did not change.
        #expect(drift == ["Content/strings/fi.yml:1:1: warning: the built-in 'fi' words search changed since this table was copied "
                          + "from sitegen 0.0.9; see how: sitegen strings diff fi"])
        copies.record(.init(table: "fi", from: "fi", sitegen: "0.0.9", sha256: SnapshotJSON.sha256(Data(StringTable.builtInFiles["fi"]!))))
        #expect(copies.drift(strings: strings).isEmpty)
    }
}
