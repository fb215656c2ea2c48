import Foundation
import Testing
@testable import SitegenBible
@testable import SitegenCore
@testable import SitegenHymns

/// The rules the browser scripts fill instead of re-deriving (issue 43): a verse's and a hymn's
/// address, a reference's text, the plan's day. `Tests/Fixtures/script-rules.json` holds, for a
/// spread of cases, what the build writes for the scripts (the templates) beside what Swift's own
/// functions give; this test makes the table again and compares, and `Tests/js/script-rules.test.js`
/// fills the same templates with the scripts' functions and compares with the same answers. A
/// rule changed in Swift alone fails here; a script changed alone fails there. After changing a
/// rule on purpose: `SITEGEN_WRITE_SCRIPT_RULES=1 swift test --filter ScriptRulesTests`.
@Suite("Script rules")
struct ScriptRulesTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/script-rules.json")
    static let bases = ["/", "https://example.org/church/"]

    struct Table: Codable, Equatable {
        var verses: [Verse] = []
        var references: [Reference] = []
        var hymns: [Hymn] = []
        var planDays: [PlanDay] = []
        var chapterPages: [ChapterPage] = []
    }
    /// `template` as the books files and /my/ carry it; the verse's and its chapter's address.
    struct Verse: Codable, Equatable { let template: String, chapter: Int, verse: Int, url: String, chapterURL: String }
    /// The page's `ref.*` words, what a reference has, and its text.
    struct Reference: Codable, Equatable {
        let language: String, forms: [String: String], values: [String: String], text: String, inTranslation: String
    }
    /// A chapter page's forms (`data-verse-ref`, `data-verses-ref`, `data-in-translation`: the
    /// chapter filled in) and the labels of verses and ranges marks.js makes with them.
    struct ChapterPage: Codable, Equatable { let verse: String, verses: String, inTranslation: String, labels: [[String]] }
    struct Hymn: Codable, Equatable { let template: String, number: Int, url: String }
    /// The plan's templates (`day`, `days`, `url`) and, for a date, the key, file and address.
    struct PlanDay: Codable, Equatable { let templates: [String: String], date: String, key: String, days: String, url: String }

    static func table() -> Table {
        var table = Table()
        let places: [(osis: String, chapter: Int, verse: Int)] = [("John", 3, 16), ("Ps", 119, 176), ("Jude", 1, 3), ("1Cor", 13, 4),
                                                                   ("Tob", 2, 1), ("Rev", 22, 21)]
        for base in bases {
            let context = bareContext(base: base)
            for id in [nil, "rv1909", "web"] {
                for place in places {
                    let canon = Canon.book(osis: place.osis)!
                    table.verses.append(Verse(template: context.url(BiblePaths.verseTemplate(canon, in: id)), chapter: place.chapter,
                                              verse: place.verse, url: context.url(BiblePaths.verse(canon, place.chapter, place.verse, in: id)),
                                              chapterURL: context.url(BiblePaths.chapter(canon, place.chapter, in: id))))
                }
            }
            for number in [1, 12, 365, 1000] {
                table.hymns.append(Hymn(template: context.url(HymnPages.pathTemplate), number: number,
                                        url: context.url(HymnPages.path(number))))
            }
            let templates = PlanDays.scriptValues(nil, context: context).mapValues { value -> String in
                if case .text(let text) = value { return text } else { return "" }
            }
            for date in ["2026-01-05", "2024-02-29", "2026-11-24", "2026-12-31", "2027-10-09"] {
                let day = CalendarDate(date)!, month = PlanPage.pad(day.month)
                table.planDays.append(PlanDay(templates: templates, date: date, key: PlanDays.key(day),
                                              days: context.url(PlanDays.file(month: month)),
                                              url: context.url(PlanPage.dayPath(month: month, key: PlanDays.key(day)))))
            }
        }
        let cases: [(book: String, chapter: Int, verse: Int?, toChapter: Int?, toVerse: Int?)] = [
            ("Psalm", 23, nil, nil, nil), ("Genesis", 1, nil, 2, nil), ("Psalm", 23, 1, nil, nil), ("Psalm", 23, 3, nil, 5),
            ("John", 3, 16, 4, 2), ("Jude", 1, 3, 1, 3), ("Luke", 1, 39, 1, 80), ("Genesis", 5, nil, 5, nil),
        ]
        for language in ["en", "es", "fi"] {
            let words = StringTable(language: language, words: StringTable.builtInTables[language]!)
            let references = ReferenceText(words)
            for c in cases {
                var values = ["book": c.book, "chapter": String(c.chapter)]
                values["verse"] = c.verse.map(String.init)
                values["toChapter"] = c.toChapter.map(String.init)
                values["toVerse"] = c.toVerse.map(String.init)
                let text = references.text(book: c.book, chapter: c.chapter, verse: c.verse, toChapter: c.toChapter, toVerse: c.toVerse)
                table.references.append(Reference(language: language, forms: references.forms, values: values, text: text,
                                                   inTranslation: references.text(text, in: "RV1909")))
            }
            for (book, chapter) in [("Salmo", "23"), ("Jude", "1")] {
                let labels = [("1", nil), ("3", "5"), ("4", "4")].map { (from: String, to: String?) in
                    [from, to ?? "", references.text(book: book, chapter: chapter, verse: from, toVerse: to)]
                }
                table.chapterPages.append(ChapterPage(verse: references.text(book: book, chapter: chapter, verse: "{verse}"),
                                                      verses: references.text(book: book, chapter: chapter, verse: "{verse}", toVerse: "{toVerse}"),
                                                      inTranslation: references.text("{reference}", in: "RV1909"), labels: labels))
            }
        }
        return table
    }

    static func encoded(_ table: Table) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(table) + Data("\n".utf8)
    }

    @Test func theTableIsSwiftsRules() throws {
        let made = try Self.encoded(Self.table())
        if ProcessInfo.processInfo.environment["SITEGEN_WRITE_SCRIPT_RULES"] == "1" { try made.write(to: Self.fixture) }
        let kept = try Data(contentsOf: Self.fixture)
        #expect(try JSONDecoder().decode(Table.self, from: kept) == Self.table(),
                "Swift's rules differ from Tests/Fixtures/script-rules.json (the scripts are checked against it): see this suite's comment")
        #expect(kept == made)
    }

    /// The table is a spread, not a sample of one: each rule's cases differ where it matters.
    @Test func theTableCoversEveryForm() throws {
        let table = Self.table()
        #expect(Set(table.verses.map(\.template)).count == 36)   // 6 books, 3 translations, 2 bases
        #expect(table.verses.contains { $0.url == "/church/bible/rv1909/psalms/119/#v176" })
        #expect(Set(table.references.map(\.text)).isSuperset(of: ["Psalm 23", "Genesis 1–2", "Psalm 23:1", "Psalm 23:3–5",
                                                                  "John 3:16–4:2", "Jude 1:3", "Genesis 5"]))
        #expect(table.hymns.contains { $0.url == "/church/hymns/365/" })
        // The search's verse titles (made a chapter at a time) are `text`'s, a book named like a placeholder too.
        for language in ["en", "es", "fi"] {
            let references = ReferenceText(StringTable(language: language, words: StringTable.builtInTables[language]!))
            for book in ["Salmo", "{verse} {chapter}"] {
                let titles = references.verseTitles(book: book, chapter: 23)
                for verse in [1, 6, 176] { #expect(titles(verse) == references.text(book: book, chapter: 23, verse: verse)) }
            }
        }
        #expect(table.planDays.contains { $0.key == "02-29" && $0.url == "/church/bible/plan/02/#d02-29" })
    }
}
