import Foundation

/// Reads `Content/hymns/`: `hymnal.yml` (title, language, year, count) and one Markdown file per
/// hymn. Returns nil when the folder does not exist (a site without a hymnal) or on errors,
/// which are all in `diagnostics`.
public enum HymnalReader {
    public static let folder = "hymns"
    public static let settingsFile = "hymnal.yml"

    /// `queries` remembers the listing and the hymns of files that did not change (a session's builds).
    public static func read(content: SourceTree, jobs: Int, diagnostics: Diagnostics,
                            queries: QueryEngine = QueryEngine()) async -> Hymnal? {
        let tree = content.subtree(folder)
        guard tree.exists else { return nil }
        let paths = queries.files(in: tree, withExtensions: extensions, diagnostics: diagnostics).filter { !isDocumentation($0) }
        guard let settings = HymnalSettings.read(tree: tree, diagnostics: diagnostics) else { return nil }
        let read = await concurrentMap(paths, jobs: jobs) { relative -> (String, Hymn?) in
            (relative, queries.read(relative, in: tree, with: HymnFile(), diagnostics: diagnostics))
        }
        let hymns = read.compactMap(\.1)
        // A file that could not be read already has its error; its name still claims its number,
        // so the validator does not add a "gap" message for it.
        let unreadable = Set(read.filter { $0.1 == nil }.compactMap { numberInName($0.0) })
        let valid = HymnalValidator.validate(hymns, settings: settings, claimed: unreadable, diagnostics: diagnostics)
        guard valid, unreadable.isEmpty else { return nil }
        return Hymnal(title: settings.title, language: settings.language, year: settings.year,
                      count: settings.count, hymns: hymns)
    }

    /// The extensions of hymn files.
    static let extensions: Set<String> = ["md", "markdown"]

    /// One `NNN.md`, read and checked on its own (nil when unreadable or wrong).
    public static func readFile(_ tree: SourceTree, _ relative: String, _ diagnostics: Diagnostics) -> Hymn? {
        guard let file = tree.read(relative, diagnostics: diagnostics) else { return nil }
        return HymnFileReader.read(file, diagnostics: diagnostics)
    }

    /// `123.md` → 123.
    static func numberInName(_ relative: String) -> Int? {
        let stem = relative.split(separator: "/").last?.split(separator: ".").first.map(String.init) ?? ""
        return stem.allSatisfy(\.isASCIIDigit) ? Int(stem) : nil
    }

    /// `README.md` in the hymns folder is for people, not a hymn.
    static func isDocumentation(_ relative: String) -> Bool {
        ["readme.md", "notice.md"].contains(relative.lowercased())
    }
}

/// `Content/hymns/hymnal.yml`.
public struct HymnalSettings: Sendable {
    public let title: String
    public let language: String
    public let year: Int?
    /// How many numbers the hymnal has; every number 1…count must have a file.
    public let count: Int
    /// Where `count` is written, for "hymn N is missing" messages.
    public let countLocation: SourceLocation

    /// Hymn numbers (and so `count`): large enough for any printed hymnal, small enough that a
    /// hostile `count: 9223372036854775807` is an error, not gigabytes of empty slots.
    public static let numbers = 1...9_999
    /// A hymnal's `year`: four digits, not 0000.
    public static let years = 1000...9999

    static func read(tree: SourceTree, diagnostics: Diagnostics) -> HymnalSettings? {
        guard tree.fileExists(HymnalReader.settingsFile) else {
            diagnostics.error("missing \(HymnalReader.settingsFile): it says how many hymns the hymnal has ('count: 365')",
                              at: SourceLocation(path: tree.display(HymnalReader.settingsFile)))
            return nil
        }
        guard let file = tree.read(HymnalReader.settingsFile, diagnostics: diagnostics),
              let fields = YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: diagnostics) else { return nil }
        defer { fields.reportUnknownKeys() }
        let title = fields.string("title") ?? "Hymnal"
        let language = fields.string("language") ?? "English"
        let year = fields.int("year", in: HymnalSettings.years)
        // Bounded: the reader makes a slot for every number up to `count`.
        guard let count = fields.int("count", in: HymnalSettings.numbers, required: true) else { return nil }
        return HymnalSettings(title: title, language: language, year: year, count: count,
                              countLocation: fields.location(ofKey: "count"))
    }
}
