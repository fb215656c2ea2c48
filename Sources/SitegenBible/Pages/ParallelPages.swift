/// The default translation beside each other one, a page per chapter both have:
/// `/bible/parallel/<id>/<book>/<chapter>/`. One row per verse number (both use the chapter's
/// own numbering), the two texts side by side on a wide screen and verse after verse on a phone
/// (CSS only: the same markup). A verse one side does not have says so in its cell.
enum ParallelPages {
    /// Memoized per book, then per chapter: a book whose sides are the same values as last time
    /// (an unchanged book is the very same data, so this compares at once) keeps its pages
    /// without a look at its chapters; in an edited book, each chapter's page is compared and
    /// only the changed chapter's made again (a book's 50 chapters made twice were most of a
    /// verse edit's time, and comparing every chapter's inputs of every book 2–5 % of it).
    static func specs(_ editions: [Edition], context: RenderContext, memo: inout InputMemo<[PageSpec]>) -> [PageSpec] {
        guard let left = editions.first(where: \.isDefault) else { return [] }
        var specs: [PageSpec] = []
        for right in editions where !right.isDefault {
            let sides = (TranslationInputs(left), TranslationInputs(right))
            let pairs = shared(left.translation, right.translation).map { pair in
                (key: "parallel/\(right.key)/\(pair.left.osis)",
                 inputs: BookPairInputs(left: sides.0, right: sides.1, leftBook: pair.left, rightBook: pair.right, chapters: pair.chapters))
            }
            var made = pairs.map { memo.reuse($0.key, inputs: $0.inputs) }
            let changed = pairs.indices.filter { made[$0] == nil }
            // The changed books' chapters whose inputs differ from last time's, made on all cores.
            var work: [(book: Int, chapter: Int, inputs: ParallelInputs)] = []
            var kept: [Int: [PageSpec?]] = [:]
            for b in changed {
                let chapters = pairs[b].inputs.chapterInputs
                let before = memo.previous(pairs[b].key).flatMap(Self.lastPages)
                kept[b] = chapters.map { inputs in before?[inputs.leftChapter.number].flatMap { $0.inputs == inputs ? $0.page : nil } }
                work += chapters.indices.filter { kept[b]![$0] == nil }.map { (b, $0, chapters[$0]) }
            }
            let pages = parallelMap(work.map(\.inputs), jobs: context.jobs) { page($0, left: left, right: right, context: context) }
            for (item, page) in zip(work, pages) { kept[item.book]![item.chapter] = page }
            for b in changed {
                let bookPages = kept[b]!.map { $0! }
                memo.keep(pairs[b].key, inputs: pairs[b].inputs, bookPages)
                made[b] = bookPages
            }
            specs += made.flatMap { $0! }
        }
        return specs
    }

    /// Last run's pages of a book, with what each was made from, by chapter number.
    private static func lastPages(_ entry: (inputs: AnyHashable, value: [PageSpec])) -> [Int: (inputs: ParallelInputs, page: PageSpec)]? {
        guard let inputs = entry.inputs.base as? BookPairInputs else { return nil }
        return Dictionary(zip(inputs.chapterInputs, entry.value).map { ($0.leftChapter.number, ($0, $1)) }) { first, _ in first }
    }

    /// What each page beside `right` is made from, in order.
    static func pages(_ left: Edition, _ right: Edition) -> [ParallelInputs] {
        let sides = (TranslationInputs(left), TranslationInputs(right))
        return shared(left.translation, right.translation).flatMap { pair in
            BookPairInputs(left: sides.0, right: sides.1, leftBook: pair.left, rightBook: pair.right, chapters: pair.chapters).chapterInputs
        }
    }

    /// The books both translations have, with the chapter numbers both have: the pages made
    /// here, and the pages the offline list files in the other translation's group.
    static func shared(_ left: Translation, _ right: Translation) -> [(left: Book, right: Book, chapters: [Int])] {
        left.books.compactMap { leftBook in
            right.book(leftBook.canon).map { rightBook in
                (leftBook, rightBook, leftBook.chapters.map(\.number).filter { rightBook.chapter($0) != nil })
            }
        }
    }

