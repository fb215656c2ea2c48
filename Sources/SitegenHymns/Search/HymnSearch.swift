import Foundation
import SitegenCore

/// What the hymnal gives the site's search: every stanza, chorus and refrain as a document
/// linked to its hymn (a group of the index each, so that a stanza added to one hymn changes no
/// other hymn's document ids), and hymn numbers as shortcuts.
public enum HymnSearch {
    /// `words`: the site's table (the kind's name and the number shortcut's label on the search page).
    public static func contribution(_ hymnal: Hymnal, words: StringTable = .builtIn, others: [StringTable] = []) -> SearchContribution {
        var documents: [SearchDocument] = []
        for hymn in hymnal.hymns {
            let url = HymnPages.path(hymn.number)
            let title = "\(hymn.number). \(hymn.title(removed: words["removedTitle"]))"
            let group = "hymns/\(hymn.number)"
            var passages = hymn.stanzas.map(\.plainText)
            if let chorus = hymn.chorus { passages.insert(chorus.plainText, at: min(1, passages.count)) }
            if let refrain = hymn.refrain { passages.insert(refrain.plainText, at: min(1, passages.count)) }
            if passages.isEmpty { passages = [""] }   // a removed hymn: still found by its number
            for text in passages {
                documents.append(SearchDocument(kind: words["kind.hymns"], url: url, title: title, text: text, group: group, number: hymn.number,
                                                groupSlot: hymn.number, language: language(hymn, in: hymnal)))
            }
        }
        let numbers = SearchNumbered(label: words["hymn"], words: queryWords(words, others: others), path: HymnPages.pathTemplate,
                                     numbers: 1...max(1, hymnal.count))
        return SearchContribution(documents: documents, numbered: [numbers])
    }

    /// The words that may stand before a hymn's number in a query: English's, the site's and
    /// every other table's the site has (`hymnQueryWords`: "virsi", "himno"), so each page's
    /// placeholder hint opens the hymn, the Spanish chapter's "himno 23" on an English site too.
    /// Folded as the browser folds a query (lower case, no accents: "número" is "numero").
    static func queryWords(_ words: StringTable, others: [StringTable] = []) -> [String] {
        var seen: Set<String> = []
        let every = ([StringTable.english["hymnQueryWords"] ?? "", words["hymnQueryWords"]] + others.map { $0["hymnQueryWords"] })
            .joined(separator: " ")
        let all = every.split(separator: " ").map {
            $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }
        return all.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The language a hymn's words are in, for their word rules (`SearchLanguage`): its own
    /// (`language: fi`), else the hymnal's (`language: English` in its settings), else nil (the site's).
    public static func language(_ hymn: Hymn, in hymnal: Hymnal) -> String? {
        // A language named instead of tagged (`language: English`) is read as its tag.
        hymn.language.map { LanguageGuess.tag(forName: $0) ?? $0 } ?? LanguageGuess.tag(forName: hymnal.language)
    }
}
