import Foundation
import SitegenSnapshots

/// The phone apps' offline Bible, below `api/v1/bible/<id>/`: the book list, one file per book
/// (verses as structured spans, never HTML), the reading plan and the daily verses. The wire
/// format is the apps' models (`BibleBooksFile`, `BibleBookFile`, `BiblePlanFile`,
/// `BibleDailyVersesFile` in SitegenSnapshots), filled below from the library and written by
/// `BookJSON` (the encoder's bytes, faster).
public enum BibleSnapshots {
    /// `jobs`: how many books to encode at once (the biggest snapshot files of the site).
    /// Each file is put in `sink` as soon as it is made (`sitegen build` stages it), so memory
    /// holds the books being encoded, not every translation's files.
    /// `queries`: a session's engine, which keeps each file while what it holds is the same
    /// (`BookFile`: its book; `TranslationFile`: the book list, the numbering, the plan, the
    /// verses of the day; encoding them is most of what a one-book edit costs here); without
    /// one (`sitegen build`, which runs once) each file is encoded and nothing kept.
    public static func snapshots(_ library: BibleLibrary, jobs: Int = 1, queries: QueryEngine? = nil,
                                 sink: FileSink = .keep) throws -> [Snapshot] {
        let put = { (snapshot: Snapshot) in snapshot.with(try sink(snapshot.file)) }
        let made = { (file: TranslationFile) in try put(queries?.value(file) ?? file.make()) }
        var result: [Snapshot] = []
        for translation in library.translations {
            let base = "bible/\(translation.id)/"
            result.append(try made(TranslationFile(path: base + "books.json", model: .books(BibleBooksFile(translation, base: base)))))
            result.append(try made(TranslationFile(path: base + "versification.json",
                                                   model: .versification(BibleVersificationFile(translation.scheme)))))
            result += try parallelMap(translation.books, jobs: jobs) { book in
                Result { try put(queries?.value(BookFile(place: "\(translation.id)/\(book.osis)", book: book, base: base))
                                 ?? bookFile(book, base: base)) }
            }.map { try $0.get() }
            // The plan and verse list are checked against the primary translation only.
            guard translation.id == library.primary.id else { continue }
            if let plan = library.plan {
                result.append(try made(TranslationFile(path: base + "plan.json", model: .plan(plan))))
            }
            if let daily = library.dailyVerses {
                result.append(try made(TranslationFile(path: base + "daily-verses.json", model: .dailyVerses(daily.shown(in: translation)))))
            }
        }
        return result
    }

    /// One book's file (`books/gen.json`).
    public static func bookData(_ book: Book) -> Data { Data(BookJSON.encode(BibleBookFile(book))) }

    /// `bible/kjv/books/1sam.json`: the OSIS id in lower case (snapshot paths are lower case).
    static func bookPath(_ book: Book, base: String) -> String { base + "books/\(book.osis.lowercased()).json" }
}

extension BibleBooksFile {
    init(_ t: SitegenBible.Translation, base: String) {
        self.init(translation: Translation(id: t.id, name: t.name, abbreviation: t.abbreviation, language: t.language,
                                           licence: t.licence, versification: t.versification),
                  books: t.books.map { b in
                      Book(osis: b.osis, usfm: b.canon.usfm, name: b.name, title: b.title, abbreviation: b.abbreviation,
                           testament: b.canon.testament.rawValue, path: BibleSnapshots.bookPath(b, base: base), order: b.canon.order,
                           chapters: b.chapters.count, verses: b.verseCount, verseCounts: b.chapters.map(\.verses.count))
                  })
    }
}

extension BibleVersificationFile {
    init(_ scheme: Versification) {
        self.init(name: scheme.name, hub: Versification.kjvName, map: scheme.intoKJV.sorted { $0.key < $1.key }.map {
            Mapping(verse: $0.key.osis, kjv: $0.value.osis)
        })
    }
}

extension BibleBookFile {
    init(_ book: SitegenBible.Book) {
        self.init(osis: book.osis, name: book.name, title: book.title,
                  chapters: book.chapters.map { Chapter(number: $0.number, verses: $0.verses.map(Verse.init)) })
    }
}

