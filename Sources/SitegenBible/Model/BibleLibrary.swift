/// Everything under `Content/bible/`: the translations, the reading plan and the daily verses.
public struct BibleLibrary: Sendable {
    /// Sorted by id.
    public let translations: [Translation]
    /// The translation the pages show (the only one, or the one marked `default: true`).
    public let primary: Translation
    public let plan: ReadingPlan?
    public let dailyVerses: DailyVerses?
    /// The words of the pages, by language (every translation's language has a table).
    public let strings: [String: StringTable]

    /// Every translation as the pages show it, the default first.
    public var editions: [Edition] {
        ([primary] + translations.filter { $0.id != primary.id }).map { edition($0) }
    }

    public func edition(_ t: Translation) -> Edition {
        Edition(translation: t, pathID: t.id == primary.id ? nil : t.id, strings: strings[t.language] ?? .builtIn)
    }

    /// Every translation as the pages show it, the default first, its pages in the site's words.
    public func editions(site: StringTable) -> [Edition] {
        [Edition(translation: primary, pathID: nil, strings: site)] + translations.filter { $0.id != primary.id }.map { edition($0) }
    }
}

/// The read stage for the Bible: all problems go to `diagnostics`; nil when there is no
/// `Content/bible/` folder at all (a site without a Bible).
public enum BibleReader {
    public static let folder = "bible"

    /// `queries` remembers the books of unchanged text files, the string tables, and the plan
    /// and daily verses while their files and the primary translation's numbering are unchanged
    /// (a session's builds).
    public static func read(content: SourceTree, diagnostics: Diagnostics, jobs: Int,
                            queries: QueryEngine = QueryEngine()) async -> BibleLibrary? {
        let root = content.subtree(folder)
        guard root.exists else { return nil }
        let ids = translationIDs(root, diagnostics: diagnostics)
        let versifications = VersificationReader.all(root, diagnostics: diagnostics)
        var loaded: [TranslationReader.Loaded] = []
        for id in ids {
            if let t = await TranslationReader.read(id: id, folder: root.subtree(id), diagnostics: diagnostics, jobs: jobs,
                                                     versifications: versifications, queries: queries) {
                loaded.append(t)
            }
        }
        checkDistinct(loaded.map(\.translation), root: root, diagnostics: diagnostics)
        let strings = queries.value(TranslationStrings(content: content, languages: loaded.map {
            TranslationStrings.Language(name: $0.translation.language, namedAt: $0.languageAt)
        }), diagnostics: diagnostics)
        guard let primary = primary(loaded, root: root, diagnostics: diagnostics) else { return nil }
        let numbering = VerseNumbering(primary)
        let plan = queries.read("plan.yml", in: root, with: NumberedFile(primary, numbering: numbering) {
            readPlan($0, primary: $1, diagnostics: $2)
        }, diagnostics: diagnostics)
        let daily = queries.read("daily-verses.yml", in: root, with: NumberedFile(primary, numbering: numbering) {
            readDailyVerses($0, primary: $1, diagnostics: $2)
        }, diagnostics: diagnostics)
        return BibleLibrary(translations: loaded.map(\.translation), primary: primary, plan: plan, dailyVerses: daily,
                            strings: strings)
    }

    /// `plan.yml`, if there is one.
    public static func readPlan(_ root: SourceTree, primary: Translation, diagnostics: Diagnostics) -> ReadingPlan? {
        guard root.fileExists("plan.yml") else { return nil }
        return root.read("plan.yml", diagnostics: diagnostics).flatMap {
            ReadingPlanReader.read($0, translation: primary, diagnostics: diagnostics)
        }
    }

    /// `daily-verses.yml`, if there is one.
    public static func readDailyVerses(_ root: SourceTree, primary: Translation, diagnostics: Diagnostics) -> DailyVerses? {
        guard root.fileExists("daily-verses.yml") else { return nil }
        return root.read("daily-verses.yml", diagnostics: diagnostics).flatMap {
            DailyVersesReader.read($0, translation: primary, diagnostics: diagnostics)
        }
    }

