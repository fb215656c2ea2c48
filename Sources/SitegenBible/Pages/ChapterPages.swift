/// One page per chapter of an edition, in canonical order, each with the translation switcher
/// (the same chapter in every other translation) and links to read it beside another.
enum ChapterPages {
    /// A book's chapter pages show the book, the translation, the chapters just before and after
    /// the book (prev/next links) and which other translations have its chapters: with those
    /// unchanged they come from `memo`; the others are made on all cores.
    static func specs(_ edition: Edition, among editions: [Edition], context: RenderContext,
                      chapterHTML: (Edition, Book, Chapter) -> String, memo: inout InputMemo<[PageSpec]>) -> [PageSpec] {
        let pages = EditionChapters(edition, among: editions, context: context)
        let (books, chapters) = (pages.books, pages.chapters)
        let firstChapter = books.indices.reduce(into: [0]) { $0.append($0.last! + books[$1].chapters.count) }
        func neighbour(_ i: Int) -> NeighbourInputs? {
            chapters.indices.contains(i) ? NeighbourInputs(books[chapters[i].book], chapters[i].chapter.number) : nil
        }
        let about = TranslationInputs(edition)
        let others = editions.filter { $0.key != edition.key }
        let inputs = books.indices.map { b in
            ChapterPagesInputs(translation: about, book: books[b], before: neighbour(firstChapter[b] - 1),
                               after: neighbour(firstChapter[b + 1]),
                               others: others.map { OtherEditionInputs($0, book: books[b].canon) })
        }
        let key = { (b: Int) in edition.key + "/chapters/" + books[b].osis }
        var perBook = books.indices.map { memo.reuse(key($0), inputs: inputs[$0]) }
        let wanted = chapters.indices.filter { perBook[chapters[$0].book] == nil }
        let made = parallelMap(wanted, jobs: context.jobs) { i in
            pages.spec(i, text: chapterHTML(edition, books[chapters[i].book], chapters[i].chapter))
        }
        var madeSpecs = made[...]
        for b in books.indices where perBook[b] == nil {
            let specs = Array(madeSpecs.prefix(books[b].chapters.count))
            madeSpecs = madeSpecs.dropFirst(specs.count)
            memo.keep(key(b), inputs: inputs[b], specs)
            perBook[b] = specs
        }
        return perBook.flatMap { $0! }
    }

    /// An edition's chapter pages in canonical order, each made when asked for: the memoized
    /// `specs` above (`sitegen serve`) and the on-demand list (`sitegen build`) make the same.
    struct EditionChapters: Sendable {
        let books: [Book]
        /// Every chapter, in order, with its book's index in `books`.
        let chapters: [Place]
        let shared: SharedChapterValues

        struct Place: Sendable {
            let book: Int
            let chapter: Chapter
        }

        init(_ edition: Edition, among editions: [Edition], context: RenderContext) {
            let books = edition.translation.books
            self.books = books
            chapters = books.indices.flatMap { b in books[b].chapters.map { Place(book: b, chapter: $0) } }
            // The values every chapter page of a book shows alike, made once and shared (immutable).
            shared = SharedChapterValues(edition, among: editions, context: context)
        }

        func path(_ i: Int) -> String { shared.edition.chapter(books[chapters[i].book].canon, chapters[i].chapter.number) }

        /// The page of `chapters[i]`, with its text as HTML.
        func spec(_ i: Int, text: String) -> PageSpec {
            let prev = i > 0 ? chapters[i - 1] : nil
            let next = i + 1 < chapters.count ? chapters[i + 1] : nil
            let book = books[chapters[i].book]
            return chapter(shared.edition, book, chapters[i].chapter, prev: prev.map { (books[$0.book], $0.chapter) },
                           next: next.map { (books[$0.book], $0.chapter) }, text: text, shared: shared, bookValues: shared.book(book))
        }
    }

    /// Values every chapter page of an edition shows alike.
    struct SharedChapterValues: Sendable {
        let edition: Edition
        let editions: [Edition]
        let values: TemplateObject
        let context: RenderContext
        let references: ReferenceText

        init(_ edition: Edition, among editions: [Edition], context: RenderContext) {
            self.edition = edition
            self.editions = editions
            references = ReferenceText(edition.strings)
            self.context = context
            var values = BiblePages.editionValues(edition, context: context)
            values["progressURL"] = .text(context.url(BiblePaths.progress))
            values["hasRedLetter"] = .flag(edition.translation.styles.contains(.jesus))
            values["hasAdded"] = .flag(edition.translation.styles.contains(.added))
            // How bible.js finds the reader's day in the plan's month files, to tick today's reading.
            values["planScript"] = .object(PlanDays.scriptValues(nil, context: context))
            self.values = values
        }

