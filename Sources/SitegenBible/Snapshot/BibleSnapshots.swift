import Foundation

/// The phone apps' offline Bible, below `api/v1/bible/<id>/`: the book list, one file per book
/// (verses as structured spans, never HTML), the reading plan and the daily verses.
public enum BibleSnapshots {
    /// `jobs`: how many books to encode at once (the biggest snapshot files of the site).
    /// `cache` remembers the files of books, the book list, the plan and the daily verses while
    /// what they hold is what it was (encoding them is most of what a one-book edit costs here).
    public static func snapshots(_ library: BibleLibrary, jobs: Int = 1, cache: BibleCache = BibleCache()) throws -> [Snapshot] {
        try cache.snapshots.withLock { memo in try snapshots(library, jobs: jobs, books: cache.bookFiles, memo: &memo) }
    }

    static func snapshots(_ library: BibleLibrary, jobs: Int, books bookFiles: KeyedMemo<Book, Data>,
                          memo: inout InputMemo<Snapshot>) throws -> [Snapshot] {
        memo.begin()
        defer { memo.end() }
        var result: [Snapshot] = []
        for translation in library.translations {
            let base = "bible/\(translation.id)/"
            let books = BooksFile(translation, base: base)
            result.append(try memo.value(base + "books.json", inputs: books) {
                try Snapshot(path: base + "books.json", value: books, records: translation.books.count, schema: BibleSchemas.books)
            })
            result += parallelMap(translation.books, jobs: jobs) { book in
                Snapshot(path: BibleSnapshots.bookPath(book, base: base),
                         data: bookFiles.value("\(translation.id)/\(book.osis)", input: book) { bookData(book) },
                         records: book.verseCount, schema: BibleSchemas.book)
            }
            // The plan and verse list are checked against the primary translation only.
            guard translation.id == library.primary.id else { continue }
            if let plan = library.plan {
                result.append(memo.value(base + "plan.json", inputs: plan) {
                    Snapshot(path: base + "plan.json", data: Data(BookJSON.encode(PlanFile(plan))), records: plan.days.count,
                             schema: BibleSchemas.plan)
                })
            }
            if let daily = library.dailyVerses {
                result.append(memo.value(base + "daily-verses.json", inputs: DailyVersesInputs(daily, translation)) {
                    Snapshot(path: base + "daily-verses.json", data: Data(BookJSON.encode(DailyVersesFile(daily, translation))),
                             records: daily.readings.count, schema: BibleSchemas.dailyVerses)
                })
            }
        }
        return result
    }

    /// One book's file (`books/gen.json`).
    public static func bookData(_ book: Book) -> Data { Data(BookJSON.encode(book)) }

    /// `bible/kjv/books/1sam.json`: the OSIS id in lower case (snapshot paths are lower case).
    static func bookPath(_ book: Book, base: String) -> String { base + "books/\(book.osis.lowercased()).json" }
}

struct BooksFile: Encodable, Hashable {
    struct TranslationInfo: Encodable, Hashable { let id, name, abbreviation, language, licence, versification: String }
    struct BookInfo: Encodable, Hashable {
        let osis, usfm, name, title, abbreviation, testament, path: String
        let order, chapters, verses: Int
        let verseCounts: [Int]
    }
    let translation: TranslationInfo
    let books: [BookInfo]

    init(_ t: Translation, base: String) {
        translation = TranslationInfo(id: t.id, name: t.name, abbreviation: t.abbreviation, language: t.language,
                                      licence: t.licence, versification: t.versification)
        books = t.books.map { b in
            BookInfo(osis: b.osis, usfm: b.canon.usfm, name: b.name, title: b.title, abbreviation: b.abbreviation,
                     testament: b.canon.testament.rawValue, path: BibleSnapshots.bookPath(b, base: base), order: b.canon.order,
                     chapters: b.chapters.count, verses: b.verseCount, verseCounts: b.chapters.map(\.verses.count))
        }
    }
}

/// The shape of `books/<osis>.json`, kept as the reference `BookJSON` is tested against.
struct BookFile: Encodable {
    struct VerseEntry: Encodable {
        let number: Int
        let spans: [Span]
        let paragraph: Bool
        let poetry: Bool?
        let headings: [[Span]]?
        let subscription: [Span]?

        init(_ v: Verse) {
            number = v.number
            spans = v.spans
            paragraph = v.paragraph
            poetry = v.poetry ? true : nil
            headings = v.headings.isEmpty ? nil : v.headings
            subscription = v.subscription.isEmpty ? nil : v.subscription
        }
    }
    struct ChapterEntry: Encodable {
        let number: Int
        let verses: [VerseEntry]
    }
    let osis, name, title: String
    let chapters: [ChapterEntry]

    init(_ book: Book) {
        osis = book.osis
        name = book.name
        title = book.title
        chapters = book.chapters.map { ChapterEntry(number: $0.number, verses: $0.verses.map(VerseEntry.init)) }
    }
}

struct PassageEntry: Encodable {
    let book: String
    let startChapter, startVerse, endChapter, endVerse: Int
    init(_ p: Passage) {
        book = p.book.osis
        startChapter = p.startChapter
        startVerse = p.startVerse
        endChapter = p.endChapter
        endVerse = p.endVerse
    }
}

struct PlanFile: Encodable {
    struct ReadingEntry: Encodable { let label: String; let passages: [PassageEntry] }
    struct DayEntry: Encodable { let date: String; let readings: [ReadingEntry] }
    let title, description: String
    let columns: [String]
    let days: [DayEntry]

    init(_ plan: ReadingPlan) {
        title = plan.title
        description = plan.description
        columns = plan.columns
        days = plan.days.map { day in
            DayEntry(date: day.key, readings: day.readings.map { ReadingEntry(label: $0.label, passages: $0.passages.map(PassageEntry.init)) })
        }
    }
}

struct DailyVersesFile: Encodable {
    struct VerseEntry: Encodable {
        let label: String
        let passage: PassageEntry
        /// The text, verse by verse, as spans.
        let verses: [[Span]]
    }
    let rule: String
    let verses: [VerseEntry]

    init(_ daily: DailyVerses, _ translation: Translation) {
        rule = "verses[(days since 1970-01-01) mod count], by the reader's local date"
        verses = daily.readings.map { reading in
            let p = reading.passages[0]
            let chapter = translation.book(p.book)?.chapter(p.startChapter)
            let text = (p.startVerse...p.endVerse).compactMap { chapter?.verse($0)?.spans }
            return VerseEntry(label: reading.label, passage: PassageEntry(p), verses: text)
        }
    }
}
