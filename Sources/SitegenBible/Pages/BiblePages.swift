/// The Bible's pages: table of contents, one page per book and per chapter, the reading plan
/// and the progress chart. Pure functions of the model and the render context.
public enum BiblePages {
    /// Templates these pages need (checked by the loader so a missing one is a clear error).
    public static let templates = ["bible-index", "bible-book", "bible-chapter", "bible-plan", "plan-readings", "bible-progress"]

    /// `cache` remembers pages and chapter texts while what they are made from is unchanged:
    /// after an edit of one book, only its pages (and the chapter pages next to it) are made again.
    public static func specs(_ library: BibleLibrary, context: RenderContext, cache: BibleCache = BibleCache()) -> [PageSpec] {
        cache.pages.withLock { memo in
            specs(library, context: context, chapterHTML: { book, chapter in cache.chapterHTML(library.primary, book, chapter) },
                  memo: &memo)
        }
    }

    static func specs(_ library: BibleLibrary, context: RenderContext, chapterHTML: (Book, Chapter) -> String,
                      memo: inout InputMemo<[PageSpec]>) -> [PageSpec] {
        memo.begin()
        defer { memo.end() }
        let translation = library.primary
        let about = TranslationInputs(translation)
        var specs = memo.value("outline", inputs: OutlineInputs(translation)) {
            [index(translation, context: context), ProgressPage.spec(translation, context: context)]
        }
        if let plan = library.plan {
            specs += memo.value("plan", inputs: plan) { PlanPage.specs(plan, context: context) }
        }
        for book in translation.books {
            specs += memo.value("book/" + book.osis, inputs: BookInputs(translation: about, book: book)) {
                [self.book(translation, book, context: context)]
            }
        }
        return specs + chapterSpecs(translation, context: context, chapterHTML: chapterHTML, memo: &memo)
    }

    /// Every chapter page in canonical order. A book's chapter pages show the book, the
    /// translation and the chapters just before and after the book (prev/next links): with
    /// those unchanged they come from `memo`; the others are made on all cores.
    static func chapterSpecs(_ translation: Translation, context: RenderContext, chapterHTML: (Book, Chapter) -> String,
                             memo: inout InputMemo<[PageSpec]>) -> [PageSpec] {
        let books = translation.books
        let chapters = books.indices.flatMap { b in books[b].chapters.map { (book: b, chapter: $0) } }
        let firstChapter = books.indices.reduce(into: [0]) { $0.append($0.last! + books[$1].chapters.count) }
        func neighbour(_ i: Int) -> NeighbourInputs? {
            chapters.indices.contains(i) ? NeighbourInputs(books[chapters[i].book], chapters[i].chapter.number) : nil
        }
        let about = TranslationInputs(translation)
        let inputs = books.indices.map { b in
            ChapterPagesInputs(translation: about, book: books[b], before: neighbour(firstChapter[b] - 1),
                               after: neighbour(firstChapter[b + 1]))
        }
        var perBook = books.indices.map { memo.reuse("chapters/" + books[$0].osis, inputs: inputs[$0]) }
        let wanted = chapters.indices.filter { perBook[chapters[$0].book] == nil }
        // The values every chapter page of a book shows alike, made once and shared (immutable).
        let shared = SharedChapterValues(translation, context: context)
        let bookValues = books.indices.map { perBook[$0] == nil ? shared.book(books[$0]) : [:] as TemplateValue }
        let made = parallelMap(wanted, jobs: context.jobs) { i in
            let prev = i > 0 ? chapters[i - 1] : nil
            let next = i + 1 < chapters.count ? chapters[i + 1] : nil
            let book = books[chapters[i].book]
            return chapter(translation, book, chapters[i].chapter, prev: prev.map { (books[$0.book], $0.chapter) },
                           next: next.map { (books[$0.book], $0.chapter) }, text: chapterHTML(book, chapters[i].chapter),
                           shared: shared, bookValues: bookValues[chapters[i].book], context: context)
        }
        var madeSpecs = made[...]
        for b in books.indices where perBook[b] == nil {
            let specs = Array(madeSpecs.prefix(books[b].chapters.count))
            madeSpecs = madeSpecs.dropFirst(specs.count)
            memo.keep("chapters/" + books[b].osis, inputs: inputs[b], specs)
            perBook[b] = specs
        }
        return perBook.flatMap { $0! }
    }

    static func translationValues(_ t: Translation) -> TemplateValue {
        ["name": .text(t.name), "abbreviation": .text(t.abbreviation), "language": .text(t.language), "licence": .text(t.licence)]
    }

    /// Chapter links of a book, each carrying its progress id so scripts can colour read ones.
    static func chapterLinks(_ book: Book, context: RenderContext) -> TemplateValue {
        .list(book.chapters.map { chapter in
            ["number": .number(chapter.number), "url": .text(context.url(BiblePaths.chapter(book.canon, chapter.number))),
             "id": .text(BiblePaths.chapterID(book.canon, chapter.number))]
        })
    }

    static func testaments(_ translation: Translation, context: RenderContext) -> TemplateValue {
        .list([(CanonBook.Testament.old, "Old Testament"), (.new, "New Testament")].compactMap { testament, title in
            let books = translation.books.filter { $0.canon.testament == testament }
            guard !books.isEmpty else { return nil }
            return ["title": .text(title), "id": .text(testament.rawValue.lowercased()),
                    "chapterCount": .number(books.reduce(0) { $0 + $1.chapters.count }),
                    "books": .list(books.map { book -> TemplateValue in
                        ["name": .text(book.name), "osis": .text(book.osis), "url": .text(context.url(BiblePaths.book(book.canon))),
                         "chapterCount": .number(book.chapters.count), "chapters": chapterLinks(book, context: context)]
                    })]
        })
    }

