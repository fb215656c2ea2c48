import Foundation

/// The interface's words in one language: the built-in tables (`Strings/<language>.yml`, data
/// compiled in: English under every other), over which `Content/strings/<language>.yml` sets its own. One table serves the
/// templates (`{{strings.key}}`), the Swift code that writes words into pages (`table["key"]`)
/// and the scripts: keys named `<script>.<word>` (`marks.copied`) are the scripts' words, written
/// into the page as JSON (`scriptValues`) that `sitegen.t` reads, never copied into a script.
public struct StringTable: Sendable, Hashable {
    public static let folder = "strings"
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
        Self.fill(self[key], values)
    }

    /// `template` with its `{name}` placeholders filled in, as `format` fills a word (the one
    /// filling rule; sitegen.js's `fill` is its browser side).
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        let word = template.utf8
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

    /// The tables compiled in (`Strings/<language>.yml`), language → the file's bytes: what
    /// `sitegen strings copy` writes and `strings diff` compares with.
    public static let builtInFiles: [String: [UInt8]] = [
        "en": PackageResources.en_yml, "es": PackageResources.es_yml, "fi": PackageResources.fi_yml,
    ]

    /// The languages sitegen has a table of, sorted.
    public static var builtInLanguages: [String] { builtInFiles.keys.sorted() }

    /// The English table as compiled in.
    public static let english: [String: String] = builtInWords("en", known: nil)

    /// Every built-in table's words (English's keys only; each table is complete, which a test checks).
    public static let builtInTables: [String: [String: String]] =
        Dictionary(uniqueKeysWithValues: builtInLanguages.map { ($0, $0 == "en" ? english : builtInWords($0, known: english)) })

    /// A built-in table read as a site's would be; a problem in it is a bug of sitegen, not of the site.
    static func builtInWords(_ language: String, known: [String: String]?) -> [String: String] {
        let path = "(built in) \(language).yml"
        let file = SourceFile(path: path, url: URL(fileURLWithPath: path),
                              text: String(decoding: builtInFiles[language] ?? [], as: UTF8.self))
        let diagnostics = Diagnostics()
        guard let table = table(file, known: known, diagnostics: diagnostics), diagnostics.all.isEmpty else {
            preconditionFailure("the built-in \(language) strings are invalid: \(diagnostics.all)")
        }
        return table
    }

    /// English, for a site with no tables (and for tests).
    public static let builtIn = StringTable(language: "en", words: english)

    /// The built-in table of `language` as a site without its own has it; nil when sitegen has none.
    public static func builtIn(_ language: String) -> StringTable? {
        builtInTables[language].map { StringTable(language: language, words: english.merging($0) { $1 }) }
    }

    /// A table per language asked for: English, under the built-in table of that language, under
    /// the site's `Content/strings/<language>.yml` (each key by key). A language with neither a
    /// built-in table nor the site's is reported where it is named; an unknown key in a table is an
    /// error at its line; keys that end up in English in another language's table are one warning.
    public static func read(_ content: SourceTree, languages: [(language: String, from: SourceLocation)],
                            diagnostics: Diagnostics) -> [String: StringTable] {
        let folder = content.subtree(Self.folder)
        var tables: [String: StringTable] = [:]
        for (language, location) in languages where tables[language] == nil {
            let builtIn = builtInTables[language]
            var words = english.merging(builtIn ?? [:]) { $1 }
            let name = "\(language).yml"
            if folder.exists, folder.fileExists(name) {
                guard let file = folder.read(name, diagnostics: diagnostics), file.isWithin(.strings, diagnostics: diagnostics),
                      let own = table(file, known: english, diagnostics: diagnostics) else { continue }
                words.merge(own) { $1 }
                warnOfEnglish(in: language, own: own, builtIn: builtIn, at: SourceLocation(path: folder.display(name)), diagnostics: diagnostics)
            } else if builtIn == nil {
                diagnostics.error("language '\(language)' has no string table: sitegen has \(builtInLanguages.joined(separator: ", ")); "
                                  + "start one with `sitegen strings copy en --as \(language)` and translate Content/\(Self.folder)/\(name)",
                                  at: location)
                continue
            }
            tables[language] = StringTable(language: language, words: words)
        }
        return tables
    }

    /// One warning listing the keys of a table other than English's that neither the site's table
    /// nor a built-in one of its language has: they show in English.
    static func warnOfEnglish(in language: String, own: [String: String], builtIn: [String: String]?,
                              at location: SourceLocation, diagnostics: Diagnostics) {
        guard language != "en" else { return }
        let missing = english.keys.filter { own[$0] == nil && builtIn?[$0] == nil }.sorted()
        guard !missing.isEmpty else { return }
        diagnostics.warning("\(missing.count) key\(missing.count == 1 ? "" : "s") not in this table"
                            + (builtIn == nil ? "" : " nor in sitegen's built-in \(language) table")
                            + ", so shown in English: \(missing.joined(separator: ", "))", at: location)
    }

    /// Every table the site has (each `Content/strings/*.yml`), every built-in one and the site's own language's.
    public static func readAll(_ content: SourceTree, siteLanguage: String, at location: SourceLocation,
                               diagnostics: Diagnostics) -> [String: StringTable] {
        let folder = content.subtree(Self.folder)
        let present = folder.exists ? folder.files(withExtensions: ["yml"], diagnostics: diagnostics)
            .filter { !$0.contains("/") }.map { String($0.dropLast(4)) } : []
        // The built-in tables too: a page in another language (a Spanish Bible on an English site)
        // finds its words without the site copying them.
        let languages = [(siteLanguage, location)] + present.sorted().map { ($0, SourceLocation(path: folder.display($0 + ".yml"))) }
            + builtInLanguages.map { ($0, location) }
        return read(content, languages: languages, diagnostics: diagnostics)
    }

    /// A site's table file's words (English's keys only), as a build reads them.
    public static func words(_ file: SourceFile, diagnostics: Diagnostics) -> [String: String]? {
        table(file, known: english, diagnostics: diagnostics)
    }

    /// `known`: the keys a table may have (nil while the English table itself is read).
    static func table(_ file: SourceFile, known: [String: String]?, diagnostics: Diagnostics) -> [String: String]? {
        guard let fields = YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: diagnostics) else { return nil }
        var words: [String: String] = [:]
        for key in fields.keys {
            if let known, known[key] == nil {
                diagnostics.error("unknown key '\(key)' (no string of sitegen has it; `sitegen strings copy en --as NAME` writes them all)",
                                  at: fields.location(ofKey: key))
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
