/// `/schedule/`: the meetings still to come, grouped by month and then team, with the values
/// the in-page filters offer. The whole list is in the HTML, so it works without JavaScript.
public enum SchedulePage {
    public static let path = "schedule/"
    /// The group of entries without a travelling team (local services, communion…): its key in
    /// the page's data and filters; the reader sees the table's `congregations`.
    public static let noTeam = "Congregations"

    /// A team group's name as the reader sees it.
    static func label(_ team: String, _ words: StringTable) -> String { team == noTeam ? words["congregations"] : team }

    public static func spec(_ schedule: Schedule, context: RenderContext) -> PageSpec {
        let upcoming = SchedulePieces.upcoming(schedule, context: context)
        let last = context.asOf.adding(days: Schedule.windowDays)
        var values: TemplateObject = [
            "months": .list(months(upcoming, schedule: schedule, context: context)),
            "count": .number(upcoming.count),
            "isEmpty": .flag(upcoming.isEmpty),
            "from": .text(context.strings().longDate(context.asOf)), "fromISO": .text(context.asOf.description),
            "through": .text(context.strings().longDate(last)), "throughISO": .text(last.description),
            "printURL": .text(context.url(PrintSheet.path)),
            "feedURL": .text(context.url(ScheduleOutputs.allFeedPath)),
            "calendarURL": .text(context.url(CalendarPages.path)),
        ].merging(filterOptions(upcoming, schedule: schedule, words: context.strings())) { $1 }
        values["scriptURL"] = .text(context.url("assets/schedule.js"))
        values["filterScriptURL"] = .text(context.url("assets/schedule-filter.js"))
        if let subscribe = ScheduleOutputs.subscribeURL(ScheduleOutputs.allFeedPath, context: context) {
            values["subscribeURL"] = .text(subscribe)
        }
        if context.settings[SchedulePrinting.self]?.printed == true {
            // `build --print-sheet` prints these files after the site is written.
            values["pdf"] = ["letter": .text(context.url(PrintSheet.pdfLetterPath)), "a4": .text(context.url(PrintSheet.pdfA4Path))]
        }
        return PageSpec(path: path, template: "schedule", title: context.strings()["menu.meetings"],
                        description: description(upcoming, schedule: schedule, words: context.strings()), values: values)
    }

    /// The next mission meeting's date and place (what a link preview shows), else the page's summary.
    static func description(_ upcoming: [Occurrence], schedule: Schedule, words: StringTable) -> String {
        guard let next = upcoming.first(where: Visit.isMissionMeeting) else { return words["description.schedule"] }
        let place = schedule.locality(next.event.locality)?.name ?? EventText.title(next.event, schedule: schedule, words: ScheduleWords(words))
        return words.format("description.scheduleNext", ["date": words.longDate(next.date), "place": place])
    }

    /// The filters' choices (`Templates/schedule-filters.mustache`): the localities, categories and
    /// teams of `occurrences`; shared by this page and the calendar's.
    static func filterOptions(_ occurrences: [Occurrence], schedule: Schedule, words: StringTable) -> TemplateObject {
        ["localityOptions": options(occurrences.compactMap { o in schedule.locality(o.event.locality).map { ($0.slug, $0.name) } }),
         "categoryOptions": options(occurrences.map { ($0.event.category, $0.event.category) }),
         "teamOptions": options(occurrences.map { ($0.event.team ?? noTeam, label($0.event.team ?? noTeam, words)) })]
    }

    /// Distinct (value, label) pairs sorted by label, for a `<select>`.
    static func options(_ pairs: [(String, String)]) -> TemplateValue {
        var seen = Set<String>()
        return .list(pairs.filter { seen.insert($0.0).inserted }
            .sorted { RowValues.naturalLess($0.1, $1.1) }
            .map { ["value": .text($0.0), "label": .text($0.1)] })
    }

    static func months(_ occurrences: [Occurrence], schedule: Schedule, context: RenderContext) -> [TemplateValue] {
        byMonth(occurrences, date: \.date).map { first, items in
            ["id": "m-\(first.year)-\(ZonedTime.pad(first.month))", "name": .text(context.strings().monthAndYear(first)),
             "teams": .list(teams(items, schedule: schedule, context: context))]
        }
    }

    /// `items` (in date order) in runs of one calendar month each, with the first date of each
    /// run: the month headings of the schedule page and the print sheet.
    static func byMonth<Item>(_ items: [Item], date: (Item) -> CalendarDate) -> [(first: CalendarDate, items: [Item])] {
        var runs: [(first: CalendarDate, items: [Item])] = []
        var index: [Int: Int] = [:]
        for item in items {
            let d = date(item), key = d.year * 12 + d.month
            if let at = index[key] {
                runs[at].items.append(item)
            } else {
                index[key] = runs.count
                runs.append((first: d, items: [item]))
            }
        }
        return runs
    }

    static func teams(_ occurrences: [Occurrence], schedule: Schedule, context: RenderContext) -> [TemplateValue] {
        let grouped = Dictionary(grouping: occurrences) { $0.event.team ?? noTeam }
        let names = grouped.keys.sorted { a, b in
            // Local services first, then the teams in their natural order.
            if (a == noTeam) != (b == noTeam) { return a == noTeam }
            return RowValues.naturalLess(a, b)
        }
        return names.map { name in
            ["name": .text(label(name, context.strings())), "team": .text(name),
             "rows": .list(grouped[name]!.map { SchedulePieces.row($0, schedule: schedule, context: context) })]
        }
    }
}

import Foundation

/// Set by `sitegen build --print-sheet` (`BuildOptions.settings`): the sheet will be printed to
/// PDF after the build, so the schedule page links the PDF files.
public struct SchedulePrinting: Sendable {
    public let printed: Bool

    public init(printed: Bool) { self.printed = printed }
}
