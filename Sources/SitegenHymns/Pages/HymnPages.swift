import Foundation

/// Every page of the hymnal: `/hymns/` (number pad, list by number, first-line index),
/// `/hymns/numbers/` (where the number form lands without JavaScript) and `/hymns/N/`.
public enum HymnPages {
    public static let templates = ["hymn", "hymns", "hymn-numbers", "hymn-finder"]

    public static func specs(_ hymnal: Hymnal, context: RenderContext) -> [PageSpec] {
        let finder = finderValues(hymnal, context: context)
        var specs = [indexSpec(hymnal, finder: finder, context: context), numbersSpec(hymnal, finder: finder, context: context)]
        specs += parallelMap(hymnal.hymns, jobs: context.jobs) { hymnSpec($0, in: hymnal, finder: finder, context: context) }
        return specs
    }

    public static func path(_ number: Int) -> String { "hymns/\(number)/" }

    /// What the number form needs: where it goes without JavaScript, the range it accepts.
    static func finderValues(_ hymnal: Hymnal, context: RenderContext) -> [String: Any] {
        ["action": context.url("hymns/numbers/"), "hymnsURL": context.url("hymns/"), "count": hymnal.count]
    }

    static func link(_ hymn: Hymn?, context: RenderContext) -> [String: Any]? {
        guard let hymn else { return nil }
        return ["number": hymn.number, "url": context.url(path(hymn.number)), "firstLine": hymn.firstLine]
    }

    static func hymnSpec(_ hymn: Hymn, in hymnal: Hymnal, finder: [String: Any], context: RenderContext) -> PageSpec {
        // No wrap-around: hymn 1 has no previous and the last hymn no next, like the book's covers.
        let prev = hymn.number > 1 ? hymnal.hymn(hymn.number - 1) : nil
        let next = hymn.number < hymnal.count ? hymnal.hymn(hymn.number + 1) : nil
        let meta = [("Words", hymn.author), ("Tune", hymn.tune), ("Meter", hymn.meter)]
            .compactMap { label, value in value.map { ["label": label, "value": $0] } }
        var values: [String: Any] = [
            "number": hymn.number, "title": hymn.title, "removed": hymn.removed,
            "text": HymnTextHTML.html(hymn), "finder": finder, "meta": meta, "hasMeta": !meta.isEmpty,
            "hymnsURL": context.url("hymns/"), "count": hymnal.count,
        ]
        if let prev = link(prev, context: context) { values["prev"] = prev }
        if let next = link(next, context: context) { values["next"] = next }
        if let language = hymn.language { values["language"] = language }
        let description = hymn.removed ? "Hymn \(hymn.number) was removed from the hymnal."
                                       : "Hymn \(hymn.number): \(hymn.firstLine)"
        return PageSpec(path: path(hymn.number), template: "hymn", title: "\(hymn.number). \(hymn.title)",
                        description: description, values: values, source: hymn.source)
    }

    static func indexSpec(_ hymnal: Hymnal, finder: [String: Any], context: RenderContext) -> PageSpec {
        // `lang` (the hymn's own language, if any) lets a screen reader read a Finnish first line as Finnish.
        func entry(_ hymn: Hymn) -> [String: Any] {
            var values: [String: Any] = ["number": hymn.number, "url": context.url(path(hymn.number)),
                                         "firstLine": hymn.firstLine, "removed": hymn.removed]
            if let language = hymn.language { values["lang"] = language }
            return values
        }
        let byNumber = hymnal.hymns.map(entry)
        let groups = FirstLineIndex.groups(hymnal.hymns).map { group -> [String: Any] in
            ["letter": group.letter, "id": "letter-\(group.id)", "entries": group.hymns.map(entry)]
        }
        return PageSpec(path: "hymns/", template: "hymns", title: hymnal.title,
                        description: "All \(hymnal.count) hymns by number and by first line; open any hymn by its number.",
                        values: ["finder": finder, "hymns": byNumber, "letters": groups, "count": hymnal.count,
                                 "removedCount": hymnal.hymns.filter(\.removed).count])
    }

    /// Numbers in blocks of a hundred (1–99, 100–199, …) so a thumb finds 123 quickly.
    static func numbersSpec(_ hymnal: Hymnal, finder: [String: Any], context: RenderContext) -> PageSpec {
        let blocks = Dictionary(grouping: hymnal.hymns) { $0.number / 100 }.sorted { $0.key < $1.key }
        let groups: [[String: Any]] = blocks.map { hundred, hymns in
            let low = max(1, hundred * 100), high = hymns.map(\.number).max() ?? low
            return ["label": "\(low)–\(high)", "id": "from-\(low)",
                    "hymns": hymns.map { ["number": $0.number, "url": context.url(path($0.number)), "removed": $0.removed] }]
        }
        return PageSpec(path: "hymns/numbers/", template: "hymn-numbers", title: "Hymn numbers",
                        description: "Every hymn number as a link.",
                        values: ["finder": finder, "groups": groups, "count": hymnal.count])
    }
}
