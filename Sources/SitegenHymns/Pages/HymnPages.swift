import Foundation

/// Every page of the hymnal: `/hymns/` (number pad, list by number, first-line index),
/// `/hymns/numbers/` (where the number form lands without JavaScript), `/hymns/meters/` (the
/// hymns grouped by meter, when any has one) and `/hymns/N/`.
public enum HymnPages {
    public static let templates = ["hymn", "hymns", "hymn-numbers", "hymn-finder", "hymn-meters"]
    /// A page of its own: on `/hymns/` the groups took the index past the page-weight budget.
    public static let metersPath = "hymns/meters/"

    /// Each hymn's text HTML is a query of `context.queries` (a session makes only a changed hymn's again).
    public static func specs(_ hymnal: Hymnal, context: RenderContext) -> [PageSpec] {
        let finder = finderValues(hymnal, context: context)
        let meters = MeterIndex.groups(hymnal.hymns)
        var specs = [indexSpec(hymnal, finder: finder, hasMeters: !meters.isEmpty, context: context),
                     numbersSpec(hymnal, finder: finder, context: context)]
        if !meters.isEmpty { specs.append(metersSpec(hymnal, meters: meters, context: context)) }
        let sharing = Dictionary(uniqueKeysWithValues: meters.map { ($0.id, $0.hymns.count) })
        let words = HymnTextHTML.Words(context.strings())
        specs += parallelMap(hymnal.hymns, jobs: context.jobs) { hymn in
            let others = hymn.meter.map { (sharing[Meter.anchor($0)] ?? 1) - 1 } ?? 0
            return hymnSpec(hymn, in: hymnal, finder: finder, text: context.queries.value(HymnText(hymn: hymn, words: words)), othersInMeter: others, context: context)
        }
        return specs
    }

    public static func path(_ number: Int) -> String { path(String(number)) }
    static func path(_ number: String) -> String { "hymns/\(number)/" }
    /// A hymn's address with `{n}` left open, made by `path` itself: what hymns.js, marks.js,
    /// my.js and the search fill in, so no script re-derives it.
    static let pathTemplate = path("{n}")

    /// What the number form needs: where it goes without JavaScript, the range it accepts.
    static func finderValues(_ hymnal: Hymnal, context: RenderContext) -> TemplateValue {
        ["action": .text(context.url("hymns/numbers/")), "hymnURL": .text(context.url(pathTemplate)), "count": .number(hymnal.count)]
    }

    static func link(_ hymn: Hymn?, context: RenderContext) -> TemplateValue? {
        guard let hymn else { return nil }
        return ["number": .number(hymn.number), "url": .text(context.url(path(hymn.number))), "firstLine": .text(hymn.firstLine)]
    }

    static func hymnSpec(_ hymn: Hymn, in hymnal: Hymnal, finder: TemplateValue, text: String, othersInMeter: Int = 0,
                         context: RenderContext) -> PageSpec {
        // No wrap-around: hymn 1 has no previous and the last hymn no next, like the book's covers.
        let prev = hymn.number > 1 ? hymnal.hymn(hymn.number - 1) : nil
        let next = hymn.number < hymnal.count ? hymnal.hymn(hymn.number + 1) : nil
        let words = context.strings()
        let meta = [(words["hymnWords"], hymn.author), (words["hymnTune"], hymn.tune)]
            .compactMap { label, value in value.map { ["label": .text(label), "value": .text($0)] as TemplateObject } }
        var values: TemplateObject = [
            "number": .number(hymn.number), "title": .text(hymn.title(removed: words["removedTitle"])), "removed": .flag(hymn.removed),
            "text": .text(text), "finder": finder, "meta": .objects(meta), "hasMeta": .flag(!meta.isEmpty),
            "hymnsURL": .text(context.url("hymns/")), "count": .number(hymnal.count),
        ]
        if let prev = link(prev, context: context) { values["prev"] = prev }
        if let next = link(next, context: context) { values["next"] = next }
        if let language = language(hymn, in: hymnal, context: context) { values["language"] = .text(language) }
        if hymn.removed { values["removedNote"] = .text(words.format("hymnRemoved", ["number": String(hymn.number)])) }
        if let meter = hymn.meter {
            // Under the title, as hymnals print it; the link only when another hymn shares the meter.
            var line: TemplateObject = ["text": .text(meter)]
            if othersInMeter > 0 {
                line["sameMeterURL"] = .text(context.url(metersPath) + "#" + Meter.anchor(meter))
                line["sameMeterCount"] = .number(othersInMeter)
            }
            values["meter"] = .object(line)
        }
        let description = hymn.removed ? words.format("description.hymnRemoved", ["number": String(hymn.number)])
                                       : words.format("description.hymn", ["number": String(hymn.number), "line": hymn.opening])
        return PageSpec(path: path(hymn.number), template: "hymn", title: "\(hymn.number). \(hymn.title(removed: words["removedTitle"]))",
                        description: description, values: values, source: hymn.source)
    }

