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
        #expect(words["markAsRead"] == "Mark as read")   // not in the table: English
        #expect(words.longDate(CalendarDate(year: 2026, month: 11, day: 24)!) == "martes, 24 de noviembre de 2026")
        #expect(config?.menu.first?.stringKey == "menu.hymns")
    }

    @Test func unknownKeysAMissingTableAndAnUnknownMenuStringAreErrorsWithTheirPlace() throws {
        let (_, problems) = try read(site: "title: T\nlanguage: fi\nmenu:\n  - { string: menu.hymnz, url: /hymns/ }\n",
                                     tables: ["es.yml": "search: Buscar\nserch: Buscar\n"])
        #expect(problems.contains("Content/strings/es.yml:2:8: error: unknown key 'serch' (the keys are those of Sources/SitegenCore/Strings/en.yml)"))
        #expect(problems.contains { $0.hasPrefix("Content/site.yml:2:11: error: language 'fi' has no string table: add Content/strings/fi.yml") })
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
}
