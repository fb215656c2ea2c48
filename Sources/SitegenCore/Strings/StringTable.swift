import Foundation

/// The interface's words in one language: the built-in English table (`Strings/en.yml`, data
/// compiled in), over which `Content/strings/<language>.yml` sets its own. One table serves the
/// templates (`{{strings.key}}`), the Swift code that writes words into pages (`table["key"]`)
/// and the scripts: keys named `<script>.<word>` (`marks.copied`) are the scripts' words, written
/// into the page as JSON (`scriptValues`) that `sitegen.t` reads, never copied into a script.
public struct StringTable: Sendable, Hashable {
    public static let folder = "strings"
    /// Where the English table is, for messages.
    public static let englishPath = "Sources/SitegenCore/Strings/en.yml"
    public let language: String
    private let words: [String: String]
    /// Dates in this language's words, by CLDR (`date.locale` when it is a locale of this
    /// language, `en_GB` for English; else the language itself).
    public let dates: LocaleDates

    public init(language: String, words: [String: String]) {
        self.language = language
        self.words = words
        // A table that falls back to English's words must not take English's locale with them.
        let locale = words["date.locale"].flatMap { $0.split(whereSeparator: { "_-".contains($0) }).first == Substring(language) ? $0 : nil }
        self.dates = LocaleDates(locale: locale ?? language)
    }

    public subscript(_ key: String) -> String { words[key] ?? key }

