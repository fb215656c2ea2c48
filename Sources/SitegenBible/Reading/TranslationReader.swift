import Foundation

/// Reads one translation folder `Content/bible/<id>/`: `translation.yml` plus the text in OSIS
/// (`*.xml`) or USFM (`*.usfm`, `*.sfm`) files, any number of books per file. Files are parsed
/// in parallel; the text is the largest input of the site.
public enum TranslationReader {
    /// `queries` remembers the books of text files that did not change (a session's builds).
    /// `versifications`: the ones a translation.yml may name (built in, and the site's own).
    public static func read(id: String, folder: SourceTree, diagnostics: Diagnostics, jobs: Int,
                            versifications: [String: Versification] = VersificationReader.builtIn,
                            queries: QueryEngine = QueryEngine()) async -> Loaded? {
        guard let meta = metadata(folder, versifications: versifications, diagnostics: diagnostics),
              let scheme = versifications[meta.versification] else { return nil }
        let files = folder.files(withExtensions: ["xml", "usfm", "sfm"], diagnostics: diagnostics)
        if files.isEmpty {
            diagnostics.error("no Bible text here (expected *.osis.xml or *.usfm files)", at: SourceLocation(path: folder.displayPath))
        }
        let perFile = await concurrentMap(files, jobs: jobs) { relative -> [Book] in
            queries.read(relative, in: folder, with: TextFile(scheme: scheme), diagnostics: diagnostics)
        }
        var seen: [String: String] = [:]
        var books: [Book] = []
        for (relative, fileBooks) in zip(files, perFile) {
            for book in fileBooks {
                if let other = seen[book.osis] {
                    diagnostics.error("book \(book.canon.name) is also in \(other)", at: SourceLocation(path: folder.display(relative)))
                    continue
                }
                seen[book.osis] = folder.display(relative)
                books.append(book)
            }
        }
        let translation = Translation(id: id, name: meta.name, abbreviation: meta.abbreviation, language: meta.language,
                                      licence: meta.licence, versification: meta.versification, scheme: scheme, books: books)
        return Loaded(translation: translation, isDefault: meta.isDefault, languageAt: meta.languageAt)
    }

    /// One OSIS or USFM file, parsed on its own.
    public static func readFile(_ folder: SourceTree, _ relative: String, versification: Versification? = nil,
                                _ diagnostics: Diagnostics) -> [Book] {
        guard let file = folder.read(relative, diagnostics: diagnostics) else { return [] }
        return relative.hasSuffix(".xml") ? OSISReader.read(file, versification: versification, diagnostics: diagnostics)
                                          : USFMReader.read(file, versification: versification, diagnostics: diagnostics)
    }

    /// A text file's books, checked against a versification: read again when translation.yml
    /// names another.
    struct TextFile: SourceFileReader {
        typealias Value = [Book]
        let scheme: Versification

        func read(_ tree: SourceTree, _ relative: String, _ queries: Queries) -> [Book] {
            TranslationReader.readFile(tree, relative, versification: scheme, queries.diagnostics)
        }

        // By name: hashing the whole versification (every chapter's verse count) for each of a
        // translation's files cost more than looking them up; equal keys still compare it whole.
        func hash(into hasher: inout Hasher) { hasher.combine(scheme.name) }
    }

    /// A translation as read, with what the library checks across translations.
    public struct Loaded: Sendable {
        public let translation: Translation
        public let isDefault: Bool
        /// Where translation.yml names the language (a language without strings is reported there).
        public let languageAt: SourceLocation
    }

    struct Metadata {
        var name, abbreviation, language, licence, versification: String
        var isDefault: Bool
        var languageAt: SourceLocation
    }

    static func metadata(_ folder: SourceTree, versifications: [String: Versification], diagnostics: Diagnostics) -> Metadata? {
        guard folder.fileExists("translation.yml") else {
            diagnostics.error("missing translation.yml (name, abbreviation, language, licence, versification)",
                              at: SourceLocation(path: folder.displayPath))
            return nil
        }
        guard let file = folder.read("translation.yml", diagnostics: diagnostics),
              let fields = YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: diagnostics) else { return nil }
        let name = fields.string("name", required: true)
        let abbreviation = fields.string("abbreviation", required: true)
        let language = fields.string("language", required: true)
        let licence = fields.string("licence", required: true)
        let versification = fields.string("versification", required: true)
        if let versification, versifications[versification] == nil {
            fields.error("unknown versification '\(versification)' (known: \(versifications.keys.sorted().joined(separator: ", ")); "
                         + "add Content/bible/versifications/\(versification).vrs)", at: "versification")
        }
        let format = fields.string("format")
        if let format, !["osis", "usfm"].contains(format) { fields.error("format must be osis or usfm", at: "format") }
        let isDefault = fields.bool("default") ?? false
        fields.reportUnknownKeys()
        guard let name, let abbreviation, let language, let licence, let versification else { return nil }
        return Metadata(name: name, abbreviation: abbreviation, language: language, licence: licence,
                        versification: versification, isDefault: isDefault, languageAt: fields.location(ofKey: "language"))
    }
}
