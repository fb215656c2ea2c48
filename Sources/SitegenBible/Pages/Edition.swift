/// A translation as the site shows it: where its pages live (`pathID` nil for the default
/// translation, whose URLs never change) and the words of its pages: the site's for the default
/// translation (a Finnish site's KJV pages speak Finnish around the English text), the
/// translation's own language's for another (the RV1909's pages on an English site are Spanish).
public struct Edition: Sendable {
    public let translation: Translation
    public let pathID: String?
    public let strings: StringTable

    public var isDefault: Bool { pathID == nil }
    /// The pages' language: their words' (the text keeps the translation's own, `lang` on it).
    public var language: String { strings.language }
    /// A key for memos and caches: the translation's id.
    var key: String { translation.id }

    func book(_ canon: CanonBook) -> String { BiblePaths.book(canon, in: pathID) }
    func chapter(_ canon: CanonBook, _ number: Int) -> String { BiblePaths.chapter(canon, number, in: pathID) }
    func verseTemplate(_ canon: CanonBook) -> String { BiblePaths.verseTemplate(canon, in: pathID) }
    var index: String { BiblePaths.root(in: pathID) }
    /// The offline group of its chapters (docs/offline.md): `bible`, `bible-web`.
    var offlineGroup: String { pathID.map { "bible-\($0)" } ?? "bible" }

    /// "Psalm 23", "Salmo 23", "John 3", or the book alone when it has one chapter.
    func heading(_ book: Book, _ chapter: Int) -> String {
        heading(book.name, chapters: book.chapters.count, book.canon, chapter)
    }

    /// The book as a verse reference names it in this translation's language: "Salmo" in
    /// "Salmo 23:1", "Psalm", "John" (a chapter page's verse labels and `/my/` use it).
    func referenceName(_ book: Book) -> String { referenceName(book.name, book.canon) }

    func referenceName(_ name: String, _ canon: CanonBook) -> String {
        canon.osis == "Ps" ? strings["psalm"] : name
    }

    func heading(_ name: String, chapters: Int, _ canon: CanonBook, _ chapter: Int) -> String {
        if chapters == 1 { return name }
        return canon.osis == "Ps" ? "\(strings["psalm"]) \(chapter)" : "\(name) \(chapter)"
    }
}
