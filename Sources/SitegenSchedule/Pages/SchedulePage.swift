/// `/schedule/`: the meetings still to come, grouped by month and then team, with the values
/// the in-page filters offer. The whole list is in the HTML, so it works without JavaScript.
public enum SchedulePage {
    public static let path = "schedule/"
    /// Group name for entries without a travelling team (local services, communion…).
    public static let noTeam = "Congregations"

    public static func spec(_ schedule: Schedule, context: RenderContext, parts: ScheduleParts = ScheduleParts()) -> PageSpec {
        let upcoming = parts.upcoming(schedule, context: context)
        let last = context.asOf.adding(days: Schedule.windowDays)
        var values: [String: Any] = [
            "months": months(upcoming, schedule: schedule, context: context, parts: parts),
            "count": upcoming.count,
            "isEmpty": upcoming.isEmpty,
            "from": context.asOf.longDescription, "fromISO": context.asOf.description,
            "through": last.longDescription, "throughISO": last.description,
            "printURL": context.url(PrintSheet.path),
            "feedURL": context.url(ScheduleOutputs.allFeedPath),
            "localityOptions": options(upcoming.compactMap { o in schedule.locality(o.event.locality).map { ($0.slug, $0.name) } }),
            "categoryOptions": options(upcoming.map { ($0.event.category, $0.event.category) }),
            "teamOptions": options(upcoming.map { ($0.event.team ?? noTeam, $0.event.team ?? noTeam) }),
        ]
        values["scriptURL"] = context.url("assets/schedule.js")
        return PageSpec(path: path, template: "schedule", title: "Meetings",
                        description: "Mission meetings and services still to come, by month and team.", values: values)
    }

    /// Distinct (value, label) pairs sorted by label, for a `<select>`.
    static func options(_ pairs: [(String, String)]) -> [[String: String]] {
        var seen = Set<String>()
        return pairs.filter { seen.insert($0.0).inserted }
            .sorted { RowValues.naturalLess($0.1, $1.1) }
            .map { ["value": $0.0, "label": $0.1] }
    }

    static func months(_ occurrences: [Occurrence], schedule: Schedule, context: RenderContext, parts: ScheduleParts) -> [[String: Any]] {
        var order: [String] = []
        var byMonth: [String: [Occurrence]] = [:]
        for o in occurrences {
            let key = "\(o.date.year)-\(ZonedTime.pad(o.date.month))"
            if byMonth[key] == nil { order.append(key) }
            byMonth[key, default: []].append(o)
        }
        return order.map { key in
            let items = byMonth[key]!
            let first = items[0].date
            return ["id": "m-\(key)", "name": "\(first.monthName) \(first.year)",
                    "teams": teams(items, schedule: schedule, context: context, parts: parts)]
        }
    }

    static func teams(_ occurrences: [Occurrence], schedule: Schedule, context: RenderContext, parts: ScheduleParts) -> [[String: Any]] {
        let grouped = Dictionary(grouping: occurrences) { $0.event.team ?? noTeam }
        let names = grouped.keys.sorted { a, b in
            // Local services first, then the teams in their natural order.
            if (a == noTeam) != (b == noTeam) { return a == noTeam }
            return RowValues.naturalLess(a, b)
        }
        return names.map { name in
            ["name": name, "team": name,
             "rows": grouped[name]!.map { parts.row($0, schedule: schedule, context: context) }]
        }
    }
}

import Foundation
