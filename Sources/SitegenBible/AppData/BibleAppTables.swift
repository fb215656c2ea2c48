/// What the apps' SQLite bundle holds of the Bible (docs/app-data.md): the translations, their
/// books, the reading plan and the daily verses in the bundle file `bible`; each translation's
/// verses (searched through `verses_fts`) in one file per division of the canon,
/// `bible-<id>-<division>` (`bible-kjv-law`, … `bible-kjv-letters`), so a verse edit changes a
/// file of a fifth of the translation or less, and only that translation's.
enum BibleAppTables {
    static func tables(_ library: BibleLibrary) -> [AppTable] {
        var tables = [translations(library), books(library)]
        tables += library.translations.enumerated().flatMap { verses($1, position: $0) }
        if let plan = library.plan { tables.append(planReadings(plan)) }
        if let daily = library.dailyVerses { tables.append(dailyVerses(daily)) }
        return tables
    }

    static func translations(_ library: BibleLibrary) -> AppTable {
        AppTable(name: "translations", bundle: "bible",
                 columns: ["id", "name", "abbreviation", "language", "licence", "versification"].map { AppColumn($0, .text) }
                     + [AppColumn("position", .integer), AppColumn("is_primary", .integer)],
                 primaryKey: ["id"],
                 rows: library.translations.enumerated().map { position, t in
                     [t.id, t.name, t.abbreviation, t.language, t.licence, t.versification].map(AppValue.text)
                         + [.integer(position), .flag(t.id == library.primary.id)]
                 })
    }

    static func books(_ library: BibleLibrary) -> AppTable {
        AppTable(name: "bible_books", bundle: "bible",
                 columns: [AppColumn("translation", .text), AppColumn("osis", .text), AppColumn("position", .integer),
                           AppColumn("name", .text), AppColumn("title", .text), AppColumn("abbreviation", .text),
                           AppColumn("testament", .text), AppColumn("chapters", .integer), AppColumn("verses", .integer)],
                 primaryKey: ["translation", "osis"],
                 rows: library.translations.flatMap { t in
                     t.books.sorted { $0.osis < $1.osis }.map { b in
                         [.text(t.id), .text(b.osis), .integer(b.canon.order), .text(b.name), .text(b.title), .text(b.abbreviation),
                          .text(b.canon.testament.rawValue), .integer(b.chapters.count), .integer(b.verseCount)]
                     }
                 })
    }

    /// `id` is the translation's position × 10⁸ + book × 10⁶ + chapter × 10³ + verse: John 3:16
    /// of the first translation is 43003016, so a chapter is one range of ids and the reference
    /// is in the id (columns for translation, book, chapter and verse cost a tenth of the
    /// bundle's gzipped size).
    /// One `verses` table per division of the canon the translation has books in, in canon order.
    static func verses(_ t: Translation, position: Int) -> [AppTable] {
        let books = t.books.sorted { $0.canon.order < $1.canon.order }
        let divisions = Dictionary(grouping: books) { CanonDivision(order: $0.canon.order) }
        return CanonDivision.allCases.compactMap { division in
            divisions[division].map { verses($0, of: t, position: position, bundle: "bible-\(t.id)-\(division.rawValue)") }
        }
    }

    /// Its rows are made from the books when its bundle file is written (`VerseRows`).
    static func verses(_ books: [Book], of t: Translation, position: Int, bundle: String) -> AppTable {
        AppTable(name: "verses", bundle: bundle,
                        columns: [AppColumn("id", .integer), AppColumn("text", .text), AppColumn("styles", .text, optional: true),
                                  AppColumn("paragraph", .integer)],
                        primaryKey: ["id"], rows: VerseRows(books: books, position: position), fullText: ["text"],
                        fullTextLanguages: [AppTable.FullTextLanguage(keys: position * 100_000_000..<(position + 1) * 100_000_000,
                                                                      language: t.language)])
    }

