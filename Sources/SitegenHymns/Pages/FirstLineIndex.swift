import Foundation

/// The alphabetical first-line index of the printed hymnal: removed hymns left out, sorted
/// ignoring case, accents and leading quotation marks, grouped by initial letter.
public enum FirstLineIndex {
    public struct Group: Sendable {
        public let letter: String
        /// ASCII id for the anchor (`letter-a`, `letter-u-00c4` for Ä).
        public let id: String
        public let hymns: [Hymn]
    }

    public static func groups(_ hymns: [Hymn]) -> [Group] {
        let sorted = hymns.filter { !$0.removed }.map { (key: sortKey($0.firstLine), hymn: $0) }
            .sorted { ($0.key, $0.hymn.number) < ($1.key, $1.hymn.number) }
        var groups: [(letter: String, hymns: [Hymn])] = []
        for entry in sorted {
            let letter = entry.key.first.map { String($0).uppercased() } ?? "#"
            if groups.last?.letter == letter { groups[groups.count - 1].hymns.append(entry.hymn) } else {
                groups.append((letter, [entry.hymn]))
            }
        }
        return groups.map { Group(letter: $0.letter, id: anchor($0.letter), hymns: $0.hymns) }
    }

    /// "’Tis so sweet" sorts under T; "Ä" next to A (a stable, locale-free order).
    static func sortKey(_ line: String) -> String {
        let folded = line.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return String(folded.drop { !$0.isLetter && !$0.isNumber })
    }

    static func anchor(_ letter: String) -> String {
        letter.unicodeScalars.map { scalar in
            scalar.isASCII && CharacterSet.alphanumerics.contains(scalar)
                ? String(scalar).lowercased() : "u-" + String(scalar.value, radix: 16)
        }.joined()
    }
}