    static func page(_ inputs: ParallelInputs, left: Edition, right: Edition, context: RenderContext) -> PageSpec {
        let a = inputs.leftChapter, b = inputs.rightChapter, number = a.number, canon = inputs.canon
        let numbers = Array(Set(a.verses.map(\.number) + b.verses.map(\.number))).sorted()
        let rows: [TemplateValue] = numbers.map { n in
            ["number": .number(n), "leftHTML": .text(cell(a.verse(n), n, left)), "rightHTML": .text(cell(b.verse(n), n, right))]
        }
        let leftHeading = left.heading(inputs.leftName, chapters: inputs.leftChapters, canon, number)
        // Each side's verse reference with the chapter filled in and its translation's form, as a
        // chapter page has them (ReferenceText), for listen.js's "Reading John 3:16 KJV".
        func side(_ e: Edition, _ heading: String, _ name: String) -> TemplateValue {
            let references = ReferenceText(e.strings)
            return ["abbreviation": .text(e.translation.abbreviation), "name": .text(e.translation.name), "language": .text(e.translation.language),
                    "heading": .text(heading), "url": .text(context.url(e.chapter(canon, number))),
                    "verseRef": .text(references.text(book: e.referenceName(name, canon), chapter: String(number), verse: "{verse}")),
                    "inTranslation": .text(references.text("{reference}", in: e.translation.abbreviation))]
        }
        func link(_ n: Int?) -> TemplateValue? {
            n.map { ["url": .text(context.url(BiblePaths.parallel(canon, $0, with: right.pathID!))), "title": "\(inputs.leftName) \($0)"] }
        }
        let title = "\(leftHeading): \(left.translation.abbreviation) · \(right.translation.abbreviation)"
        var values: TemplateObject = ["left": side(left, leftHeading, inputs.leftName),
                                      "right": side(right, right.heading(inputs.rightName, chapters: inputs.rightChapters, canon, number), inputs.rightName),
                                      "rows": .list(rows), "chapterID": .text(BiblePaths.chapterID(canon, number))]
        values["prev"] = link(inputs.prev)
        values["next"] = link(inputs.next)
        return PageSpec(path: BiblePaths.parallel(canon, number, with: right.pathID!), template: "bible-parallel", title: title,
                        description: left.strings.format("description.parallel", ["passage": leftHeading, "left": left.translation.name,
                                                                                   "right": right.translation.name]),
                        values: values, language: left.language)
    }

    /// One side of a row: the verse's headings and text, or why there is none.
    static func cell(_ verse: Verse?, _ number: Int, _ edition: Edition) -> String {
        var html: [UInt8] = []
        html.reserveCapacity(verse.map { $0.spans.reduce(96) { $0 + $1.text.utf8.count + 48 } } ?? 96)
        guard let verse else {
            VerseHTML.appendOmitted(edition.strings["notHere"], to: &html)
            return String(decoding: html, as: UTF8.self)
        }
        for heading in verse.headings {
            html.append(ascii: "<span class=\"verse-heading\">")
            VerseHTML.append(heading, to: &html)
            html.append(ascii: "</span> ")
        }
        if verse.isOmitted { VerseHTML.appendOmitted(edition.strings["omitted"], to: &html) }
        VerseHTML.append(verse.spans, to: &html)
        return String(decoding: html, as: UTF8.self)
    }
}

/// What one side-by-side page is made from.
struct ParallelInputs: Hashable {
    let canon: CanonBook
    let left, right: TranslationInputs
    let leftName, rightName: String
    let leftChapters, rightChapters: Int
    let leftChapter, rightChapter: Chapter
    let prev, next: Int?
}

/// What one book's side-by-side pages are made from: both translations and both books, with
/// the chapters both have.
struct BookPairInputs: Hashable {
    let left, right: TranslationInputs
    let leftBook, rightBook: Book
    let chapters: [Int]

    /// Each chapter's page inputs, in order.
    var chapterInputs: [ParallelInputs] {
        chapters.enumerated().map { i, number in
            ParallelInputs(canon: leftBook.canon, left: left, right: right, leftName: leftBook.name, rightName: rightBook.name,
                           leftChapters: leftBook.chapters.count, rightChapters: rightBook.chapters.count,
                           leftChapter: leftBook.chapter(number)!, rightChapter: rightBook.chapter(number)!,
                           prev: i > 0 ? chapters[i - 1] : nil, next: i + 1 < chapters.count ? chapters[i + 1] : nil)
        }
    }
}