extension BibleBookFile.Verse {
    /// Flags and lists that do not apply are left out of the file (nil), never written empty or false.
    init(_ v: SitegenBible.Verse) {
        self.init(number: v.number, spans: v.spans.map(BibleSpan.init), paragraph: v.paragraph, poetry: v.poetry ? true : nil,
                  headings: v.headings.isEmpty ? nil : v.headings.map { $0.map(BibleSpan.init) },
                  subscription: v.subscription.isEmpty ? nil : v.subscription.map(BibleSpan.init))
    }
}

extension BibleSpan {
    init(_ span: Span) {
        func flag(_ style: Span.Style) -> Bool? { span.style.contains(style) ? true : nil }
        self.init(text: span.text, added: flag(.added), jesus: flag(.jesus), divineName: flag(.divineName), foreign: flag(.foreign))
    }
}

extension BiblePassage {
    init(_ p: Passage) {
        self.init(book: p.book.osis, startChapter: p.startChapter, startVerse: p.startVerse, endChapter: p.endChapter, endVerse: p.endVerse)
    }
}

extension BiblePlanFile {
    init(_ plan: ReadingPlan) {
        self.init(title: plan.title, description: plan.description, columns: plan.columns, days: plan.days.map { day in
            Day(date: day.key, readings: day.readings.map { Reading(label: $0.label, passages: $0.passages.map(BiblePassage.init)) })
        })
    }
}

extension BibleDailyVersesFile {
    init(_ daily: DailyVerses, _ translation: SitegenBible.Translation) {
        self.init(daily.shown(in: translation))
    }

    init(_ shown: [ShownVerse]) {
        self.init(rule: "verses[(days since 1970-01-01) mod count], by the reader's local date", verses: shown.map { verse in
            Entry(label: verse.reading.label, passage: BiblePassage(verse.reading.passages[0]), verses: verse.verses.map { $0.spans.map(BibleSpan.init) })
        })
    }
}

extension BibleSnapshots {
    /// A book's file (`books/gen.json`).
    static func bookFile(_ book: Book, base: String) -> Snapshot {
        Snapshot(path: bookPath(book, base: base), data: bookData(book), records: book.verseCount, schema: BibleSchemas.book)
    }
}

/// A book's file, by its place (`<translation>/<OSIS>`), made again only when the book differs.
struct BookFile: QueryKey {
    typealias Value = Snapshot
    let place: String
    let book: Book
    let base: String

    func compute(_ queries: Queries) -> Snapshot { BibleSnapshots.bookFile(book, base: base) }

    func hash(into hasher: inout Hasher) { hasher.combine(place) }
}

/// One of a translation's small files (`books.json`, `versification.json`, `plan.json`,
/// `daily-verses.json`), by its path, made from what its key holds: the file's model, or what
/// the model is made from (the plan; the verses of the day with their chapters). Encoded again
/// only when that differs (nil: it could not be encoded; `make` then reports why).
struct TranslationFile: QueryKey {
    typealias Value = Snapshot?
    let path: String
    let model: Model

    enum Model: Hashable, Sendable {
        case books(BibleBooksFile)
        case versification(BibleVersificationFile)
        case plan(ReadingPlan)
        case dailyVerses([ShownVerse])
    }

    func compute(_ queries: Queries) -> Snapshot? { try? make() }

    func make() throws -> Snapshot {
        switch model {
        case .books(let books):
            try Snapshot(path: path, value: books, records: books.books.count, schema: BibleSchemas.books)
        case .versification(let numbering):
            try Snapshot(path: path, value: numbering, records: numbering.map.count, schema: BibleSchemas.versification)
        case .plan(let plan):
            Snapshot(path: path, data: Data(BookJSON.encode(BiblePlanFile(plan))), records: plan.days.count, schema: BibleSchemas.plan)
        case .dailyVerses(let shown):
            Snapshot(path: path, data: Data(BookJSON.encode(BibleDailyVersesFile(shown))), records: shown.count,
                     schema: BibleSchemas.dailyVerses)
        }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(path) }
}
