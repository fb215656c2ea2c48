/// The Bible's pages: table of contents, one page per book and per chapter, the reading plan
/// and the progress chart. Pure functions of the model and the render context.
public enum BiblePages {
    /// Templates these pages need (checked by the loader so a missing one is a clear error).
    public static let templates = ["bible-index", "bible-book", "bible-chapter", "bible-plan", "bible-progress"]

    public static func specs(_ library: BibleLibrary, context: RenderContext) -> [PageSpec] {
        let translation = library.primary
        var specs = [index(translation, context: context), ProgressPage.spec(translation, context: context)]
        if let plan = library.plan { specs.append(PlanPage.spec(plan, context: context)) }
        specs += translation.books.map { book(translation, $0, context: context) }
        let chapters = translation.books.flatMap { book in book.chapters.map { (book, $0) } }
        // On all cores: each chapter's HTML is built here, the largest part of the Bible's pages.
        specs += parallelMap(Array(chapters.indices), jobs: context.jobs) { i in
            let prev = i > 0 ? chapters[i - 1] : nil
            let next = i + 1 < chapters.count ? chapters[i + 1] : nil
            return chapter(translation, chapters[i].0, chapters[i].1, prev: prev, next: next, context: context)
        }
        return specs
    }

    static func translationValues(_ t: Translation) -> [String: Any] {
        ["name": t.name, "abbreviation": t.abbreviation, "language": t.language, "licence": t.licence]
    }

    /// Chapter links of a book, each carrying its progress id so scripts can colour read ones.
    static func chapterLinks(_ book: Book, context: RenderContext) -> [[String: Any]] {
        book.chapters.map { chapter in
            ["number": chapter.number, "url": context.url(BiblePaths.chapter(book.canon, chapter.number)),
             "id": BiblePaths.chapterID(book.canon, chapter.number)]
        }
    }

    static func testaments(_ translation: Translation, context: RenderContext) -> [[String: Any]] {
        [(CanonBook.Testament.old, "Old Testament"), (.new, "New Testament")].compactMap { testament, title in
            let books = translation.books.filter { $0.canon.testament == testament }
            guard !books.isEmpty else { return nil }
            return ["title": title, "id": testament.rawValue.lowercased(),
                    "chapterCount": books.reduce(0) { $0 + $1.chapters.count },
                    "books": books.map { book -> [String: Any] in
                        ["name": book.name, "osis": book.osis, "url": context.url(BiblePaths.book(book.canon)),
                         "chapterCount": book.chapters.count, "chapters": chapterLinks(book, context: context)]
                    }]
        }
    }

    static func index(_ translation: Translation, context: RenderContext) -> PageSpec {
        PageSpec(path: BiblePaths.index, template: "bible-index", title: "The Bible",
                 description: "\(translation.name): \(translation.books.count) books, \(translation.chapterCount) chapters.",
                 values: ["translation": translationValues(translation), "testaments": testaments(translation, context: context),
                          "planURL": context.url(BiblePaths.plan), "progressURL": context.url(BiblePaths.progress)])
    }

    static func book(_ translation: Translation, _ book: Book, context: RenderContext) -> PageSpec {
        PageSpec(path: BiblePaths.book(book.canon), template: "bible-book", title: book.name,
                 description: "\(book.title) (\(translation.abbreviation)), \(book.chapters.count) chapters.",
                 values: ["translation": translationValues(translation), "indexURL": context.url(BiblePaths.index),
                          "book": ["name": book.name, "title": book.title, "hasTitle": book.title != book.name, "osis": book.osis,
                                   "size": "\(book.chapters.count) chapter\(book.chapters.count == 1 ? "" : "s"), \(book.verseCount) verses",
                                   "chapters": chapterLinks(book, context: context)]])
    }

    static func chapter(_ translation: Translation, _ book: Book, _ chapter: Chapter,
                        prev: (Book, Chapter)?, next: (Book, Chapter)?, context: RenderContext) -> PageSpec {
        func link(_ item: (Book, Chapter)?) -> [String: Any]? {
            item.map { ["url": context.url(BiblePaths.chapter($0.0.canon, $0.1.number)), "title": "\($0.0.name) \($0.1.number)"] }
        }
        let title = book.chapters.count == 1 ? book.name : "\(book.name) \(chapter.number)"
        var values: [String: Any] = [
            "translation": translationValues(translation),
            "book": ["name": book.name, "title": book.title, "url": context.url(BiblePaths.book(book.canon))],
            "chapter": chapter.number,
            "chapterID": BiblePaths.chapterID(book.canon, chapter.number),
            "heading": book.chapters.count == 1 ? book.name : (book.osis == "Ps" ? "Psalm \(chapter.number)" : title),
            "bookTitle": book.title,
            "showBookTitle": chapter.number == book.chapters.first?.number && book.title != book.name,
            "text": VerseHTML.chapter(chapter),
            "progressURL": context.url(BiblePaths.progress),
        ]
        values["prev"] = link(prev)
        values["next"] = link(next)
        return PageSpec(path: BiblePaths.chapter(book.canon, chapter.number), template: "bible-chapter", title: title,
                        description: "\(title), \(translation.name). \(String(chapter.verses.first?.plainText.prefix(120) ?? ""))",
                        values: values)
    }
}
