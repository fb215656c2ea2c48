/// What `/my/` (the reader's own marks, kept on the device) needs of the Bible: each book's
/// OSIS id, name and address, so a mark kept as `John.3.16` links to `/bible/john/3/#v16`
/// whatever the page looked like when it was made; and the progress and plan links.
enum BibleActivity {
    static func values(_ library: BibleLibrary?, context: RenderContext) -> TemplateObject {
        guard let library else { return [:] }
        let translation = library.primary
        var json: [UInt8] = [0x5B]
        for (i, book) in translation.books.enumerated() {
            if i > 0 { json.append(0x2C) }
            json.append(ascii: #"{"name":"#)
            BookJSON.string(book.name, to: &json)
            json.append(ascii: #","osis":"#)
            BookJSON.string(book.osis, to: &json)
            json.append(ascii: #","url":"#)
            BookJSON.string(context.url(BiblePaths.book(book.canon)), to: &json)
            json.append(0x7D)
        }
        json.append(0x5D)
        var values: TemplateObject = [
            "booksJSON": .text(DailyVerseHome.scriptSafe(json)),
            "chapterCount": .number(translation.chapterCount),
            "progressURL": .text(context.url(BiblePaths.progress)),
        ]
        if library.plan != nil { values["planURL"] = .text(context.url(BiblePaths.plan)) }
        return values
    }
}
