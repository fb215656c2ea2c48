/// What the Bible gives the site's search: every verse of the primary translation as a
/// document (grouped by chapter, faceted by book and testament), and every book with the
/// spellings a reference may use and its chapters' verse counts.
public enum BibleSearch {
    public static func contribution(_ library: BibleLibrary) -> SearchContribution {
        let translation = library.primary
        var documents: [SearchDocument] = []
        documents.reserveCapacity(translation.verseCount)
        var books: [SearchBook] = []
        for book in translation.books {
            let canon = book.canon
            let testament = canon.testament == .old ? "Old Testament" : "New Testament"
            for chapter in book.chapters {
                let path = BiblePaths.chapter(canon, chapter.number)
                for verse in chapter.verses {
                    documents.append(SearchDocument(kind: "Bible", url: path + "#v\(verse.number)",
                                                    title: "\(book.name) \(chapter.number):\(verse.number)",
                                                    text: verse.plainText, group: path, facet: book.name, section: testament))
                }
            }
            books.append(SearchBook(name: book.name, aliases: aliases(canon), chapterPath: BiblePaths.book(canon),
                                    verses: book.chapters.map { $0.verses.last?.number ?? 0 }))
        }
        return SearchContribution(documents: documents, books: books)
    }

    /// Every spelling of a book a reference may use, lowercase with single spaces and a space
    /// after a leading number (`1 cor`): the names `Canon` knows (name, OSIS and USFM codes,
    /// `psalm`, `song of songs`…) and the usual abbreviations (SBL's and those in common use).
    /// Spellings several books could mean ("jud", "ph") are left out: a query that uses one is
    /// offered the choices.
    public static func aliases(_ canon: CanonBook) -> [String] {
        var names = Canon.byName.filter { $0.value == canon }.map(\.key)
        let base = canon.name.lowercased()
        if let number = base.first, number.isNumber {
            let stem = String(base.dropFirst(2))
            for abbreviation in (numberedAbbreviations[stem] ?? []) + [stem] { names.append("\(number) \(abbreviation)") }
        }
        names += abbreviations[canon.osis] ?? []
        var seen = Set<String>()
        return names.map(ReferenceSpelling.normalized).filter { seen.insert($0).inserted }.sorted()
    }

    /// "1Sam", "I Samuel", "1sa" → "1 sam", "1 samuel", "1 sa".
    enum ReferenceSpelling {
        static func normalized(_ name: String) -> String {
            var s = name.lowercased()
            for (roman, digit) in [("iii ", "3 "), ("ii ", "2 "), ("i ", "1 ")] where s.hasPrefix(roman) {
                s = digit + s.dropFirst(roman.count)
                break
            }
            if let d = s.first, "123".contains(d), s.count > 1, s.dropFirst().first != " " { s = "\(d) " + s.dropFirst() }
            return s
        }
    }

    static let numberedAbbreviations: [String: [String]] = [
        "samuel": ["sam", "sa", "sm"], "kings": ["kgs", "ki", "kg", "kin"], "chronicles": ["chr", "ch", "chron"],
        "corinthians": ["cor", "co"], "thessalonians": ["thess", "thes", "th"], "timothy": ["tim", "ti", "tm"],
        "peter": ["pet", "pe", "pt"], "john": ["jn", "jhn", "joh", "jo"],
    ]

    static let abbreviations: [String: [String]] = [
        "Gen": ["ge", "gn"], "Exod": ["ex", "exo"], "Lev": ["le", "lv"], "Num": ["nu", "nm", "nb"],
        "Deut": ["de", "dt"], "Josh": ["jos", "jsh"], "Judg": ["jdg", "jg", "jdgs"], "Ruth": ["ru", "rth"],
        "Ezra": ["ezr"], "Neh": ["ne"], "Esth": ["est", "es"], "Job": ["jb"],
        "Ps": ["psa", "psm", "pss", "pslm", "psalms"], "Prov": ["pro", "prv", "pr"],
        "Eccl": ["ecc", "ec", "qoh", "eccles", "qoheleth"], "Song": ["sos", "so", "sg", "ss", "cant", "song of sol", "songs"],
        "Isa": ["is"], "Jer": ["je", "jr"], "Lam": ["la"], "Ezek": ["eze", "ezk"], "Dan": ["da", "dn"],
        "Hos": ["ho"], "Joel": ["jl"], "Amos": ["am"], "Obad": ["ob"], "Jonah": ["jnh"], "Mic": ["mc"],
        "Nah": ["na"], "Hab": ["hb"], "Zeph": ["zep", "zp"], "Hag": ["hg"], "Zech": ["zec", "zc"], "Mal": ["ml"],
        "Matt": ["mt", "mat"], "Mark": ["mk", "mr", "mrk"], "Luke": ["lk", "luk"], "John": ["jn", "jhn", "joh"],
        "Acts": ["ac", "act"], "Rom": ["ro", "rm"], "Gal": ["ga"], "Eph": ["ephes"], "Phil": ["php", "pp"],
        "Col": ["co"], "Titus": ["tit"], "Phlm": ["philem", "phm", "pm"], "Heb": ["he"], "Jas": ["jm", "jam"],
        "Jude": ["jde"], "Rev": ["re", "rv", "revelation of john", "apocalypse"],
    ]
}