        func book(_ book: Book) -> TemplateValue {
            ["name": .text(book.name), "title": .text(book.title), "url": .text(context.url(edition.book(book.canon)))]
        }

        /// The switcher: this chapter in every translation, the current one marked; a translation
        /// without the chapter (Tobit in the KJV) is named, not linked.
        func switcher(_ book: Book, _ chapter: Int) -> TemplateValue {
            .list(editions.map { other in
                let has = other.translation.book(book.canon)?.chapter(chapter) != nil
                var item: TemplateObject = ["abbreviation": .text(other.translation.abbreviation), "name": .text(other.translation.name),
                                            "language": .text(other.translation.language), "current": .flag(other.key == edition.key)]
                if has { item["url"] = .text(context.url(other.chapter(book.canon, chapter))) }
                return .object(item)
            })
        }

        /// Links to read the chapter beside another translation: from the default translation to
        /// each other, from another to the default.
        func sideBySide(_ book: Book, _ chapter: Int) -> TemplateValue {
            let partners = edition.isDefault ? editions.filter { !$0.isDefault } : editions.filter(\.isDefault)
            return .list(partners.compactMap { other -> TemplateValue? in
                guard other.translation.book(book.canon)?.chapter(chapter) != nil else { return nil }
                let withID = edition.pathID ?? other.pathID!
                return ["abbreviation": .text(other.translation.abbreviation),
                        "url": .text(context.url(BiblePaths.parallel(book.canon, chapter, with: withID)))]
            })
        }
    }

    static func chapter(_ edition: Edition, _ book: Book, _ chapter: Chapter, prev: (Book, Chapter)?, next: (Book, Chapter)?,
                        text: String, shared: SharedChapterValues, bookValues: TemplateValue) -> PageSpec {
        let context = shared.context
        func link(_ item: (Book, Chapter)?) -> TemplateValue? {
            item.map { ["url": .text(context.url(edition.chapter($0.0.canon, $0.1.number))), "title": "\($0.0.name) \($0.1.number)"] }
        }
        let title = book.chapters.count == 1 ? book.name : "\(book.name) \(chapter.number)"
        var values = shared.values
        values["book"] = bookValues
        values["chapter"] = .number(chapter.number)
        values["chapterID"] = .text(BiblePaths.chapterID(book.canon, chapter.number))
        values["heading"] = .text(edition.heading(book, chapter.number))
        // A verse's reference as marks.js writes it: ReferenceText's forms with this chapter filled in
        // ("Salmo 23:{verse}", "Salmo 23:{verse}–{toVerse}", "{reference} RV1909"), so the page
        // carries three short templates rather than every form.
        let references = shared.references, name = edition.referenceName(book), number = String(chapter.number)
        values["verseRef"] = .text(references.text(book: name, chapter: number, verse: "{verse}"))
        values["versesRef"] = .text(references.text(book: name, chapter: number, verse: "{verse}", toVerse: "{toVerse}"))
        values["inTranslation"] = .text(references.text("{reference}", in: edition.translation.abbreviation))
        values["bookTitle"] = .text(book.title)
        values["showBookTitle"] = .flag(chapter.number == book.chapters.first?.number && book.title != book.name)
        values["text"] = .text(text)
        values["switcher"] = shared.switcher(book, chapter.number)
        let sideBySide = shared.sideBySide(book, chapter.number)
        if case .list(let partners) = sideBySide, !partners.isEmpty { values["sideBySide"] = sideBySide }
        values["prev"] = link(prev)
        values["next"] = link(next)
        let translation = edition.translation
        return PageSpec(path: edition.chapter(book.canon, chapter.number), template: "bible-chapter",
                        title: edition.isDefault ? title : "\(title) (\(translation.abbreviation))",
                        description: "\(title), \(translation.name). \(String(chapter.verses.first?.plainText.prefix(120) ?? ""))",
                        values: values, language: edition.language)
    }
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

/// Another translation as a book's chapter pages link to it: which of the book's chapters it has.
struct OtherEditionInputs: Hashable {
    let id, abbreviation, name, language: String
    let pathID: String?
    let chapters: [Int]

    init(_ e: Edition, book: CanonBook) {
        (id, abbreviation, name, language, pathID) = (e.translation.id, e.translation.abbreviation, e.translation.name, e.translation.language, e.pathID)
        chapters = e.translation.book(book)?.chapters.map(\.number) ?? []
    }
}

struct ChapterPagesInputs: Hashable {
    let translation: TranslationInputs
    let book: Book
    let before: NeighbourInputs?
    let after: NeighbourInputs?
    let others: [OtherEditionInputs]
}