    /// A hymn in a list: `lang` (the hymn's own language, if any) lets a screen reader read a
    /// Finnish first line as Finnish.
    /// The language a hymn's words are in when it is not the page's: its own (`language: fi`), or
    /// the hymnal's (an English hymnal on a Spanish site), so a screen reader reads them in it.
    static func language(_ hymn: Hymn, in hymnal: Hymnal, context: RenderContext) -> String? {
        if let own = hymn.language { return own }
        guard let tag = LanguageGuess.tag(forName: hymnal.language) else { return nil }
        let site = context.config.language.split(separator: "-").first.map(String.init) ?? ""
        return tag == site ? nil : tag
    }

    static func entry(_ hymn: Hymn, in hymnal: Hymnal, context: RenderContext) -> TemplateValue {
        var values: TemplateObject = ["number": .number(hymn.number), "url": .text(context.url(path(hymn.number))),
                                      "firstLine": .text(hymn.firstLine), "removed": .flag(hymn.removed)]
        if let language = language(hymn, in: hymnal, context: context) { values["lang"] = .text(language) }
        return .object(values)
    }

    static func indexSpec(_ hymnal: Hymnal, finder: TemplateValue, hasMeters: Bool = false, context: RenderContext) -> PageSpec {
        let byNumber = hymnal.hymns.map { entry($0, in: hymnal, context: context) }
        let groups = FirstLineIndex.groups(hymnal.hymns).map { group -> TemplateValue in
            ["letter": .text(group.letter), "id": .text("letter-\(group.id)"), "entries": .list(group.hymns.map { entry($0, in: hymnal, context: context) })]
        }
        let words = context.strings(), removed = hymnal.hymns.filter(\.removed).count
        let intro = words.format("hymnsIntro", ["count": String(hymnal.count), "removed": String(removed)])
        var values: TemplateObject = ["finder": finder, "hymns": .list(byNumber), "letters": .list(groups), "count": .number(hymnal.count),
                                      "removedCount": .number(removed), "intro": .text(intro)]
        if hasMeters { values["metersURL"] = .text(context.url(metersPath)) }
        return PageSpec(path: "hymns/", template: "hymns", title: hymnal.title,
                        description: words.format("description.hymns", ["count": String(hymnal.count)]),
                        values: values)
    }

    /// `/hymns/meters/`: the hymns grouped by meter ("other hymns in this meter" is how a song
    /// leader picks a tune), each group at its anchor (`#meter-8-6-8-6`).
    static func metersSpec(_ hymnal: Hymnal, meters: [MeterIndex.Group], context: RenderContext) -> PageSpec {
        let groups = meters.map { group -> TemplateValue in
            ["meter": .text(group.meter), "id": .text(group.id), "count": .number(group.hymns.count),
             "entries": .list(group.hymns.map { entry($0, in: hymnal, context: context) })]
        }
        return PageSpec(path: metersPath, template: "hymn-meters", title: context.strings()["hymnsByMeter"],
                        description: context.strings()["description.meters"],
                        values: ["meters": .list(groups), "hymnsURL": .text(context.url("hymns/"))])
    }

    /// Numbers in blocks of a hundred (1–99, 100–199, …) so a thumb finds 123 quickly.
    static func numbersSpec(_ hymnal: Hymnal, finder: TemplateValue, context: RenderContext) -> PageSpec {
        let blocks = Dictionary(grouping: hymnal.hymns) { $0.number / 100 }.sorted { $0.key < $1.key }
        let groups: [TemplateValue] = blocks.map { hundred, hymns in
            let low = max(1, hundred * 100), high = hymns.map(\.number).max() ?? low
            return ["label": "\(low)–\(high)", "id": "from-\(low)",
                    "hymns": .list(hymns.map { ["number": .number($0.number), "url": .text(context.url(path($0.number))), "removed": .flag($0.removed)] })]
        }
        return PageSpec(path: "hymns/numbers/", template: "hymn-numbers", title: context.strings()["hymnNumbers"],
                        description: context.strings()["description.numbers"],
                        values: ["finder": finder, "groups": .list(groups), "count": .number(hymnal.count)])
    }
}
