import SitegenCore
import SitegenWords

/// The scopes of the contributions (each Bible translation) as the index writes them: a
/// scope's words are folded, stopped and stemmed by its language's rules (`SearchLanguage`)
/// and indexed as `!<id> <term>`, which sorts before every shared term (a folded word never
/// holds `!` or a space), so each scope's terms make shards of their own.
struct Scopes: Sendable {
    struct Entry: Sendable {
        let scope: SearchScope
        let language: SearchLanguage
        let prefix: [UInt8]

        /// `[id, label, language, [stop words], kept letters, [[suffix, replacement, minimum]…], books file,
        /// terms file, base]`: the browser folds, stops and stems a query for the scope with these; the
        /// terms file (`search/s/`) has the scope's group hashes and term shards; its terms'
        /// postings count their first document from `base`.
        /// `unmarked` (last): 1 when a word with a kept letter is also indexed plain (`SearchLanguage.unmarked`).
        func json(books: String, terms: String, base: Int) -> String {
            let endings = language.endings.map { "[\(JSONText.quoted($0.suffix)),\(JSONText.quoted($0.replacement)),\($0.minimum)]" }
            return "[" + [JSONText.quoted(scope.id), JSONText.quoted(scope.label), JSONText.quoted(scope.language),
                          "[" + language.stopWords.map(JSONText.quoted).joined(separator: ",") + "]",
                          JSONText.quoted(language.kept), "[" + endings.joined(separator: ",") + "]",
                          JSONText.quoted(books), JSONText.quoted(terms), String(base), language.unmarkedFallback ? "1" : "0"].joined(separator: ",") + "]"
        }
    }

    /// In the order the contributions give them (the default translation first).
    let list: [Entry]
    let byID: [String: Entry]
    let index: [String: Int]
    /// The contribution each scope comes from.
    let owner: [String: Int]
    /// The languages of the shared documents (BCP 47 tags, sorted) with their rules: a document
    /// of no scope is in its own language (a Finnish hymn), else the site's.
    let languages: [(tag: String, rules: SearchLanguage)]
    private let tagIndex: [String: Int]
    private let rulesByCode: [String: SearchLanguage]
    private let siteTag: String

    init(_ contributions: [SearchContribution], siteLanguage: String = "") {
        var list: [Entry] = []
        var owner: [String: Int] = [:]
        for (c, contribution) in contributions.enumerated() {
            for scope in contribution.scopes where owner[scope.id] == nil {
                owner[scope.id] = c
                list.append(Entry(scope: scope, language: SearchLanguage.rules(for: scope.language), prefix: Array("!\(scope.id) ".utf8)))
            }
        }
        self.list = list
        self.owner = owner
        byID = Dictionary(uniqueKeysWithValues: list.map { ($0.scope.id, $0) })
        index = Dictionary(uniqueKeysWithValues: list.enumerated().map { ($1.scope.id, $0) })
        var tags: Set<String> = [siteLanguage]
        for contribution in contributions {
            for doc in contribution.chunks.joined() where doc.scope == nil { tags.insert(doc.language ?? siteLanguage) }
        }
        languages = tags.sorted().map { ($0, SearchLanguage.rules(for: $0)) }
        tagIndex = Dictionary(uniqueKeysWithValues: languages.enumerated().map { ($1.tag, $0) })
        rulesByCode = Dictionary(languages.map { ($0.rules.code, $0.rules) }) { first, _ in first }
        siteTag = siteLanguage
    }

    /// The rules a document's words are read by, and the prefix they are interned under: a
    /// scope's `!<id> `, a shared document's `?<language> ` when its language has rules of its
    /// own (never written: `term` maps it to a shared term), else none.
    func rules(of doc: SearchDocument) -> (SearchLanguage, [UInt8]) {
        if let scope = doc.scope.flatMap({ byID[$0] }) { return (scope.language, scope.prefix) }
        let language = SearchLanguage.rules(for: doc.language ?? siteTag)
        return (language, language.code.isEmpty ? [] : Array("?\(language.code) ".utf8))
    }

    /// A shared document's language in `languages`; -1 for a scope's.
    func languageIndex(of doc: SearchDocument) -> Int {
        doc.scope == nil ? tagIndex[doc.language ?? siteTag] ?? -1 : -1
    }

    /// A language as the browser reads it: `tag, [stop words], kept letters,
    /// [[suffix, replacement, minimum]…], unmarked (1: plain forms indexed too)`.
    static func languageJSON(_ tag: String, _ language: SearchLanguage) -> String {
        let endings = language.endings.map { "[\(JSONText.quoted($0.suffix)),\(JSONText.quoted($0.replacement)),\($0.minimum)]" }
        return [JSONText.quoted(tag), "[" + language.stopWords.map(JSONText.quoted).joined(separator: ",") + "]",
                JSONText.quoted(language.kept), "[" + endings.joined(separator: ",") + "]", language.unmarkedFallback ? "1" : "0"]
            .joined(separator: ",")
    }

    /// The term a word read from a document is indexed by: a shared word as it is; a scope's
    /// word (`!<id> <word>`) stemmed by its language, or nil for its language's stop word; a
    /// shared document's word in a language of its own (`?<code> <word>`) stemmed by it, or nil
    /// for its or the shared stop words (one list for every shared term). `unmarked`: the term
    /// that also finds it when typed without its kept letters (`karlek$` for `kärlek`).
    func term(_ bytes: ArraySlice<UInt8>) -> (term: [UInt8], unmarked: [UInt8]?)? {
        guard let mark = bytes.first, mark == UInt8(ascii: "!") || mark == UInt8(ascii: "?"),
              let space = bytes.firstIndex(of: 0x20) else { return (Array(bytes), nil) }
        let name = String(decoding: bytes[bytes.startIndex + 1..<space], as: UTF8.self)
        let language: SearchLanguage, prefix: [UInt8]
        if mark == UInt8(ascii: "!") {
            guard let entry = byID[name] else { return (Array(bytes), nil) }
            (language, prefix) = (entry.language, entry.prefix)
        } else {
            language = rulesByCode[name] ?? .shared
            prefix = []
        }
        let word = String(decoding: bytes[(space + 1)...], as: UTF8.self)
        if language.stopSet.contains(word) || (prefix.isEmpty && SearchText.stopSet.contains(word)) { return nil }
        let stem = language.stem(word)
        return (prefix + Array(stem.utf8), language.unmarked(stem).map { prefix + Array(($0 + SearchLanguage.unmarkedMark).utf8) })
    }

    /// The scope of an indexed term, or nil for a shared one.
    static func scope(ofTerm term: String) -> String? {
        guard term.first == "!", let space = term.firstIndex(of: " ") else { return nil }
        return String(term[term.index(after: term.startIndex)..<space])
    }
}
