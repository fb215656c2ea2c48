/// Which language a hymn is in, for the `language:` the importer writes (the app's data has only
/// the hymnal's language, but the OALC hymnal also prints Finnish, Swedish and Norwegian hymns).
/// Counts the share of very common words of each language; on the real hymnal the English hymns
/// score at least 0.12 in English and the others below 0.08, so a hymn is tagged only when another
/// language wins clearly (twice the English share, English under 0.08). A volunteer can always correct `language:` by hand.
public enum LanguageGuess {
    static let commonWords: [(tag: String, words: Set<String>)] = [
        ("en", ["the", "and", "of", "to", "thy", "thee", "i", "my", "in", "is", "that", "we", "our", "with", "his",
                "be", "he", "for", "who", "will", "all", "him"]),
        ("fi", ["ja", "on", "sun", "se", "ei", "kun", "niin", "mun", "me", "ne", "kuin", "nyt", "jo", "tuo", "sua",
                "myös", "meidän", "jumala", "herra", "jeesus", "kaikki", "sinä", "minä"]),
        ("sv", ["och", "är", "jag", "du", "det", "som", "en", "ett", "på", "till", "med", "för", "min", "din", "gud",
                "han", "av"]),
        ("no", ["og", "er", "jeg", "du", "det", "som", "en", "et", "på", "til", "med", "for", "min", "din", "gud",
                "han", "av", "ikke"]),
        ("de", ["und", "ist", "ich", "du", "der", "die", "das", "mit", "zu", "dein", "mein", "gott"]),
    ]

    /// The hymnal-level language names the app uses, as tags.
    static let tags = ["english": "en", "finnish": "fi", "swedish": "sv", "norwegian": "no", "german": "de", "spanish": "es"]

    public static func tag(forName name: String) -> String? { tags[name.lowercased()] }

    /// The language tag of `text`, or nil when it is too short or no language stands out.
    public static func guess(_ text: String) -> String? {
        let words = text.lowercased().split { !$0.isLetter }
        guard words.count >= 12 else { return nil }
        let scores = commonWords.map { entry in
            (entry.tag, Double(words.filter { entry.words.contains(String($0)) }.count) / Double(words.count))
        }
        guard let best = scores.max(by: { $0.1 < $1.1 }), best.1 >= 0.02 else { return nil }
        let english = scores.first { $0.0 == "en" }?.1 ?? 0
        if best.0 == "en" { return best.0 }
        return english < 0.08 && best.1 >= 2 * english ? best.0 : nil
    }

    /// `language:` for a hymn: its guessed language when that differs from the hymnal's.
    static func language(of stanzas: [Passage], hymnalLanguage: String) -> String? {
        guard let guess = guess(stanzas.map(\.plainText).joined(separator: " ")) else { return nil }
        return guess == tag(forName: hymnalLanguage) ? nil : guess
    }
}
