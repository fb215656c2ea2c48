/// The home page's "Next mission meetings": the coming visits of the travelling teams, not the
/// congregations' routine services. A visit is a run of one-off meeting days (an event without
/// a repeat rule) of one team at one locality, with at most `gap` days between them; the home
/// page shows the first few, each as its place, dates, team and sessions of its first day.
enum MissionVisits {
    struct Visit {
        var first: Occurrence
        var last: CalendarDate
        var days: Int
    }

    static let gap = 2

    static func visits(_ upcoming: [Occurrence], limit: Int) -> [Visit] {
        var visits: [Visit] = []
        var open: [String: Int] = [:]   // team + locality → index of its latest visit
        for o in upcoming where o.event.status == .meeting && o.event.recurrence == nil {
            let key = "\(o.event.team ?? "")\u{1F}\(o.event.locality ?? o.event.title ?? "")"
            if let i = open[key], visits[i].last.days(until: o.date) <= gap {
                if o.date != visits[i].last { visits[i].days += 1 }
                visits[i].last = o.date
                continue
            }
            if visits.count == limit { break }
            open[key] = visits.count
            visits.append(Visit(first: o, last: o.date, days: 1))
        }
        return visits
    }

    static func values(_ schedule: Schedule, upcoming: [Occurrence], limit: Int = 3, context: RenderContext) -> TemplateObject {
        let list = visits(upcoming, limit: limit).map { visit -> TemplateValue in
            let event = visit.first.event
            let place = schedule.locality(event.locality)
            var values: TemplateObject = [
                "title": .text(place?.name ?? EventText.title(event, schedule: schedule)),
                "iso": .text(visit.first.date.description),
                "dates": .text(dates(visit.first.date, visit.last)),
                "team": .text(event.team ?? ""), "hasTeam": .flag(event.team != nil),
                "firstDay": .text(EventText.sessions(event)), "hasSessions": .flag(!event.sessions.isEmpty),
                "days": .text(visit.days == 1 ? "1 day" : "\(visit.days) days"),
            ]
            values["url"] = place.map { .text(context.url($0.sitePath)) }
            return .object(values)
        }
        return ["nextMissions": .list(list), "hasNextMissions": .flag(!list.isEmpty)]
    }

    /// "Sat 23 Jan – Sun 31 Jan 2027", or one day.
    static func dates(_ first: CalendarDate, _ last: CalendarDate) -> String {
        func short(_ d: CalendarDate) -> String { "\(d.weekdayName.prefix(3)) \(d.day) \(d.monthName.prefix(3))" }
        return first == last ? "\(short(first)) \(first.year)"
            : "\(short(first))\(first.year == last.year ? "" : " \(first.year)") – \(short(last)) \(last.year)"
    }
}
