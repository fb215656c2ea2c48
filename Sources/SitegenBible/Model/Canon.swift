/// The 66 books of the Protestant canon in KJV order, then the deuterocanonical books in NRSVA
/// order: the fixed frame every translation is checked against (an unknown book is an error) and
/// that gives stable URLs and OSIS/USFM codes. The deuterocanon comes after Revelation so the
/// 66 keep their positions (`order`, which apps have stored); pages show it as its own section.
public struct CanonBook: Sendable, Hashable {
    public enum Testament: String, Sendable, Codable, CaseIterable {
        case old = "OT", new = "NT"
        /// The deuterocanonical books (Apocrypha): in the WEB, not in the KJV or RV1909.
        case deuterocanon = "DC"
    }
    /// OSIS book id (`Gen`, `1Sam`, `Ps`): the key used everywhere in the model.
    public let osis: String
    /// USFM/Paratext book code (`GEN`, `1SA`, `PSA`).
    public let usfm: String
    /// English name, also the base of the URL slug.
    public let name: String
    public let testament: Testament
    /// 1-based position in the canon.
    public let order: Int

    /// URL segment: `genesis`, `1-samuel`, `song-of-solomon`. Made once (every chapter link
    /// needs it, and `Escape.slug` is slow).
    public let slug: String

    // One value per canonical position (only `Canon.books` makes them): equal by position,
    // which `Translation.book(_:)` and reference checks compare many times.
    public static func == (a: CanonBook, b: CanonBook) -> Bool { a.order == b.order }
    public func hash(into hasher: inout Hasher) { hasher.combine(order) }

    init(osis: String, usfm: String, name: String, testament: Testament, order: Int) {
        self.osis = osis
        self.usfm = usfm
        self.name = name
        self.testament = testament
        self.order = order
        slug = Escape.slug(name)
    }
}

