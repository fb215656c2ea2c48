/// The first line of a stanza whose line breaks were flattened (the app's hymnal). Hymn lines
/// end in punctuation and the next line starts with a capital, so the first line is the text up
/// to the first `, ; : ! ? .` that is followed by a capitalised word — "My country! ’tis of thee,
/// Sweet land…" → "My country! ’tis of thee". A mid-line "O Lord, Thou…" can cut early; a
/// volunteer who writes the stanza line by line (or gives a `title`) gets the exact line.
public enum FirstLine {
    static let endings: Set<Character> = [",", ";", ":", "!", "?", "."]
    /// Shorter than this is unlikely to be a whole line ("O Lord,"): keep reading.
    static let minimumLength = 12

    public static func guess(_ text: String) -> String {
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            if endings.contains(characters[index]), index >= minimumLength - 1,
               startsCapitalisedWord(characters, after: index) {
                return trimmed(String(characters[...index]))
            }
            index += 1
        }
        return trimmed(text)
    }

    static func startsCapitalisedWord(_ characters: [Character], after index: Int) -> Bool {
        let next = index + 1
        guard next + 1 < characters.count, characters[next] == " " else { return false }
        let first = characters[next + 1]
        return first.isUppercase || first == "“" || first == "\""
    }

    /// Drops a trailing comma, semicolon or colon (a line break in the book), keeps ! ? and .
    static func trimmed(_ line: String) -> String {
        var line = Substring(line)
        while let last = line.last, last == "," || last == ";" || last == ":" || last == " " { line = line.dropLast() }
        return String(line)
    }
}
