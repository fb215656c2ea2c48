/// The first line of a stanza whose line breaks were flattened (the app's hymnal). Hymn lines
/// usually end in punctuation and the next line starts with a capital, so the first line is the
/// text up to the first `, ; : ! ? .` that is followed by a capitalised word — "My country! ’tis
/// of thee, Sweet land…" → "My country! ’tis of thee".
///
/// Some lines end without punctuation ("Who trusts in God a strong abode In heaven…"); when the
/// first rule gives a long line, the line is cut before a capitalised word that is not one of the
/// words hymns always capitalise (God, Thy, Lord…). A very long result is cut at the first
/// punctuation. A volunteer who writes the stanza line by line (or gives a `title`) gets the
/// exact line; `docs/hymns.md` explains this.
public enum FirstLine {
    static let endings: Set<Character> = [",", ";", ":", "!", "?", "."]
    /// Shorter than this is unlikely to be a whole line ("O Lord,"): keep reading.
    static let minimumLength = 12
    static let longLine = 45
    static let veryLongLine = 58
    /// Words capitalised in the middle of a line, so no sign of a line break.
    static let alwaysCapitalised: Set<String> = [
        "I", "O", "God", "Lord", "Thy", "Thou", "Thee", "Thine", "He", "His", "Him", "Jesus", "Christ", "Father",
        "Son", "Spirit", "Holy", "Ghost", "Heaven", "Heavenly", "Saviour", "Savior", "Lamb", "King", "Almighty",
        "Zion", "Jerusalem", "Galilee", "Calvary", "Calv’ry", "Name", "Word", "Shepherd", "Redeemer", "Gethsemane",
    ]

    public static func guess(_ text: String) -> String {
        let characters = Array(text)
        var line = cut(characters) { index in
            endings.contains(characters[index]) && startsCapitalisedWord(characters, after: index)
        } ?? trimmed(text)
        if line.count > longLine, let shorter = cutBeforeCapital(characters), shorter.count < line.count {
            line = shorter
        }
        if line.count > veryLongLine, let shorter = cut(characters, from: 20, { endings.contains(characters[$0]) }) {
            line = shorter
        }
        return line
    }

    /// The text up to and including the first index (at or after `from`) where `isEnd` holds.
    static func cut(_ characters: [Character], from start: Int = minimumLength - 1, _ isEnd: (Int) -> Bool) -> String? {
        var index = start
        while index < characters.count {
            if isEnd(index) { return trimmed(String(characters[...index])) }
            index += 1
        }
        return nil
    }

    /// The text before the first capitalised word (15 characters in or later) that is not one of
    /// `alwaysCapitalised`.
    static func cutBeforeCapital(_ characters: [Character]) -> String? {
        var index = 15
        while index < characters.count {
            if characters[index - 1] == " ", characters[index].isUppercase {
                let word = String(characters[index...].prefix { $0.isLetter || $0 == "’" })
                let bare = word.hasSuffix("’s") ? String(word.dropLast(2)) : word.hasSuffix("’") ? String(word.dropLast()) : word
                if !alwaysCapitalised.contains(bare) { return trimmed(String(characters[..<(index - 1)])) }
            }
            index += 1
        }
        return nil
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
