import SitegenWords

/// What the Bible gives the site's search: every verse of every translation as a document of
/// that translation's scope (`SearchScope`: its own term shards and language rules; grouped by
/// chapter, faceted by book and testament), and per translation the books a reference names,
/// with the spellings of every language the site's translations use (docs/search.md). A book
/// a translation lacks (Tobit in the RV1909) is named too and opens in a translation that has it.
public enum BibleSearch {
    /// `words`: the site's table, which names the kind and its labels on the search page (the
    /// index is the site's, in the site's language).
    /// Each book's verses are a chunk of the contribution (`SearchContribution.chunks`), never
    /// joined. `queries`: a session's engine, which keeps each book's documents, so that an edit
    /// makes again only the changed book's (a translation is 31,000 documents), and every other
    /// book's chunk is the very array of the last build, which the search's memo knows by that.
    public static func contribution(_ library: BibleLibrary, words: StringTable = .builtIn,
                                    queries: QueryEngine? = nil) -> SearchContribution {
        var chunks: [[SearchDocument]] = []
        let editions = library.editions(site: words)
        var scopes: [SearchScope] = []
        for (e, edition) in editions.enumerated() {
            let scope = edition.translation.id
            // The spellings of the translation's language and of the site's (a Spanish site's readers
            // type "Juan 3:16" in the KJV too, as its search box's hint shows).
            let tables = Set([edition.translation.language, words.language]).sorted().compactMap(ReferenceSpellings.table)
            var books = edition.translation.books.map { searchBook($0, edition, tables) }
            // Books only other translations have, from the first that has each: named, not guessed at.
            var own = Set(edition.translation.books.map(\.canon.osis))
            for (o, other) in editions.enumerated() where o != e {
                for book in other.translation.books where own.insert(book.canon.osis).inserted {
                    books.append(searchBook(book, other, tables).borrowing)
                }
            }
            books.sort { Canon.book(osis: $0.osis)!.order < Canon.book(osis: $1.osis)!.order }
            scopes.append(SearchScope(id: scope, label: edition.translation.abbreviation, language: edition.translation.language,
                                      books: books.map(\.book)))
            let kind = words["kind.bible"]
            for book in edition.translation.books {
                let input = BookDocuments(edition, book, scope: scope, kind: kind)
                chunks.append(queries?.value(BookSearchDocuments(place: "\(edition.key)/\(book.osis)", input: input)) ?? verses(input))
            }
        }
        var contribution = SearchContribution(chunks: chunks, labels: labels(words), scopes: scopes)
        contribution.pageLanguages = editions.map(\.language).filter { $0 != words.language }
        return contribution
    }

    /// A book as a reference finds it, with its OSIS code (to order the borrowed ones).
    struct FoundBook {
        let osis: String
        let book: SearchBook
        var borrowing: FoundBook { FoundBook(osis: osis, book: book.borrowing) }
    }

    /// The book in `edition`, named by the English spellings, the translation's own name and
    /// the spellings of the reader's language (`table`), folded as a query is.
    static func searchBook(_ book: Book, _ edition: Edition, _ tables: [ReferenceSpellings.Table]) -> FoundBook {
        var spelled = aliases(book.canon) + [book.name]
        for table in tables { spelled += localSpellings(book.canon, table) }
        var seen = Set<String>()
        let names = spelled.map { ReferenceSpelling.normalized(SearchText.fold($0)) }.filter { seen.insert($0).inserted }.sorted()
        return FoundBook(osis: book.canon.osis, book: SearchBook(
            name: book.name, aliases: names, verseURL: edition.verseTemplate(book.canon),
            verses: book.chapters.map { $0.verses.last?.number ?? 0 },
            chapterGroups: book.chapters.map { edition.chapter(book.canon, $0.number) }, verseName: edition.referenceName(book)))
    }

    /// What a book's documents are made from: the book and what its edition says of it.
    public struct BookDocuments: Equatable, Sendable {
        let book: Book
        let pathID: String?
        let testament: String
        let referenceName: String
        let references: ReferenceText
        let scope: String
        let kind: String

        init(_ edition: Edition, _ book: Book, scope: String, kind: String) {
            (self.book, pathID, self.scope, self.kind) = (book, edition.pathID, scope, kind)
            testament = edition.strings[testamentKey(book.canon.testament)]
            referenceName = edition.referenceName(book)
            references = ReferenceText(edition.strings)
        }
    }

    static func verses(_ input: BookDocuments) -> [SearchDocument] {
        let (book, canon) = (input.book, input.book.canon)
        // Kept as it is made (a chunk of the contribution, never joined): no room to spare.
        var documents: [SearchDocument] = []
        documents.reserveCapacity(book.chapters.reduce(0) { $0 + $1.verses.count })
        for chapter in book.chapters {
            let path = BiblePaths.chapter(canon, chapter.number, in: input.pathID)
            let title = input.references.verseTitles(book: input.referenceName, chapter: chapter.number)
            // One for the chapter's verses, which each hold only their own fields.
            let shared = SearchDocument.Shared(kind: input.kind, group: path, facet: book.name, section: input.testament, scope: input.scope,
                                               groupSlot: groupSlot(canon, chapter.number))
            for verse in chapter.verses where !verse.isOmitted {
                documents.append(SearchDocument(in: shared, url: path + BiblePaths.anchor(verse: String(verse.number)), title: title(verse.number),
                                                text: verse.plainText, slot: verse.number - 1))
            }
        }
        return documents
    }

    /// A chapter's group number among its translation's: its book's place in the canon and its
    /// number (no book has 256 chapters), the same whatever other books the translation has.
    static func groupSlot(_ canon: CanonBook, _ chapter: Int) -> Int { canon.order * 256 + chapter - 1 }

    /// "1 Corintios", "1 Co", "1 Cor" from the stem "corintios" and its abbreviations.
    static func localSpellings(_ canon: CanonBook, _ table: ReferenceSpellings.Table) -> [String] {
        let names = table.books[canon.osis] ?? []
        guard let number = canon.name.first, number.isNumber else { return names }
        return names.flatMap { stem in ([stem] + (table.numbered[stem] ?? [])).map { "\(number) \($0)" } }
    }

    /// The search page's words for verses: "12 verses in 3 chapters of 2 books", filters by
    /// testament and book.
    static func labels(_ words: StringTable) -> SearchKindLabels {
        SearchKindLabels(kind: words["kind.bible"], document: [words["kind.verse"], words["kind.verses"]],
                         group: [words["chapter"], words["chapterPlural"]], facet: [words["kind.book"], words["kind.books"]],
                         section: [words["kind.testament"], words["kind.bothTestaments"]],
                         facetFilter: [words["kind.bookFilter"], words["kind.allBooks"]])
    }

    static func testamentKey(_ testament: CanonBook.Testament) -> String {
        switch testament {
        case .old: "oldTestament"
        case .new: "newTestament"
        case .deuterocanon: "deuterocanon"
        }
    }

    /// Every English spelling of a book a reference may use, lowercase with single spaces and a space
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

/// A book's search documents, by its place (`<edition>/<OSIS>`): made again only when what they
/// are made from differs, and otherwise the very array of the last build (which the search's
/// memo knows by that).
struct BookSearchDocuments: QueryKey {
    typealias Value = [SearchDocument]
    let place: String
    let input: BibleSearch.BookDocuments

    func compute(_ queries: Queries) -> [SearchDocument] { BibleSearch.verses(input) }

    func hash(into hasher: inout Hasher) { hasher.combine(place) }
}
