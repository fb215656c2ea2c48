/// Where Bible pages live: `/bible/`, `/bible/genesis/`, `/bible/genesis/1/`, plan and chart.
/// One place, so pages, links from the plan and the home page's verse always agree.
public enum BiblePaths {
    public static let index = "bible/"
    public static let plan = "bible/plan/"
    public static let progress = "bible/progress/"

    public static func book(_ canon: CanonBook) -> String { "bible/\(canon.slug)/" }
    public static func chapter(_ canon: CanonBook, _ chapter: Int) -> String { "bible/\(canon.slug)/\(chapter)/" }
    /// A verse inside its chapter page: `bible/john/3/#v16`.
    public static func verse(_ canon: CanonBook, _ number: Int, _ verse: Int) -> String { chapter(canon, number) + "#v\(verse)" }

    /// Link target of a passage: its first chapter, at the first verse when it starts mid-chapter.
    public static func passage(_ passage: Passage) -> String {
        passage.wholeChapters || passage.startVerse == 1
            ? chapter(passage.book, passage.startChapter)
            : verse(passage.book, passage.startChapter, passage.startVerse)
    }

    /// Stable id of a chapter in the reader's saved progress: `Gen.1`.
    public static func chapterID(_ canon: CanonBook, _ chapter: Int) -> String { "\(canon.osis).\(chapter)" }
}
