import Foundation

/// The word rules of one language on top of `SearchText`'s shared ones: letters that stay
/// apart from their base letter (Spanish `ñ` is not `n`: `año` is not `ano`), the words too
/// common to index, and a light stemmer (`amores` and `amor`, `pastores` and `pastor` are one
/// term). The site's index writes each scope's rules into `search/index.json`, and the browser
/// (`search-words.js`) applies them from there, so this table is their one definition; the apps
/// (`AppSearch`) call it here.
public struct SearchLanguage: Sendable, Hashable {
    /// One ending the stemmer takes off: `suffix` is replaced by `replacement` in a word of at
    /// least `minimum` UTF-16 units (the browser counts so).
    public struct Ending: Sendable, Hashable {
        public let suffix: String
        public let replacement: String
        public let minimum: Int
    }

    /// The language's BCP 47 primary tag (`es`), or `""` for the shared rules.
    public let code: String
    /// Lowercase letters kept as they are by folding (`ñ`).
    public let kept: String
    public let stopWords: [String]
    /// Tried in order; the first that fits is used, and only one.
    public let endings: [Ending]
    /// A word with a kept letter is also found by a reader who types it without them (`karlek`
    /// finds `kärlek`, after the words spelt so: `unmarked(_:)`). Nordic readers tell `ä` from
    /// `a`, but a visitor's or a phone's keyboard often has neither; Spanish `año` and `ano` are
    /// two words a reader means apart, so Spanish has no such fallback.
    public let unmarkedFallback: Bool

    /// The rules for a language tag (`es`, `es-419`); the shared rules for any other.
    public static func rules(for tag: String) -> SearchLanguage {
        switch tag.split(separator: "-").first.map({ $0.lowercased() }) {
        case "es": spanish
        case "fi": finnish
        case "sv": swedish
        case "no", "nb", "nn": norwegian
        default: shared
        }
    }

    /// English and every language without rules of its own: the KJV's stop words, no stemmer
    /// (the KJV's -eth/-est forms are found by `SearchText.variants` instead).
    public static let shared = SearchLanguage(code: "", kept: "", stopWords: SearchText.stopWords, endings: [], unmarkedFallback: false)

    /// Spanish: `ñ` kept, the Reina-Valera's commonest words not indexed (as the English list:
    /// `es`, `mi`, `tu` as `is`, `my`, `thy`; each would be a 7–9 KB download), and the plural and
    /// gender endings taken off words of five letters or more (`pastores` → `pastor`,
    /// `palabras` → `palabr`, `luces` → `luz`), as Lucene's Spanish light stemmer does, plus the
    /// commonest verb endings (`salvaron`, `salvado` → `salv`).
    public static let spanish = SearchLanguage(
        code: "es", kept: "ñ",
        stopWords: ["a", "al", "como", "con", "de", "del", "el", "en", "es", "fue", "ha", "la", "las", "le", "lo", "los",
                    "me", "mi", "ni", "no", "o", "para", "por", "porque", "pues", "que", "se", "si", "su", "sus", "te", "tu",
                    "un", "una", "y", "yo"],
        endings: [("ieron", "", 7), ("iendo", "", 7), ("aron", "", 6), ("aban", "", 6), ("ando", "", 6), ("ados", "", 6),
                  ("adas", "", 6), ("idos", "", 6), ("idas", "", 6), ("eses", "es", 5), ("ces", "z", 5), ("aba", "", 5),
                  ("ado", "", 5), ("ada", "", 5), ("ido", "", 5), ("ida", "", 5), ("os", "", 5), ("as", "", 5),
                  ("es", "", 5), ("o", "", 5), ("a", "", 5), ("e", "", 5)]
            .map { Ending(suffix: $0.0, replacement: $0.1, minimum: $0.2) },
        unmarkedFallback: false)

    /// Finnish, Swedish and Norwegian: their own letters are letters, not accented ones (`säkki`
    /// is not `sakki`, Swedish `får` is not `far`), yet typed without them they still find the
    /// words, ranked after those spelt as typed (`unmarkedFallback`); no stop words or stemmer yet.
    public static let finnish = SearchLanguage(code: "fi", kept: "åäö", stopWords: [], endings: [], unmarkedFallback: true)
    public static let swedish = SearchLanguage(code: "sv", kept: "åäö", stopWords: [], endings: [], unmarkedFallback: true)
    public static let norwegian = SearchLanguage(code: "no", kept: "åæø", stopWords: [], endings: [], unmarkedFallback: true)

    /// Every language that keeps letters (their fold tables are made once, `SearchText`).
    static let keeping = [spanish, finnish, swedish, norwegian]

    public let stopSet: Set<String>

    public init(code: String, kept: String, stopWords: [String], endings: [Ending], unmarkedFallback: Bool = false) {
        (self.code, self.kept, self.stopWords, self.endings) = (code, kept, stopWords, endings)
        self.unmarkedFallback = unmarkedFallback
        stopSet = Set(stopWords)
    }

    /// The term a reader typing without the kept letters finds `term` by (`kärlek` → `karlek`,
    /// `søster` → `soster`): its shared fold, when the language has the fallback and the term a
    /// kept letter; else nil. The site's index writes it as a term of its own, marked with
    /// `unmarkedMark` (`karlek$`, ranked after `karlek`); the apps' bundle as the plain word.
    public func unmarked(_ term: String) -> String? {
        guard unmarkedFallback, !term.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let plain = SearchText.fold(term)
        return plain == term ? nil : plain
    }

    /// What the site's index appends to an `unmarked` term: not a word character, and before
    /// every letter and digit, so `karlek$` sorts right after `karlek`; the index never starts a
    /// shard with it, so both are in one shard and the fallback costs no request more.
    public static let unmarkedMark = "$"

    /// The term a folded word is indexed and searched by: the word itself, or its stem.
    public func stem(_ word: String) -> String {
        let length = word.utf16.count
        for ending in endings where length >= ending.minimum && word.hasSuffix(ending.suffix) {
            return String(word.dropLast(ending.suffix.count)) + ending.replacement
        }
        return word
    }

    /// `SearchText.fold`, but the letters in `kept` stay as they are.
    public func fold(_ word: String) -> String {
        guard !kept.isEmpty, !word.utf8.allSatisfy({ $0 < 0x80 }) else { return SearchText.fold(word) }
        var out = ""
        for character in word.lowercased().precomposedStringWithCanonicalMapping {
            if kept.contains(character) { out.append(character) } else { out += SearchText.fold(String(character)) }
        }
        return out
    }
}
