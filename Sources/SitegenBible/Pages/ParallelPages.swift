/// The default translation beside each other one, a page per chapter both have:
/// `/bible/parallel/<id>/<book>/<chapter>/`. One row per verse number (both use the chapter's
/// own numbering), the two texts side by side on a wide screen and verse after verse on a phone
/// (CSS only: the same markup). A verse one side does not have says so in its cell.
enum ParallelPages {
    /// Memoized per chapter: an edit of one verse makes its chapter's side-by-side pages again,
    /// not the book's (a book's 50 chapters made twice were most of a verse edit's time).
    static func specs(_ editions: [Edition], context: RenderContext, memo: inout InputMemo<[PageSpec]>) -> [PageSpec] {
        guard let left = editions.first(where: \.isDefault) else { return [] }
        var specs: [PageSpec] = []
        for right in editions where !right.isDefault {
            let work = pages(left, right)
            var made = work.map { memo.reuse($0.key, inputs: $0.inputs) }
            let wanted = work.indices.filter { made[$0] == nil }
            let pages = parallelMap(wanted, jobs: context.jobs) { i in
                [page(work[i].inputs, left: left, right: right, context: context)]
            }
            for (i, page) in zip(wanted, pages) {
                memo.keep(work[i].key, inputs: work[i].inputs, page)
                made[i] = page
            }
            specs += made.flatMap { $0! }
        }
        return specs
    }

    /// What each page beside `right` is made from, in order, with its memo key.
    static func pages(_ left: Edition, _ right: Edition) -> [(key: String, inputs: ParallelInputs)] {
        let sides = (TranslationInputs(left), TranslationInputs(right))
        var work: [(key: String, inputs: ParallelInputs)] = []
        for (leftBook, rightBook, numbers) in shared(left.translation, right.translation) {
            for (i, number) in numbers.enumerated() {
                let inputs = ParallelInputs(canon: leftBook.canon, left: sides.0, right: sides.1,
                                            leftName: leftBook.name, rightName: rightBook.name,
                                            leftChapters: leftBook.chapters.count, rightChapters: rightBook.chapters.count,
                                            leftChapter: leftBook.chapter(number)!, rightChapter: rightBook.chapter(number)!,
                                            prev: i > 0 ? numbers[i - 1] : nil, next: i + 1 < numbers.count ? numbers[i + 1] : nil)
                work.append(("parallel/\(right.key)/\(leftBook.osis)/\(number)", inputs))
            }
        }
        return work
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
        func side(_ e: Edition, _ heading: String) -> TemplateValue {
            ["abbreviation": .text(e.translation.abbreviation), "name": .text(e.translation.name), "language": .text(e.language),
             "heading": .text(heading), "url": .text(context.url(e.chapter(canon, number)))]
        }
        func link(_ n: Int?) -> TemplateValue? {
            n.map { ["url": .text(context.url(BiblePaths.parallel(canon, $0, with: right.pathID!))), "title": "\(inputs.leftName) \($0)"] }
        }
        let title = "\(leftHeading): \(left.translation.abbreviation) · \(right.translation.abbreviation)"
        var values: TemplateObject = ["left": side(left, leftHeading),
                                      "right": side(right, right.heading(inputs.rightName, chapters: inputs.rightChapters, canon, number)),
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
