/// How people write a book's name in a reference, per language, beside the English names and
/// abbreviations of `BibleSearch.aliases` and each translation's own book names: what a
/// Spanish reader types ("Jn 3:16", "Sal 23", "Salmo 23", "1 Co 13:4", "Ap 22:21"). Keyed by
/// OSIS code; a numbered book's entry names the stem ("corintios"), and `numbered` its
/// abbreviations, each after the number ("1 co"). Accents are folded when the spellings are
/// indexed, so "Génesis" and "genesis" are one spelling.
enum ReferenceSpellings {
    struct Table {
        let books: [String: [String]]
        let numbered: [String: [String]]
    }

    static func table(_ language: String) -> Table? {
        switch language.split(separator: "-").first {
        case "es": spanish
        case "fi": finnish
        default: nil
        }
    }

    static let spanish = Table(books: [
        "Gen": ["génesis", "gén", "gn"], "Exod": ["éxodo", "éx", "éxo"], "Lev": ["levítico", "lv"],
        "Num": ["números", "núm", "nm"], "Deut": ["deuteronomio", "dt"], "Josh": ["josué", "jos"],
        "Judg": ["jueces", "jue", "jc"], "Ruth": ["rut", "rt"], "1Sam": ["samuel"], "2Sam": ["samuel"],
        "1Kgs": ["reyes"], "2Kgs": ["reyes"], "1Chr": ["crónicas"], "2Chr": ["crónicas"], "Ezra": ["esdras", "esd"],
        "Neh": ["nehemías", "neh"], "Esth": ["ester", "est"], "Job": ["job"], "Ps": ["salmos", "salmo", "sal", "sl"],
        "Prov": ["proverbios", "pr", "prov"], "Eccl": ["eclesiastés", "ecl"], "Song": ["cantares", "cantar de los cantares", "cnt", "cant"],
        "Isa": ["isaías", "is"], "Jer": ["jeremías", "jer", "jr"], "Lam": ["lamentaciones", "lm"], "Ezek": ["ezequiel", "ez"],
        "Dan": ["daniel", "dn"], "Hos": ["oseas", "os"], "Joel": ["joel", "jl"], "Amos": ["amós", "am"],
        "Obad": ["abdías", "abd"], "Jonah": ["jonás", "jon"], "Mic": ["miqueas", "miq"], "Nah": ["nahúm", "nah"],
        "Hab": ["habacuc", "hab"], "Zeph": ["sofonías", "sof"], "Hag": ["hageo", "hag"], "Zech": ["zacarías", "zac"],
        "Mal": ["malaquías", "mal"], "Matt": ["mateo", "san mateo", "mt"], "Mark": ["marcos", "san marcos", "mr"],
        "Luke": ["lucas", "san lucas", "lc"], "John": ["juan", "san juan", "jn"], "Acts": ["hechos", "hch"],
        "Rom": ["romanos", "ro", "rom"], "1Cor": ["corintios"], "2Cor": ["corintios"], "Gal": ["gálatas", "gá", "gal"],
        "Eph": ["efesios", "ef"], "Phil": ["filipenses", "fil", "flp"], "Col": ["colosenses", "col"],
        "1Thess": ["tesalonicenses"], "2Thess": ["tesalonicenses"], "1Tim": ["timoteo"], "2Tim": ["timoteo"],
        "Titus": ["tito", "tit"], "Phlm": ["filemón", "flm"], "Heb": ["hebreos", "heb"], "Jas": ["santiago", "stg"],
        "1Pet": ["pedro"], "2Pet": ["pedro"], "1John": ["juan"], "2John": ["juan"], "3John": ["juan"],
        "Jude": ["judas"], "Rev": ["apocalipsis", "ap", "apoc"],
        "Tob": ["tobías", "tob"], "Jdt": ["judit", "jdt"], "EsthGr": ["ester griego"], "Wis": ["sabiduría", "sab"],
        "Sir": ["eclesiástico", "sirácida", "eclo"], "Bar": ["baruc", "bar"], "1Macc": ["macabeos"], "2Macc": ["macabeos"],
        "3Macc": ["macabeos"], "4Macc": ["macabeos"], "1Esd": ["esdras"], "2Esd": ["esdras"],
        "PrMan": ["oración de manasés", "manasés"], "AddPs": ["salmo 151"],
    ], numbered: [
        "samuel": ["s", "sm"], "reyes": ["r", "re", "rey"], "crónicas": ["cr", "cro"], "corintios": ["co", "cor"],
        "tesalonicenses": ["ts", "tes"], "timoteo": ["ti", "tim"], "pedro": ["p", "pe", "ped"], "juan": ["jn"],
        "macabeos": ["mac", "m"], "esdras": ["esd"],
    ])

