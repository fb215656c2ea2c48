/// The header search box's hint ("Words, John 3:16, hymn 23"), made of what this site's search
/// can answer, so that it always works as shown: a verse only where the site has a Bible, a
/// hymn's number only where it has hymns, and that number one the hymnal has (23, else its first).
/// The words are the page's table's (`searchHintWords`, `searchHintVerse`, `searchHintHymn`).
public struct SearchHint: Sendable, Hashable {
    public let hasBible: Bool
    /// The hymn number the hint names, nil without hymns.
    public let hymn: Int?

    public init(hasBible: Bool, hymn: Int?) {
        self.hasBible = hasBible
        self.hymn = hymn
    }

    /// The hint of a site whose kinds gave these search contributions.
    public init(_ contributions: [SearchContribution]) {
        hasBible = contributions.contains { !$0.books.isEmpty || $0.scopes.contains { !$0.books.isEmpty } }
        hymn = contributions.lazy.flatMap(\.numbered).first.map { $0.numbers.contains(23) ? 23 : $0.numbers.lowerBound }
    }

    /// "Words, John 3:16, hymn 23" / "Sanat, virsi 3" in `table`'s words.
    public func text(_ table: StringTable) -> String {
        var parts = [table["searchHintWords"]]
        if hasBible { parts.append(table["searchHintVerse"]) }
        if let hymn { parts.append(table.format("searchHintHymn", ["number": String(hymn)])) }
        return parts.joined(separator: ", ")
    }
}
