import Foundation

/// The words of the Bible pages in one language: the built-in English table (`Strings/en.yml`,
/// data compiled in), over which `Content/strings/<language>.yml` sets or adds its own.
public struct BibleStrings: Sendable, Hashable {
    public static let folder = "strings"
    public let language: String
    private let words: [String: String]

    public subscript(_ key: String) -> String { words[key] ?? key }

    /// `{{strings.key}}` for templates.
    var templateValue: TemplateValue { .object(words.mapValues { .text($0) }) }

    /// The English table as compiled in.
    static let english: [String: String] = {
        let path = "Sources/SitegenBible/Strings/en.yml"
        let file = SourceFile(path: path, url: URL(fileURLWithPath: path),
                              text: String(decoding: PackageResources.en_yml, as: UTF8.self))
        let diagnostics = Diagnostics()
        guard let table = table(file, known: nil, diagnostics: diagnostics), diagnostics.all.isEmpty else {
            preconditionFailure("the built-in English strings are invalid: \(diagnostics.all)")
        }
        return table
    }()

    /// A table per language the site's translations use; a language with neither a site table
    /// nor the built-in English is reported at the translation.yml naming it.
    static func read(_ content: SourceTree, languages: [(language: String, from: SourceLocation)],
                     diagnostics: Diagnostics) -> [String: BibleStrings] {
        let folder = content.subtree(Self.folder)
        var tables: [String: BibleStrings] = [:]
        for (language, location) in languages where tables[language] == nil {
            var words = english
            let name = "\(language).yml"
            if folder.exists, folder.fileExists(name) {
                guard let file = folder.read(name, diagnostics: diagnostics),
                      let own = table(file, known: english, diagnostics: diagnostics) else { continue }
                words.merge(own) { $1 }
            } else if language != "en" {
                diagnostics.error("language '\(language)' has no string table: add Content/\(Self.folder)/\(name) "
                                  + "(the keys of Sources/SitegenBible/Strings/en.yml, in that language)", at: location)
                continue
            }
            tables[language] = BibleStrings(language: language, words: words)
        }
        return tables
    }

    /// English, for a site with one English translation and no tables (and for tests).
    public static let builtIn = BibleStrings(language: "en", words: english)

    /// `known`: the keys a table may have (nil while the English table itself is read).
    private static func table(_ file: SourceFile, known: [String: String]?, diagnostics: Diagnostics) -> [String: String]? {
        guard let fields = YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: diagnostics) else { return nil }
        var words: [String: String] = [:]
        for key in fields.keys {
            if let known, known[key] == nil {
                diagnostics.error("unknown key '\(key)' (the keys are those of Sources/SitegenBible/Strings/en.yml)",
                                  at: fields.location(ofKey: key))
                continue
            }
            if let value = fields.string(key, required: true) { words[key] = value }
        }
        return words
    }
}
