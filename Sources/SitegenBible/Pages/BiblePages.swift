/// The Bible's pages: per translation a table of contents, one page per book and per chapter;
/// the default translation's reading plan and progress chart; and the default beside each other
/// translation (`ParallelPages`). Pure functions of the model and the render context.
public enum BiblePages {
    /// Templates these pages need (checked by the loader so a missing one is a clear error).
    public static let templates = ["bible-index", "bible-book", "bible-chapter", "bible-plan", "plan-readings", "bible-progress",
                                   "bible-parallel"]

    /// `cache` remembers pages and chapter texts while what they are made from is unchanged:
    /// after an edit of one book, only its pages (and the chapter pages next to it) are made again.
    public static func specs(_ library: BibleLibrary, context: RenderContext, cache: BibleCache = BibleCache()) -> [PageSpec] {
        cache.pages.withLock { memo in
            specs(library, context: context, chapterHTML: { edition, book, chapter in
                      context.queries.value(ChapterTextHTML(library, edition, book, chapter)) },
                  memo: &memo)
        }
    }

    static func specs(_ library: BibleLibrary, context: RenderContext, chapterHTML: (Edition, Book, Chapter) -> String,
                      memo: inout InputMemo<[PageSpec]>) -> [PageSpec] {
        memo.begin()
        defer { memo.end() }
        let editions = library.editions(site: context.strings())
        var specs: [PageSpec] = []
        for edition in editions {
            let translation = edition.translation
            let about = TranslationInputs(edition)
            let outline = [AnyHashable(OutlineInputs(edition))] + editions.map { AnyHashable(TranslationInputs($0)) }
            specs += memo.value(edition.key + "/outline", inputs: outline) {
                [index(edition, among: editions, context: context)]
                    + (edition.isDefault ? [ProgressPage.spec(translation, context: context)] : [])
            }
            if edition.isDefault, let plan = library.plan {
                specs += memo.value("plan", inputs: plan) { PlanPage.specs(plan, context: context) }
            }
            for book in translation.books {
                specs += memo.value(edition.key + "/book/" + book.osis, inputs: BookInputs(translation: about, book: book)) {
                    [self.book(edition, book, context: context)]
                }
            }
            specs += ChapterPages.specs(edition, among: editions, context: context, chapterHTML: chapterHTML, memo: &memo)
        }
        return specs + ParallelPages.specs(editions, context: context, memo: &memo)
    }

    /// The same pages as `specs`, in the same order, as a list whose chapter and side-by-side
    /// pages (their texts are most of the Bible's page values) are made only when the renderer
    /// asks for them, with nothing remembered (`sitegen build`: each is rendered once).
    public static func list(_ library: BibleLibrary, context: RenderContext) -> PageList {
        let editions = library.editions(site: context.strings())
        var recipes: [Recipe] = []
        for edition in editions {
            let translation = edition.translation
            var made = [index(edition, among: editions, context: context)]
                + (edition.isDefault ? [ProgressPage.spec(translation, context: context)] : [])
            if edition.isDefault, let plan = library.plan { made += PlanPage.specs(plan, context: context) }
            made += translation.books.map { book(edition, $0, context: context) }
            recipes += made.map(Recipe.made)
            let chapters = ChapterPages.EditionChapters(edition, among: editions, context: context)
            recipes += chapters.chapters.indices.map { Recipe.chapter(chapters, $0) }
        }
        if let left = editions.first(where: \.isDefault) {
            for right in editions where !right.isDefault {
                recipes += ParallelPages.pages(left, right).map { Recipe.parallel(left, right, $0) }
            }
        }
        let made = recipes
        return PageList(paths: made.map(\.path)) { made[$0].spec(library, context: context) }
    }

    /// How one page of `list` is made. Indirect: the cases' inputs (two editions, a chapter's
    /// values) are each in a box of their own size, not in every page's slot of the list at the
    /// size of the largest (1.5 KB a page, 35 MB for the pages of ten translations).
    indirect enum Recipe: Sendable {
        /// Small pages (contents, books, plan, progress): made at once.
        case made(PageSpec)
        case chapter(ChapterPages.EditionChapters, Int)
        case parallel(Edition, Edition, ParallelInputs)

        var path: String {
            switch self {
            case .made(let spec): spec.path
            case .chapter(let pages, let i): pages.path(i)
            case .parallel(_, let right, let inputs): BiblePaths.parallel(inputs.canon, inputs.leftChapter.number, with: right.pathID!)
            }
        }

        func spec(_ library: BibleLibrary, context: RenderContext) -> PageSpec {
            switch self {
            case .made(let spec):
                return spec
            case .chapter(let pages, let i):
                let (edition, book, chapter) = (pages.shared.edition, pages.books[pages.chapters[i].book], pages.chapters[i].chapter)
                return pages.spec(i, text: VerseHTML.chapter(chapter, words: ChapterWords.words(library, edition, book.canon, chapter.number)))
            case .parallel(let left, let right, let inputs):
                return ParallelPages.page(inputs, left: left, right: right, context: context)
            }
        }
    }

    static func translationValues(_ t: Translation) -> TemplateValue {
        ["id": .text(t.id), "name": .text(t.name), "abbreviation": .text(t.abbreviation), "language": .text(t.language),
         "licence": .text(t.licence)]
    }

