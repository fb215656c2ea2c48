import Foundation

/// A hymn's meter as hymnals print it: syllables per line joined by dots (`8.6.8.6`), optionally
/// doubled (`7.6.7.6 D`), with the chorus's or refrain's own part (`9.9.9.9 with chorus 6.9`), or a
/// name (`C.M.`, `L.M.D.`, `Irregular`). A song leader picks a tune by it, so the pages group by it.
public enum Meter {
    static let names: Set<String> = ["C.M.", "C.M.D.", "L.M.", "L.M.D.", "S.M.", "S.M.D.", "P.M.", "Irregular"]

    /// What is wrong with `text` as a meter, or nil when it is one.
    public static func problem(_ text: String) -> String? {
        let parts = text.components(separatedBy: " with ")
        let stanza = parts[0], responses = parts.dropFirst()
        let stanzaIsMeter = names.contains(stanza) || isCounts(stanza.hasSuffix(" D") ? String(stanza.dropLast(2)) : stanza)
        let responsesAreMeters = responses.allSatisfy { part in
            let words = part.split(separator: " ", maxSplits: 1).map(String.init)
            return ["chorus", "refrain"].contains(words[0]) && (words.count == 1 || isCounts(words[1]))
        }
        guard !(stanzaIsMeter && responsesAreMeters) else { return nil }
        return "'meter' must be syllables per line joined by dots, as hymnals print it (8.6.8.6, 7.6.7.6 D, "
            + "9.9.9.9 with refrain 10.10) or one of C.M., L.M., S.M., P.M., Irregular (got '\(text)')"
    }

    /// The part a tune is chosen by: the stanzas' meter, without the chorus or refrain.
    public static func stanzaPart(_ text: String) -> String {
        text.components(separatedBy: " with ")[0]
    }

    /// An id for the meter's group on `/hymns/`: `8.6.8.6` → `meter-8-6-8-6`, `C.M.` → `meter-C-M`.
    public static func anchor(_ text: String) -> String {
        let pieces = stanzaPart(text).split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return "meter-" + pieces.joined(separator: "-")
    }

    /// `8.6.8.6`: one to twenty whole numbers from 1 to 99, joined by dots.
    static func isCounts(_ text: String) -> Bool {
        let counts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...20).contains(counts.count) && counts.allSatisfy { count in
            (1...2).contains(count.count) && count.allSatisfy(\.isASCIIDigit) && count != "0" && count != "00"
        }
    }
}
