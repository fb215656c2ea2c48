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
        func json(books: String, terms: String, base: Int) -> String {
            let endings = language.endings.map { "[\(JSONText.quoted($0.suffix)),\(JSONText.quoted($0.replacement)),\($0.minimum)]" }
            return "[" + [JSONText.quoted(scope.id), JSONText.quoted(scope.label), JSONText.quoted(language.code),
                          "[" + language.stopWords.map(JSONText.quoted).joined(separator: ",") + "]",
                          JSONText.quoted(language.kept), "[" + endings.joined(separator: ",") + "]",
                          JSONText.quoted(books), JSONText.quoted(terms), String(base)].joined(separator: ",") + "]"
        }
    }

    /// In the order the contributions give them (the default translation first).
    let list: [Entry]
    let byID: [String: Entry]
    let index: [String: Int]
    /// The contribution each scope comes from.
    let owner: [String: Int]

    init(_ contributions: [SearchContribution]) {
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
    }

    /// The term a word read from a document is indexed by: a shared word as it is; a scope's
    /// word (`!<id> <word>`) stemmed by its language, or nil for its language's stop word.
    func term(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard bytes.first == UInt8(ascii: "!"), let space = bytes.firstIndex(of: 0x20) else { return bytes }
        let id = String(decoding: bytes[bytes.startIndex + 1..<space], as: UTF8.self)
        guard let entry = byID[id] else { return bytes }
        let word = String(decoding: bytes[(space + 1)...], as: UTF8.self)
        if entry.language.stopSet.contains(word) { return nil }
        return ArraySlice(entry.prefix + Array(entry.language.stem(word).utf8))
    }

    /// The scope of an indexed term, or nil for a shared one.
    static func scope(ofTerm term: String) -> String? {
        guard term.first == "!", let space = term.firstIndex(of: " ") else { return nil }
        return String(term[term.index(after: term.startIndex)..<space])
    }
}