    /// The values every page of an edition shares: its translation, words and language.
    static func editionValues(_ edition: Edition, context: RenderContext) -> TemplateObject {
        // The words (`strings`) and `pageLanguage` come with the page's language (`PageSpec.language`).
        ["translation": translationValues(edition.translation), "indexURL": .text(context.url(edition.index))]
    }

    /// Chapter links of a book, each carrying its progress id so scripts can colour read ones.
    static func chapterLinks(_ book: Book, in edition: Edition? = nil, context: RenderContext) -> TemplateValue {
        .list(book.chapters.map { chapter in
            ["number": .number(chapter.number), "url": .text(context.url(BiblePaths.chapter(book.canon, chapter.number, in: edition?.pathID))),
             "id": .text(BiblePaths.chapterID(book.canon, chapter.number))]
        })
    }

    static func testaments(_ translation: Translation, in edition: Edition? = nil, context: RenderContext) -> TemplateValue {
        let strings = edition?.strings ?? context.strings()
        let sections: [(CanonBook.Testament, String)] = [(.old, strings["oldTestament"]), (.new, strings["newTestament"]),
                                                         (.deuterocanon, strings["deuterocanon"])]
        return .list(sections.compactMap { testament, title in
            let books = translation.books.filter { $0.canon.testament == testament }
            guard !books.isEmpty else { return nil }
            return ["title": .text(title), "id": .text(testament.rawValue.lowercased()),
                    "chapterCount": .number(books.reduce(0) { $0 + $1.chapters.count }),
                    "books": .list(books.map { book -> TemplateValue in
                        ["name": .text(book.name), "osis": .text(book.osis),
                         "url": .text(context.url(BiblePaths.book(book.canon, in: edition?.pathID))),
                         "chapterCount": .number(book.chapters.count), "chapters": chapterLinks(book, in: edition, context: context)]
                    })]
        })
    }

    /// Every translation, for the contents page: where each one's contents are, the current one marked.
    static func editionLinks(_ edition: Edition, among editions: [Edition], context: RenderContext) -> TemplateValue {
        .list(editions.map { other in
            ["abbreviation": .text(other.translation.abbreviation), "name": .text(other.translation.name),
             "language": .text(other.translation.language), "url": .text(context.url(other.index)),
             "current": .flag(other.key == edition.key)]
        })
    }

    static func index(_ edition: Edition, among editions: [Edition], context: RenderContext) -> PageSpec {
        let translation = edition.translation
        var values = editionValues(edition, context: context)
        values["translations"] = editionLinks(edition, among: editions, context: context)
        values["hasOthers"] = .flag(editions.count > 1)
        values["testaments"] = testaments(translation, in: edition, context: context)
        values["isDefault"] = .flag(edition.isDefault)
        values["offlineGroup"] = .text(edition.offlineGroup)
        values["planURL"] = .text(context.url(BiblePaths.plan))
        values["progressURL"] = .text(context.url(BiblePaths.progress))
        // The translation's name and licence are its own words: marked when the page speaks another language.
        if translation.language != edition.language { values["licenceLanguage"] = .text(translation.language) }
        let title = edition.isDefault ? edition.strings["bible"] : "\(edition.strings["bible"]) (\(translation.abbreviation))"
        return PageSpec(path: edition.index, template: "bible-index", title: title,
                        description: edition.strings.format("description.bible", ["name": translation.name, "books": String(translation.books.count),
                                                                                   "chapters": String(translation.chapterCount)]),
                        values: values, language: edition.language)
    }

    static func book(_ edition: Edition, _ book: Book, context: RenderContext) -> PageSpec {
        let translation = edition.translation, s = edition.strings
        let chapters = book.chapters.count
        var values = editionValues(edition, context: context)
        values["book"] = ["name": .text(book.name), "title": .text(book.title), "hasTitle": .flag(book.title != book.name),
                          "osis": .text(book.osis),
                          "size": .text("\(chapters) \(chapters == 1 ? s["chapter"] : s["chapterPlural"]), \(book.verseCount) \(s["verses"])"),
                          "chapters": chapterLinks(book, in: edition, context: context)]
        return PageSpec(path: edition.book(book.canon), template: "bible-book", title: book.name,
                        description: "\(book.title) (\(translation.abbreviation)), \(chapters) \(s["chapterPlural"]).",
                        values: values, language: edition.language)
    }
}

// What the pages are made from, compared by `InputMemo` (see `specs(_:context:chapterHTML:memo:)`).

/// The translation as every Bible page shows it.
struct TranslationInputs: Hashable {
    let id, name, abbreviation, language, licence, versification: String
    let pathID: String?
    let strings: StringTable
    /// Which controls the pages show (red letter, the italics note).
    let styles: Span.Style

    init(_ e: Edition) {
        let t = e.translation
        (id, name, abbreviation, language, licence, versification) = (t.id, t.name, t.abbreviation, t.language, t.licence, t.versification)
        (pathID, strings, styles) = (e.pathID, e.strings, t.styles)
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

    init(_ e: Edition) {
        translation = TranslationInputs(e)
        books = e.translation.books.map { BookOutline(canon: $0.canon, name: $0.name, chapters: $0.chapters.map(\.number)) }
    }
}

struct BookInputs: Hashable {
    let translation: TranslationInputs
    let book: Book
}