    /// Sub-folders holding a translation.yml or Bible text (not the site's versifications).
    static func translationIDs(_ root: SourceTree, diagnostics: Diagnostics) -> [String] {
        let files = root.files(diagnostics: diagnostics)
        let ids = Set(files.compactMap { path -> String? in
            let parts = path.split(separator: "/")
            return parts.count >= 2 && parts[0] != VersificationReader.folder ? String(parts[0]) : nil
        })
        for id in ids where Escape.slug(id) != id {
            diagnostics.error("translation folder '\(id)' must be a lowercase id like 'kjv'", at: SourceLocation(path: root.display(id)))
        }
        // `/bible/<id>/` must not be a book's or the plan's address.
        for id in ids where BiblePaths.isReserved(id) {
            diagnostics.error("translation folder '\(id)' would share its address /bible/\(id)/ with a Bible page; rename it",
                              at: SourceLocation(path: root.display(id)))
        }
        return ids.filter { Escape.slug($0) == $0 && !BiblePaths.isReserved($0) }.sorted()
    }

    /// Two translations with one abbreviation could not be told apart in the switcher.
    static func checkDistinct(_ translations: [Translation], root: SourceTree, diagnostics: Diagnostics) {
        var seen: [String: String] = [:]
        for t in translations {
            let key = t.abbreviation.lowercased()
            if let other = seen[key] {
                diagnostics.error("translations '\(other)' and '\(t.id)' have the same abbreviation '\(t.abbreviation)'; "
                                  + "readers choose a translation by it", at: SourceLocation(path: root.display("\(t.id)/translation.yml")))
            }
            seen[key] = t.id
        }
    }

    static func primary(_ loaded: [TranslationReader.Loaded], root: SourceTree, diagnostics: Diagnostics) -> Translation? {
        if loaded.count == 1 { return loaded[0].translation }
        let marked = loaded.filter(\.isDefault)
        if marked.count == 1 { return marked[0].translation }
        if loaded.isEmpty {
            diagnostics.error("no translation found (expected Content/bible/<id>/translation.yml)", at: SourceLocation(path: root.displayPath))
        } else {
            diagnostics.error("\(marked.count) translations are marked 'default: true'; mark exactly one for the pages",
                              at: SourceLocation(path: root.displayPath))
        }
        return nil
    }
}

/// `plan.yml` or `daily-verses.yml`, checked against the primary translation's chapter and
/// verse numbers (all its reader reads of the translation, so the numbering is the key: a verse
/// edit does not read them again).
struct NumberedFile<Value: Sendable & Equatable>: SourceFileReader {
    let numbering: VerseNumbering
    let primary: Translation
    let reader: @Sendable (SourceTree, Translation, Diagnostics) -> Value

    init(_ primary: Translation, numbering: VerseNumbering, reader: @escaping @Sendable (SourceTree, Translation, Diagnostics) -> Value) {
        (self.primary, self.numbering, self.reader) = (primary, numbering, reader)
    }

    func read(_ tree: SourceTree, _ relative: String, _ queries: Queries) -> Value { reader(tree, primary, queries.diagnostics) }

    static func == (a: Self, b: Self) -> Bool { a.numbering == b.numbering }
    func hash(into hasher: inout Hasher) { hasher.combine(numbering) }
}

/// The string tables of the translations' languages. Remembered, so that a verse edit does not
/// parse the YAML tables again and the pages' inputs (`TranslationInputs`) compare the very same
/// tables by identity, not word by word. (A change below `Content/strings/` builds everything
/// again with a new engine; the folder is read here all the same.)
struct TranslationStrings: QueryKey {
    typealias Value = [String: StringTable]
    struct Language: Hashable, Sendable {
        let name: String
        let namedAt: SourceLocation
    }
    let content: SourceTree
    let languages: [Language]

    func compute(_ queries: Queries) -> [String: StringTable] {
        _ = queries.input(SourceFolder(path: content.subtree(StringTable.folder).url.path))
        return StringTable.read(content, languages: languages.map { ($0.name, $0.namedAt) }, diagnostics: queries.diagnostics)
    }

    static func == (a: Self, b: Self) -> Bool { a.languages == b.languages && a.content.url == b.content.url }
    func hash(into hasher: inout Hasher) { hasher.combine(languages) }
}
