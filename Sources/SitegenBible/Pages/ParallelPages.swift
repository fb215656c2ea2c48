/// The default translation beside each other one, a page per chapter both have:
/// `/bible/parallel/<id>/<book>/<chapter>/`. One row per verse number (both use the chapter's
/// own numbering), the two texts side by side on a wide screen and verse after verse on a phone
/// (CSS only: the same markup). A verse one side does not have says so in its cell.
enum ParallelPages {
    static func specs(_ editions: [Edition], context: RenderContext, memo: inout InputMemo<[PageSpec]>) -> [PageSpec] {
        guard let left = editions.first(where: \.isDefault) else { return [] }
        var specs: [PageSpec] = []
        for right in editions where !right.isDefault {
            let pairs = left.translation.books.compactMap { book in right.translation.book(book.canon).map { (book, $0) } }
            let inputs = pairs.map { ParallelInputs(left: TranslationInputs(left), right: TranslationInputs(right), leftBook: $0.0, rightBook: $0.1) }
            let key = { (i: Int) in "parallel/\(right.key)/\(pairs[i].0.osis)" }
            var perBook = pairs.indices.map { memo.reuse(key($0), inputs: inputs[$0]) }
            let wanted = pairs.indices.filter { perBook[$0] == nil }
            let made = parallelMap(wanted, jobs: context.jobs) { i in
                book(pairs[i].0, pairs[i].1, left: left, right: right, context: context)
            }
            for (i, pages) in zip(wanted, made) {
                memo.keep(key(i), inputs: inputs[i], pages)
                perBook[i] = pages
            }
            specs += perBook.flatMap { $0! }
        }
        return specs
    }

    static func book(_ leftBook: Book, _ rightBook: Book, left: Edition, right: Edition, context: RenderContext) -> [PageSpec] {
        let numbers = leftBook.chapters.map(\.number).filter { rightBook.chapter($0) != nil }
        return numbers.enumerated().map { i, number in
            page(leftBook, rightBook, number, left: left, right: right, prev: i > 0 ? numbers[i - 1] : nil,
                 next: i + 1 < numbers.count ? numbers[i + 1] : nil, context: context)
        }
    }

    static func page(_ leftBook: Book, _ rightBook: Book, _ number: Int, left: Edition, right: Edition,
                     prev: Int?, next: Int?, context: RenderContext) -> PageSpec {
        let canon = leftBook.canon
        let a = leftBook.chapter(number)!, b = rightBook.chapter(number)!
        let numbers = Array(Set(a.verses.map(\.number) + b.verses.map(\.number))).sorted()
        let rows: [TemplateValue] = numbers.map { n in
            ["number": .number(n), "leftHTML": .text(cell(a.verse(n), n, left)), "rightHTML": .text(cell(b.verse(n), n, right))]
        }
        func side(_ e: Edition, _ book: Book) -> TemplateValue {
            ["abbreviation": .text(e.translation.abbreviation), "name": .text(e.translation.name), "language": .text(e.language),
             "heading": .text(e.heading(book, number)), "url": .text(context.url(e.chapter(canon, number)))]
        }
        func link(_ n: Int?) -> TemplateValue? {
            n.map { ["url": .text(context.url(BiblePaths.parallel(canon, $0, with: right.pathID!))), "title": "\(leftBook.name) \($0)"] }
        }
        let title = "\(left.heading(leftBook, number)): \(left.translation.abbreviation) · \(right.translation.abbreviation)"
        var values: TemplateObject = ["left": side(left, leftBook), "right": side(right, rightBook), "rows": .list(rows),
                                      "chapterID": .text(BiblePaths.chapterID(canon, number)), "strings": left.strings.templateValue]
        values["prev"] = link(prev)
        values["next"] = link(next)
        return PageSpec(path: BiblePaths.parallel(canon, number, with: right.pathID!), template: "bible-parallel", title: title,
                        description: "\(left.heading(leftBook, number)) in the \(left.translation.name) and the \(right.translation.name), side by side.",
                        values: values)
    }

    /// One side of a row: the verse's headings and text, or why there is none.
    static func cell(_ verse: Verse?, _ number: Int, _ edition: Edition) -> String {
        var html: [UInt8] = []
        guard let verse else {
            html.append(ascii: "<span class=\"omitted\">")
            VerseHTML.appendEscaped(edition.strings["notHere"], to: &html)
            html.append(ascii: "</span>")
            return String(decoding: html, as: UTF8.self)
        }
        for heading in verse.headings {
            html.append(ascii: "<span class=\"verse-heading\">")
            VerseHTML.append(heading, to: &html)
            html.append(ascii: "</span> ")
        }
        if verse.isOmitted {
            html.append(ascii: "<span class=\"omitted\">")
            VerseHTML.appendEscaped(edition.strings["omitted"], to: &html)
            html.append(ascii: "</span>")
        }
        VerseHTML.append(verse.spans, to: &html)
        return String(decoding: html, as: UTF8.self)
    }
}

struct ParallelInputs: Hashable {
    let left, right: TranslationInputs
    let leftBook, rightBook: Book
}