public enum Canon {
    private static let table: [(String, String, String)] = [
        ("Gen", "GEN", "Genesis"), ("Exod", "EXO", "Exodus"), ("Lev", "LEV", "Leviticus"),
        ("Num", "NUM", "Numbers"), ("Deut", "DEU", "Deuteronomy"), ("Josh", "JOS", "Joshua"),
        ("Judg", "JDG", "Judges"), ("Ruth", "RUT", "Ruth"), ("1Sam", "1SA", "1 Samuel"),
        ("2Sam", "2SA", "2 Samuel"), ("1Kgs", "1KI", "1 Kings"), ("2Kgs", "2KI", "2 Kings"),
        ("1Chr", "1CH", "1 Chronicles"), ("2Chr", "2CH", "2 Chronicles"), ("Ezra", "EZR", "Ezra"),
        ("Neh", "NEH", "Nehemiah"), ("Esth", "EST", "Esther"), ("Job", "JOB", "Job"),
        ("Ps", "PSA", "Psalms"), ("Prov", "PRO", "Proverbs"), ("Eccl", "ECC", "Ecclesiastes"),
        ("Song", "SNG", "Song of Solomon"), ("Isa", "ISA", "Isaiah"), ("Jer", "JER", "Jeremiah"),
        ("Lam", "LAM", "Lamentations"), ("Ezek", "EZK", "Ezekiel"), ("Dan", "DAN", "Daniel"),
        ("Hos", "HOS", "Hosea"), ("Joel", "JOL", "Joel"), ("Amos", "AMO", "Amos"),
        ("Obad", "OBA", "Obadiah"), ("Jonah", "JON", "Jonah"), ("Mic", "MIC", "Micah"),
        ("Nah", "NAM", "Nahum"), ("Hab", "HAB", "Habakkuk"), ("Zeph", "ZEP", "Zephaniah"),
        ("Hag", "HAG", "Haggai"), ("Zech", "ZEC", "Zechariah"), ("Mal", "MAL", "Malachi"),
        ("Matt", "MAT", "Matthew"), ("Mark", "MRK", "Mark"), ("Luke", "LUK", "Luke"),
        ("John", "JHN", "John"), ("Acts", "ACT", "Acts"), ("Rom", "ROM", "Romans"),
        ("1Cor", "1CO", "1 Corinthians"), ("2Cor", "2CO", "2 Corinthians"), ("Gal", "GAL", "Galatians"),
        ("Eph", "EPH", "Ephesians"), ("Phil", "PHP", "Philippians"), ("Col", "COL", "Colossians"),
        ("1Thess", "1TH", "1 Thessalonians"), ("2Thess", "2TH", "2 Thessalonians"),
        ("1Tim", "1TI", "1 Timothy"), ("2Tim", "2TI", "2 Timothy"), ("Titus", "TIT", "Titus"),
        ("Phlm", "PHM", "Philemon"), ("Heb", "HEB", "Hebrews"), ("Jas", "JAS", "James"),
        ("1Pet", "1PE", "1 Peter"), ("2Pet", "2PE", "2 Peter"), ("1John", "1JN", "1 John"),
        ("2John", "2JN", "2 John"), ("3John", "3JN", "3 John"), ("Jude", "JUD", "Jude"),
        ("Rev", "REV", "Revelation"),
        // The deuterocanon, as SWORD's NRSVA orders it.
        ("Tob", "TOB", "Tobit"), ("Jdt", "JDT", "Judith"), ("EsthGr", "ESG", "Esther (Greek)"),
        ("Wis", "WIS", "Wisdom of Solomon"), ("Sir", "SIR", "Sirach"), ("Bar", "BAR", "Baruch"),
        ("PrAzar", "S3Y", "Prayer of Azariah"), ("Sus", "SUS", "Susanna"), ("Bel", "BEL", "Bel and the Dragon"),
        ("1Macc", "1MA", "1 Maccabees"), ("2Macc", "2MA", "2 Maccabees"), ("1Esd", "1ES", "1 Esdras"),
        ("PrMan", "MAN", "Prayer of Manasseh"), ("AddPs", "PS2", "Psalm 151"), ("3Macc", "3MA", "3 Maccabees"),
        ("2Esd", "2ES", "2 Esdras"), ("4Macc", "4MA", "4 Maccabees"),
    ]

    public static let books: [CanonBook] = table.enumerated().map { index, row in
        CanonBook(osis: row.0, usfm: row.1, name: row.2, testament: index < 39 ? .old : index < 66 ? .new : .deuterocanon,
                  order: index + 1)
    }

    static let byOSIS = Dictionary(uniqueKeysWithValues: books.map { ($0.osis, $0) })
    static let byUSFM = Dictionary(uniqueKeysWithValues: books.map { ($0.usfm, $0) })

    /// Names a reader may write in a reference, lowercased: the English name, the OSIS and USFM
    /// codes, and the usual variants (`Psalm`, `Song of Songs`, `I Samuel`).
    static let byName: [String: CanonBook] = {
        var names: [String: CanonBook] = [:]
        for book in books {
            for name in [book.name, book.osis, book.usfm] { names[name.lowercased()] = book }
            for (arabic, roman) in [("1 ", "I "), ("2 ", "II "), ("3 ", "III ")] where book.name.hasPrefix(arabic) {
                names[(roman + book.name.dropFirst(2)).lowercased()] = book
            }
        }
        names["psalm"] = byOSIS["Ps"]
        names["song of songs"] = byOSIS["Song"]
        names["canticles"] = byOSIS["Song"]
        names["revelations"] = byOSIS["Rev"]
        names["wisdom"] = byOSIS["Wis"]
        names["ecclesiasticus"] = byOSIS["Sir"]
        names["tobias"] = byOSIS["Tob"]
        return names
    }()

    public static func book(osis: String) -> CanonBook? { byOSIS[osis] }
    public static func book(usfm: String) -> CanonBook? { byUSFM[usfm.uppercased()] }
    public static func book(named name: String) -> CanonBook? {
        byName[collapsingWhitespace(name).lowercased()]
    }
}