    /// A word with `{name}` placeholders filled in (`"{ref} is a verse…"`); a placeholder with
    /// no value stays as written.
    ///
    /// One pass over the word's UTF-8: a value is put in as it is, never searched for placeholders
    /// itself (a book named "{chapters}" stays so), and no Foundation search runs per value (the
    /// side-by-side pages format a description each, 2,378 of them).
    public func format(_ key: String, _ values: [String: String]) -> String {
        let word = self[key].utf8
        var out: [UInt8] = []
        out.reserveCapacity(word.count + values.values.reduce(0) { $0 + $1.utf8.count })
        var rest = word[...]
        while let open = rest.firstIndex(of: UInt8(ascii: "{")) {
            out.append(contentsOf: rest[..<open])
            let name = rest[word.index(after: open)...]
            guard let close = name.firstIndex(where: { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "{") }),
                  name[close] == UInt8(ascii: "}"), let value = values[String(decoding: name[..<close], as: UTF8.self)] else {
                out.append(UInt8(ascii: "{"))
                rest = name
                continue
            }
            out.append(contentsOf: value.utf8)
            rest = name[word.index(after: close)...]
        }
        out.append(contentsOf: rest)
        return String(decoding: out, as: UTF8.self)
    }

    public func has(_ key: String) -> Bool { words[key] != nil }

    /// `{{strings.key}}` for templates.
    public var templateValue: TemplateValue { .object(words.mapValues { .text($0) }) }

    /// The scripts' words by script (`marks` → `{"marks.copied": "Copied {ref}.", …}` as JSON,
    /// safe inside `<script type="application/json">`), for `{{{scriptStrings.marks}}}`.
    public var scriptValues: TemplateValue {
        var groups: [String: [(String, String)]] = [:]
        for (key, word) in words {
            guard let dot = key.firstIndex(of: ".") else { continue }
            groups[String(key[..<dot]), default: []].append((key, word))
        }
        return .object(groups.mapValues { pairs in
            let members = pairs.sorted { $0.0 < $1.0 }.map { JSONText.quoted($0.0) + ":" + JSONText.quoted($0.1) }
            return .text("{" + members.joined(separator: ",") + "}")
        })
    }

    /// "Tuesday, 24 November 2026" / "martes, 24 de noviembre de 2026" (CLDR's, see `LocaleDates`).
    public func longDate(_ date: CalendarDate) -> String { dates.long(date) }

    /// "24 November" / "24 de noviembre".
    public func dayAndMonth(_ date: CalendarDate) -> String { dates.dayAndMonth(date) }

    /// "Sun 29 Nov" / "dom, 29 nov" / "su 29.11.".
    public func shortDate(_ date: CalendarDate) -> String { dates.short(date) }

    /// "November 2026" / "noviembre de 2026".
    public func monthAndYear(_ date: CalendarDate) -> String { dates.monthAndYear(date) }

    public func month(_ number: Int) -> String { dates.month(number) }
    public func weekday(_ date: CalendarDate) -> String { dates.weekday(date.weekday) }

    /// The English table as compiled in.
    public static let english: [String: String] = {
        let file = SourceFile(path: englishPath, url: URL(fileURLWithPath: englishPath),
                              text: String(decoding: PackageResources.en_yml, as: UTF8.self))
        let diagnostics = Diagnostics()
        guard let table = table(file, known: nil, diagnostics: diagnostics), diagnostics.all.isEmpty else {
            preconditionFailure("the built-in English strings are invalid: \(diagnostics.all)")
        }
        return table
    }()

    /// English, for a site with no tables (and for tests).
    public static let builtIn = StringTable(language: "en", words: english)

    /// A table per language asked for: English with the site's `Content/strings/<language>.yml`
    /// over it. A language with neither is reported where it is named; an unknown key in a table
    /// is an error at its line (a key left out keeps its English: the table may be partial).
    public static func read(_ content: SourceTree, languages: [(language: String, from: SourceLocation)],
                            diagnostics: Diagnostics) -> [String: StringTable] {
        let folder = content.subtree(Self.folder)
        var tables: [String: StringTable] = [:]
        for (language, location) in languages where tables[language] == nil {
            var words = english
            let name = "\(language).yml"
            if folder.exists, folder.fileExists(name) {
                guard let file = folder.read(name, diagnostics: diagnostics), file.isWithin(.strings, diagnostics: diagnostics),
                      let own = table(file, known: english, diagnostics: diagnostics) else { continue }
                words.merge(own) { $1 }
            } else if language != "en" {
                diagnostics.error("language '\(language)' has no string table: add Content/\(Self.folder)/\(name) "
                                  + "(the keys of \(englishPath), in that language)", at: location)
                continue
            }
            tables[language] = StringTable(language: language, words: words)
        }
        return tables
    }

    /// Every table the site has (each `Content/strings/*.yml`) and the site's own language's.
    public static func readAll(_ content: SourceTree, siteLanguage: String, at location: SourceLocation,
                               diagnostics: Diagnostics) -> [String: StringTable] {
        let folder = content.subtree(Self.folder)
        let present = folder.exists ? folder.files(withExtensions: ["yml"], diagnostics: diagnostics)
            .filter { !$0.contains("/") }.map { String($0.dropLast(4)) } : []
        let languages = [(siteLanguage, location)] + present.sorted().map { ($0, SourceLocation(path: folder.display($0 + ".yml"))) }
        return read(content, languages: languages, diagnostics: diagnostics)
    }

    /// `known`: the keys a table may have (nil while the English table itself is read).
    static func table(_ file: SourceFile, known: [String: String]?, diagnostics: Diagnostics) -> [String: String]? {
        guard let fields = YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: diagnostics) else { return nil }
        var words: [String: String] = [:]
        for key in fields.keys {
            if let known, known[key] == nil {
                diagnostics.error("unknown key '\(key)' (the keys are those of \(englishPath))", at: fields.location(ofKey: key))
                continue
            }
            if let value = fields.string(key, required: true) { words[key] = value }
        }
        return words
    }
}

/// The site's tables by language (the site's own language always among them).
public struct StringTables: Sendable {
    public let site: StringTable
    private let byLanguage: [String: StringTable]

    public init(site: String, tables: [String: StringTable]) {
        // A language without a table was reported where it is named; the build stops there.
        self.site = tables[site] ?? .builtIn
        self.byLanguage = tables
    }

    /// English only (tests and tools).
    public static let builtIn = StringTables(site: "en", tables: ["en": .builtIn])

    public var languages: [String] { byLanguage.keys.sorted() }

    /// The table of `language`, or the site's when the site has none for it.
    public func table(_ language: String?) -> StringTable {
        language.flatMap { byLanguage[$0] } ?? site
    }
}
