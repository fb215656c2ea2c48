/// How a reference is written: "Psalm 23", "Genesis 1–2", "Psalm 23:1", "Psalm 23:3–5",
/// "John 3:16–4:2", from the string table's `ref.*` forms. The one rule: the pages use it (the
/// plan's passages, every verse's title in the search), and the scripts fill the same forms,
/// written in their pages (`scriptStrings.ref`), with sitegen.js's `reference`, which picks a
/// form as `form` does here (Tests/Fixtures/script-rules.json holds both sides to it).
public struct ReferenceText: Sendable, Hashable {
    let forms: [String: String]

    /// The forms of `table` (a site's own table may write them otherwise: "Salmo 23,1").
    public init(_ table: StringTable) {
        forms = Dictionary(uniqueKeysWithValues: Self.keys.map { ($0, table[$0]) })
    }

    static let keys = ["ref.chapter", "ref.chapters", "ref.verse", "ref.verses", "ref.span", "ref.inTranslation"]

    /// The form a reference takes: a chapter or several, a verse, verses of one chapter, or a
    /// span across chapters. A range that ends where it starts is the one chapter or verse.
    static func form(chapter: String, verse: String?, toChapter: String?, toVerse: String?) -> String {
        let otherChapter = toChapter.map { $0 != chapter } ?? false
        guard verse != nil else { return otherChapter ? "ref.chapters" : "ref.chapter" }
        if otherChapter { return "ref.span" }
        return toVerse.map { $0 != verse } ?? false ? "ref.verses" : "ref.verse"
    }

    public func text(book: String, chapter: String, verse: String? = nil, toChapter: String? = nil, toVerse: String? = nil) -> String {
        var values = ["book": book, "chapter": chapter]
        values["verse"] = verse
        values["toChapter"] = toChapter
        values["toVerse"] = toVerse
        let key = Self.form(chapter: chapter, verse: verse, toChapter: toChapter, toVerse: toVerse)
        return StringTable.fill(forms[key] ?? key, values)
    }

    public func text(book: String, chapter: Int, verse: Int? = nil, toChapter: Int? = nil, toVerse: Int? = nil) -> String {
        text(book: book, chapter: String(chapter), verse: verse.map(String.init), toChapter: toChapter.map(String.init),
             toVerse: toVerse.map(String.init))
    }

    /// The titles of a chapter's verses ("Psalm 23:1", "Psalm 23:2", …), as `text` writes each:
    /// the `ref.verse` form is cut at its `{verse}`s and the pieces filled once per chapter, so a
    /// verse costs one join (the search titles every verse of every translation: 100,000 of them
    /// took 1.9 s through `text` in a debug build, 0.03 s so; a string join, 0.02 s).
    public func verseTitles(book: String, chapter: Int) -> @Sendable (Int) -> String {
        let values = ["book": book, "chapter": String(chapter)]
        let pieces = (forms["ref.verse"] ?? "").components(separatedBy: "{verse}").map { StringTable.fill($0, values) }
        return { verse in pieces.joined(separator: String(verse)) }
    }

    /// A passage of the plan: "Genesis 1–2", "Luke 1:1–38", "Luke 1:39–2:20".
    public func text(_ p: Passage) -> String {
        p.wholeChapters
            ? text(book: p.book.name, chapter: p.startChapter, toChapter: p.endChapter)
            : text(book: p.book.name, chapter: p.startChapter, verse: p.startVerse, toChapter: p.endChapter, toVerse: p.endVerse)
    }

    /// "Salmo 23:1 RV1909": a reference in a translation that is not the site's.
    public func text(_ reference: String, in translation: String) -> String {
        StringTable.fill(forms["ref.inTranslation"] ?? "", ["reference": reference, "translation": translation])
    }
}