    /// What a Finnish reader types: the names of the Finnish Bible (1933/38 and 1992) and their
    /// usual abbreviations, written without their dots (a query's dots are spaces: "1. Moos. 1:1"
    /// is "1 moos 1:1", "Ap. t. 2:38" is "ap t 2:38"). The five books of Moses are numbered in
    /// Finnish though not in the canon, so their number is part of the spelling.
    static let finnish = Table(books: [
        "Gen": ["1 mooseksen kirja", "1 moos", "1 mos"], "Exod": ["2 mooseksen kirja", "2 moos", "2 mos"],
        "Lev": ["3 mooseksen kirja", "3 moos", "3 mos"], "Num": ["4 mooseksen kirja", "4 moos", "4 mos"],
        "Deut": ["5 mooseksen kirja", "5 moos", "5 mos"], "Josh": ["joosua", "joos"], "Judg": ["tuomarien kirja", "tuom"],
        "Ruth": ["ruut"], "1Sam": ["samuelin kirja"], "2Sam": ["samuelin kirja"], "1Kgs": ["kuninkaiden kirja"],
        "2Kgs": ["kuninkaiden kirja"], "1Chr": ["aikakirja"], "2Chr": ["aikakirja"], "Ezra": ["esra"], "Neh": ["nehemia"],
        "Esth": ["ester"], "Job": ["job"], "Ps": ["psalmit", "psalmi"], "Prov": ["sananlaskut", "sananl", "snl"],
        "Eccl": ["saarnaaja", "saarn"], "Song": ["laulujen laulu", "korkea veisu"], "Isa": ["jesaja", "jes"],
        "Jer": ["jeremia"], "Lam": ["valitusvirret", "valit"], "Ezek": ["hesekiel", "hes"], "Dan": ["daniel"],
        "Hos": ["hoosea", "hoos"], "Joel": ["joel"], "Amos": ["aamos", "aam"], "Obad": ["obadja", "obadj"],
        "Jonah": ["joona", "joon"], "Mic": ["miika", "miik"], "Nah": ["nahum"], "Hab": ["habakuk"], "Zeph": ["sefanja", "sef"],
        "Hag": ["haggai", "hagg"], "Zech": ["sakarja", "sak"], "Mal": ["malakia"],
        "Matt": ["matteuksen evankeliumi", "matteus", "matt"], "Mark": ["markuksen evankeliumi", "markus"],
        "Luke": ["luukkaan evankeliumi", "luukas", "luuk"], "John": ["johanneksen evankeliumi", "johannes", "joh"],
        "Acts": ["apostolien teot", "ap t", "apt"], "Rom": ["kirje roomalaisille", "roomalaiskirje", "room"],
        "1Cor": ["kirje korinttilaisille", "korinttilaiskirje"], "2Cor": ["kirje korinttilaisille", "korinttilaiskirje"],
        "Gal": ["kirje galatalaisille", "galatalaiskirje"], "Eph": ["kirje efesolaisille", "efesolaiskirje", "ef"],
        "Phil": ["kirje filippiläisille", "filippiläiskirje", "fil"], "Col": ["kirje kolossalaisille", "kolossalaiskirje", "kol"],
        "1Thess": ["kirje tessalonikalaisille", "tessalonikalaiskirje"], "2Thess": ["kirje tessalonikalaisille", "tessalonikalaiskirje"],
        "1Tim": ["kirje timoteukselle"], "2Tim": ["kirje timoteukselle"], "Titus": ["kirje titukselle"],
        "Phlm": ["kirje filemonille", "filem"], "Heb": ["kirje heprealaisille", "heprealaiskirje", "hepr"],
        "Jas": ["jaakobin kirje", "jaak"], "1Pet": ["pietarin kirje"], "2Pet": ["pietarin kirje"],
        "1John": ["johanneksen kirje"], "2John": ["johanneksen kirje"], "3John": ["johanneksen kirje"],
        "Jude": ["juudaksen kirje", "juud"], "Rev": ["ilmestyskirja", "johanneksen ilmestys", "ilm"],
    ], numbered: [
        "samuelin kirja": ["sam"], "kuninkaiden kirja": ["kun"], "aikakirja": ["aik"], "kirje korinttilaisille": ["kor"],
        "kirje tessalonikalaisille": ["tess"], "kirje timoteukselle": ["tim"], "pietarin kirje": ["piet"],
        "johanneksen kirje": ["joh"],
    ])
}