    /// The verse's styled runs over `text`: `[[start, length, style], …]` in UTF-16 code units
    /// (what NSString, Swift's `utf16` view and Java/Kotlin strings index by), `style` the
    /// span's flags (1 added, 2 words of Jesus, 4 divine name, 8 foreign script); NULL when
    /// the verse has none. Compact: spans written out as JSON would nearly double the bundle.
    static func styles(_ verse: Verse) -> AppValue {
        var runs: [String] = []
        var offset = 0
        for span in verse.spans {
            let length = span.text.utf16.count
            if !span.style.isEmpty { runs.append("[\(offset),\(length),\(span.style.rawValue)]") }
            offset += length
        }
        return runs.isEmpty ? .null : .text("[" + runs.joined(separator: ",") + "]")
    }

    static let passageColumns = [AppColumn("book", .text), AppColumn("start_chapter", .integer), AppColumn("start_verse", .integer),
                                 AppColumn("end_chapter", .integer), AppColumn("end_verse", .integer)]

    static func values(_ p: Passage) -> [AppValue] {
        [.text(p.book.osis), .integer(p.startChapter), .integer(p.startVerse), .integer(p.endChapter), .integer(p.endVerse)]
    }

    /// One row per passage of each day's readings; `day` is `MM-DD`.
    static func planReadings(_ plan: ReadingPlan) -> AppTable {
        AppTable(name: "plan_readings", bundle: "bible",
                 columns: [AppColumn("day", .text), AppColumn("reading", .integer), AppColumn("passage", .integer),
                           AppColumn("label", .text), AppColumn("column_name", .text)] + passageColumns,
                 primaryKey: ["day", "reading", "passage"],
                 rows: plan.days.sorted { $0.key < $1.key }.flatMap { day in
                     day.readings.enumerated().flatMap { r, reading in
                         reading.passages.enumerated().map { p, passage in
                             [.text(day.key), .integer(r + 1), .integer(p + 1), .text(reading.label),
                              .text(r < plan.columns.count ? plan.columns[r] : "")] + values(passage)
                         }
                     }
                 })
    }

    /// `position` 0…count−1: the verse of a day is the one at (days since 1970-01-01) mod count.
    static func dailyVerses(_ daily: DailyVerses) -> AppTable {
        AppTable(name: "daily_verses", bundle: "bible",
                 columns: [AppColumn("position", .integer), AppColumn("label", .text)] + passageColumns,
                 primaryKey: ["position"],
                 rows: daily.readings.enumerated().compactMap { index, reading in
                     reading.passages.first.map { [.integer(index), .text(reading.label)] + values($0) }
                 })
    }
}

/// A `verses` table's rows, made from its books when its bundle file is written: a row per
/// verse, `[id, text, styles, paragraph]`, so the build does not hold every verse's text as rows
/// from the kinds' step to its end.
struct VerseRows: AppRowSource, Equatable {
    let books: [Book]
    let position: Int

    var count: Int { books.reduce(0) { $0 + $1.verseCount } }

    func rows() -> [[AppValue]] {
        var rows: [[AppValue]] = []
        rows.reserveCapacity(count)
        for book in books {
            for chapter in book.chapters {
                for verse in chapter.verses {
                    let id = position * 100_000_000 + book.canon.order * 1_000_000 + chapter.number * 1000 + verse.number
                    rows.append([.integer(id), .text(verse.plainText), BibleAppTables.styles(verse), .flag(verse.paragraph)])
                }
            }
        }
        return rows
    }
}

/// The divisions of the canon a translation's bundle files follow (books by canon order): each
/// about a sixth of the Protestant canon (the largest, the histories, 23 % of the KJV's verses),
/// fixed by the book, so an edit never moves a verse to another file.
enum CanonDivision: String, CaseIterable {
    case law, history, wisdom, prophets, gospels, letters, deuterocanon

    init(order: Int) {
        switch order {
        case ...5: self = .law                 // Genesis–Deuteronomy
        case 6...17: self = .history           // Joshua–Esther
        case 18...22: self = .wisdom           // Job–Song of Solomon
        case 23...39: self = .prophets         // Isaiah–Malachi
        case 40...44: self = .gospels          // Matthew–Acts
        case 45...66: self = .letters          // Romans–Revelation
        default: self = .deuterocanon
        }
    }
}
