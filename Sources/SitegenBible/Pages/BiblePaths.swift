/// Where Bible pages live: `/bible/`, `/bible/genesis/`, `/bible/genesis/1/`, plan and chart for
/// the default translation; `/bible/<id>/…` for each other one (`/bible/web/john/3/`), and
/// `/bible/parallel/<id>/john/3/` for the default beside another. One place, so pages, links from
/// the plan, the switcher and the home page's verse always agree.
public enum BiblePaths {
    public static let index = "bible/"
    public static let plan = "bible/plan/"
    public static let progress = "bible/progress/"
    static let parallelFolder = "parallel"

    /// `in`: the translation's id, nil for the default translation (whose URLs never change).
    public static func root(in id: String? = nil) -> String { id.map { "bible/\($0)/" } ?? index }
    public static func book(_ canon: CanonBook, in id: String? = nil) -> String { root(in: id) + "\(canon.slug)/" }
    public static func chapter(_ canon: CanonBook, _ chapter: Int, in id: String? = nil) -> String {
        self.chapter(canon, String(chapter), in: id)
    }
    static func chapter(_ canon: CanonBook, _ chapter: String, in id: String?) -> String {
        book(canon, in: id) + "\(chapter)/"
    }
    /// A verse inside its chapter page: `bible/john/3/#v16`.
    public static func verse(_ canon: CanonBook, _ number: Int, _ verse: Int, in id: String? = nil) -> String {
        self.verse(canon, String(number), String(verse), in: id)
    }
    static func verse(_ canon: CanonBook, _ chapter: String, _ verse: String, in id: String?) -> String {
        self.chapter(canon, chapter, in: id) + anchor(verse: verse)
    }
    /// A verse's place in its chapter page (`#v16`: the id of its element, `VerseHTML`).
    static func anchor(verse: String) -> String { "#v\(verse)" }
    /// A book's verse address with `{chapter}` and `{verse}` left for the browser to fill
    /// (`bible/john/{chapter}/#v{verse}`), made by `verse(_:_:_:in:)` itself, so scripts never
    /// re-derive it (my.js links a mark kept as `John.3.16` with it, search-engine.js a reference;
    /// the chapter's address is the verse's without its fragment).
    public static func verseTemplate(_ canon: CanonBook, in id: String? = nil) -> String {
        verse(canon, "{chapter}", "{verse}", in: id)
    }
    /// The default translation and `id` side by side: `bible/parallel/web/john/3/`.
    public static func parallel(_ canon: CanonBook, _ chapter: Int, with id: String) -> String {
        "bible/\(parallelFolder)/\(id)/\(canon.slug)/\(chapter)/"
    }

    /// Link target of a passage: its first chapter, at the first verse when it starts mid-chapter.
    public static func passage(_ passage: Passage) -> String {
        passage.wholeChapters || passage.startVerse == 1
            ? chapter(passage.book, passage.startChapter)
            : verse(passage.book, passage.startChapter, passage.startVerse)
    }

    /// Stable id of a chapter in the reader's saved progress and marks: `Gen.1`, the same in
    /// every translation (keyed by OSIS, so marks and progress follow the reader across them).
    public static func chapterID(_ canon: CanonBook, _ chapter: Int) -> String { "\(canon.osis).\(chapter)" }

    /// Names a translation folder may not have: its `/bible/<id>/` would be another page's.
    public static func isReserved(_ id: String) -> Bool {
        [parallelFolder, "plan", "progress"].contains(id) || Canon.books.contains { $0.slug == id }
    }
}