    static func index(_ translation: Translation, context: RenderContext) -> PageSpec {
        PageSpec(path: BiblePaths.index, template: "bible-index", title: "The Bible",
                 description: "\(translation.name): \(translation.books.count) books, \(translation.chapterCount) chapters.",
                 values: ["translation": translationValues(translation), "testaments": testaments(translation, context: context),
                          "planURL": .text(context.url(BiblePaths.plan)), "progressURL": .text(context.url(BiblePaths.progress))])
    }

    static func book(_ translation: Translation, _ book: Book, context: RenderContext) -> PageSpec {
        PageSpec(path: BiblePaths.book(book.canon), template: "bible-book", title: book.name,
                 description: "\(book.title) (\(translation.abbreviation)), \(book.chapters.count) chapters.",
                 values: ["translation": translationValues(translation), "indexURL": .text(context.url(BiblePaths.index)),
                          "book": ["name": .text(book.name), "title": .text(book.title), "hasTitle": .flag(book.title != book.name),
                                   "osis": .text(book.osis),
                                   "size": "\(book.chapters.count) chapter\(book.chapters.count == 1 ? "" : "s"), \(book.verseCount) verses",
                                   "chapters": chapterLinks(book, context: context)]])
    }

    /// Values every chapter page shows alike: the translation and the progress link, and per book its name,
    /// title and link.
    struct SharedChapterValues {
        let translation: TemplateValue
        let progressURL: String
        /// Where bible.js finds the plan's month files (`MM/days.json`), to tick today's reading.
        let planURL: String
        let context: RenderContext

        init(_ translation: Translation, context: RenderContext) {
            self.translation = translationValues(translation)
            progressURL = context.url(BiblePaths.progress)
            planURL = context.url(BiblePaths.plan)
            self.context = context
        }

        func book(_ book: Book) -> TemplateValue {
            ["name": .text(book.name), "title": .text(book.title), "url": .text(context.url(BiblePaths.book(book.canon)))]
        }
    }

    static func chapter(_ translation: Translation, _ book: Book, _ chapter: Chapter,
                        prev: (Book, Chapter)?, next: (Book, Chapter)?, text: String,
                        shared: SharedChapterValues, bookValues: TemplateValue, context: RenderContext) -> PageSpec {
        func link(_ item: (Book, Chapter)?) -> TemplateValue? {
            item.map { ["url": .text(context.url(BiblePaths.chapter($0.0.canon, $0.1.number))), "title": "\($0.0.name) \($0.1.number)"] }
        }
        let title = book.chapters.count == 1 ? book.name : "\(book.name) \(chapter.number)"
        var values: TemplateObject = [
            "translation": shared.translation,
            "book": bookValues,
            "chapter": .number(chapter.number),
            "chapterID": .text(BiblePaths.chapterID(book.canon, chapter.number)),
            "heading": .text(book.chapters.count == 1 ? book.name : (book.osis == "Ps" ? "Psalm \(chapter.number)" : title)),
            "bookTitle": .text(book.title),
            "showBookTitle": .flag(chapter.number == book.chapters.first?.number && book.title != book.name),
            "text": .text(text),
            "progressURL": .text(shared.progressURL),
            "planURL": .text(shared.planURL),
        ]
        values["prev"] = link(prev)
        values["next"] = link(next)
        return PageSpec(path: BiblePaths.chapter(book.canon, chapter.number), template: "bible-chapter", title: title,
                        description: "\(title), \(translation.name). \(String(chapter.verses.first?.plainText.prefix(120) ?? ""))",
                        values: values)
    }
}

// What the pages are made from, compared by `InputMemo` (see `specs(_:context:chapterHTML:memo:)`).

/// The translation as every Bible page shows it.
struct TranslationInputs: Hashable {
    let id, name, abbreviation, language, licence, versification: String

    init(_ t: Translation) {
        (id, name, abbreviation, language, licence, versification) = (t.id, t.name, t.abbreviation, t.language, t.licence, t.versification)
    }
}

/// The index and progress pages: the books, their names and chapter numbers.
struct OutlineInputs: Hashable {
    let translation: TranslationInputs
    let books: [BookOutline]

    struct BookOutline: Hashable {
        let canon: CanonBook
        let name: String
        let chapters: [Int]
    }

    init(_ t: Translation) {
        translation = TranslationInputs(t)
        books = t.books.map { BookOutline(canon: $0.canon, name: $0.name, chapters: $0.chapters.map(\.number)) }
    }
}

struct BookInputs: Hashable {
    let translation: TranslationInputs
    let book: Book
}

/// A chapter just outside a book, as its first or last chapter page links to it.
struct NeighbourInputs: Hashable {
    let canon: CanonBook
    let name: String
    let chapter: Int

    init(_ book: Book, _ chapter: Int) {
        (canon, name, self.chapter) = (book.canon, book.name, chapter)
    }
}

struct ChapterPagesInputs: Hashable {
    let translation: TranslationInputs
    let book: Book
    let before: NeighbourInputs?
    let after: NeighbourInputs?
}
