import SitegenWords

/// Searching the SQLite bundle's full-text tables (`verses_fts`, `hymn_parts_fts`) the way the
/// site searches: their text was folded at build time by the site search's word rules
/// (`SearchText` in SitegenWords, the very code the generator used), and a query is folded by
/// the same code here, so `Whate’er`, `whate'er` and `whateer` find the same stanzas, and
/// `love` finds `loveth` as on the site.
public enum AppSearch {
    /// The folded words of `text`, as the bundle's full-text tables hold them: for a
    /// `language` with a stemmer (Spanish, the RV1909's verses), their stems.
    public static func words(_ text: String, language: String = "") -> [String] {
        let rules = SearchLanguage.rules(for: language)
        return SearchText.words(text, language: rules).map(rules.stem)
    }

    /// An FTS5 `MATCH` expression finding rows with every word of `text` (each folded and
    /// quoted, so nothing the reader types is read as FTS5 syntax), each word or one of its
    /// King James forms (`love` finds `loveth`, `SearchText.variants`, as the site's search
    /// does); `prefix`: the last word may be the start of a longer one (search as you type).
    /// `language`: the BCP 47 tag of the rows searched (`es` for the RV1909's verses: `ñ` kept,
    /// `pastores` finds `pastor`, by the site's Spanish rules, `SearchLanguage`).
    public static func query(_ text: String, prefix: Bool = false, language: String = "") -> String {
        let words = words(text, language: language)
        let english = SearchLanguage.rules(for: language).code.isEmpty
        return words.enumerated().map { index, word in
            let typed = "\"\(word)\"" + (prefix && index == words.count - 1 ? "*" : "")
            let forms = english ? SearchText.variants(word) : []
            return forms.isEmpty ? typed : "(" + ([typed] + forms.map { "\"\($0)\"" }).joined(separator: " OR ") + ")"
        }.joined(separator: " ")
    }

    /// `query(_:prefix:language:)` for rows in several languages (the hymns: English, Finnish,
    /// Swedish, Norwegian): the text folded by each language's rules, any of them matching, so a
    /// Swedish hymn's `kärlek` is found by "kärlek" (its own folding) and by "karlek" (the shared
    /// one, which its plain form in the table answers, `SearchLanguage.unmarked`).
    public static func query(_ text: String, prefix: Bool = false, languages: [String]) -> String {
        var seen = Set<String>()
        let each = (languages.isEmpty ? [""] : languages).map { query(text, prefix: prefix, language: $0) }.filter { !$0.isEmpty && seen.insert($0).inserted }
        return each.count == 1 ? each[0] : each.map { "(" + $0 + ")" }.joined(separator: " OR ")
    }

    /// The SQL that searches one table over every bundle file holding part of it, each attached
    /// under a name in `schemas`: a translation's `verses` over its divisions
    /// (`bible-kjv-law.sqlite` … `bible-kjv-letters.sqlite`), the hymns' `hymn_parts` over their
    /// ranges (`hymns-1-50.sqlite` …). Its one parameter, `?1`, is a `MATCH` expression
    /// (`query(_:)`); it gives the matching rows' ids (`verses.id`, `hymn_parts.id`) in key order,
    /// which is canon order for verses and number order for hymns. Names are quoted, so any
    /// attached name works.
    public static func sql(searching table: String, in schemas: [String]) -> String {
        let fullText = quoted(table + "_fts")
        return schemas.map { schema in
            "SELECT f.rowid AS id FROM \(quoted(schema)).\(fullText) AS f WHERE f.\(fullText) MATCH ?1"
        }.joined(separator: " UNION ALL ") + " ORDER BY id"
    }

    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
