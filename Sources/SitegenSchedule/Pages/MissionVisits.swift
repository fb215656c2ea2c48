/// The home page's "Next mission meetings": the coming visits of the travelling teams, not the
/// congregations' routine services. A visit is what the print sheet calls one (`Visit`: the
/// days in a row one team holds meetings at one place); the home page shows the first few,
/// each as its place, dates, team and sessions of its first day.
enum MissionVisits {
    static func values(_ schedule: Schedule, upcoming: [Occurrence], limit: Int = 3, context: RenderContext) -> TemplateObject {
        let words = context.strings()
        let list = Visit.visits(upcoming).prefix(limit).map { visit -> TemplateValue in
            let event = visit.first.event
            let days = Set(visit.days.map(\.date)).count
            let place = schedule.locality(event.locality)
            var values: TemplateObject = [
                "title": .text(place?.name ?? EventText.title(event, schedule: schedule, words: ScheduleWords(words))),
                "iso": .text(visit.firstDate.description),
                "dates": .text(dates(visit.firstDate, visit.lastDate, words: words)),
                "team": .text(event.team ?? ""), "hasTeam": .flag(event.team != nil),
                "firstDay": .text(ScheduleWords(words).sessions(event)), "hasSessions": .flag(!event.sessions.isEmpty),
                "days": .text(days == 1 ? words["date.oneDay"] : words.format("date.days", ["count": String(days)])),
            ]
            values["url"] = place.map { .text(context.url($0.sitePath)) }
            return .object(values)
        }
        return ["nextMissions": .list(list), "hasNextMissions": .flag(!list.isEmpty)]
    }

    /// "Sat 23 Jan – Sun 31 Jan 2027", or one day.
    static func dates(_ first: CalendarDate, _ last: CalendarDate, words: StringTable) -> String {
        words.dates.range(first, last)
    }
}
