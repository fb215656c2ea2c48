/// What the Bible gives the site's search: every verse of the default translation as a
/// document (grouped by chapter, faceted by book and testament), and its books with the
/// spellings a reference may use and their chapters' verse counts. Other translations are not
/// indexed: the index's term files are part of the offline core every reader installs, and
/// three translations would double it; nor are books only they have ("ju" would offer Judith
/// beside Judges and Jude to a congregation reading the KJV) (docs/bible.md).
public enum BibleSearch {
    public static func contribution(_ library: BibleLibrary) -> SearchContribution {
        var documents: [SearchDocument] = []
        documents.reserveCapacity(library.primary.verseCount)
        var books: [SearchBook] = []
        let edition = library.edition(library.primary)
        for book in edition.translation.books {
            books.append(SearchBook(name: book.name, aliases: aliases(book.canon), chapterPath: edition.book(book.canon),
                                    verses: book.chapters.map { $0.verses.last?.number ?? 0 },
                                    chapterGroups: book.chapters.map { edition.chapter(book.canon, $0.number) }))
            let canon = book.canon
            let testament = edition.strings[testamentKey(canon.testament)]
            for chapter in book.chapters {
                let path = edition.chapter(canon, chapter.number)
                for verse in chapter.verses where !verse.isOmitted {
                    documents.append(SearchDocument(kind: "Bible", url: path + "#v\(verse.number)",
                                                    title: "\(book.name) \(chapter.number):\(verse.number)",
                                                    text: verse.plainText, group: path, facet: book.name, section: testament))
                }
            }
        }
        return SearchContribution(documents: documents, books: books, labels: labels)
    }

    /// The search page's words for verses: "12 verses in 3 chapters of 2 books", filters by
    /// testament and book.
    static let labels = SearchKindLabels(kind: "Bible", document: ["verse", "verses"], group: ["chapter", "chapters"],
                                         facet: ["book", "books"], section: ["Testament", "Both testaments"],
                                         facetFilter: ["Book", "All books"])

    static func testamentKey(_ testament: CanonBook.Testament) -> String {
        switch testament {
        case .old: "oldTestament"
        case .new: "newTestament"
        case .deuterocanon: "deuterocanon"
        }
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
