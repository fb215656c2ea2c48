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
        language.split(separator: "-").first == "es" ? spanish : nil
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
}
