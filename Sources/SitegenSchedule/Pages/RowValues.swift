/// Template values for one occurrence, shared by the schedule page, the print sheet, the
/// locality pages and the home page. Plain strings only: templates escape them.
enum RowValues {
    static func values(_ o: Occurrence, schedule: Schedule, context: RenderContext) -> TemplateValue {
        let event = o.event
        let locality = schedule.locality(event.locality)
        let words = context.strings(), said = ScheduleWords(words)
        let title = EventText.title(event, schedule: schedule, words: said)
        let team = event.team ?? ""
        let sessions = said.sessions(event)
        let with = EventText.with(event, schedule: schedule).joined(separator: ", ")
        let comment = event.comment ?? ""
        let repeats = event.recurrence.map(said.repeats) ?? ""
        let longDate = words.longDate(o.date)
        let month = words.month(o.date.month)
        // Made with all its keys at once (no growing); Mustache treats "" as true, so each
        // optional part gets its own flag.
        var row: TemplateObject = [
            "iso": .text(o.date.description),
            "date": .text(words.shortDate(o.date)),
            "longDate": .text(longDate),
            "weekday": .text(words.weekday(o.date)),
            "day": .number(o.date.day),
            "month": .text(month),
            "title": .text(title),
            "category": .text(event.category),
            "status": .text(event.status.rawValue),
            "statusLabel": .text(said.status(event.status)),
            "isMeeting": .flag(event.status == .meeting),
            "team": .text(team),
            "teamGroup": .text(event.team ?? SchedulePage.noTeam),
            "sessions": .text(sessions),
            "sessionList": .texts(event.sessions.map(said.range)),
            "year": .number(o.date.year),
            "monthShort": .text(words.dates.shortMonth(o.date.month)),
            "dateWithYear": .text(words.dates.shortWithYear(o.date)),
            "with": .text(with),
            "comment": .text(comment),
            "repeats": .text(repeats),
            "localitySlug": .text(event.locality ?? ""),
            "hasTeam": .flag(!team.isEmpty), "hasSessions": .flag(!sessions.isEmpty), "hasWith": .flag(!with.isEmpty),
            "hasComment": .flag(!comment.isEmpty), "hasRepeats": .flag(!repeats.isEmpty),
            "icsURL": .text(ScheduleOutputs.occurrenceFeedURL(o, context: context)),
        ]
        if event.recurrence != nil { row["seriesURL"] = .text(ScheduleOutputs.eventFeedURL(event, context: context)) }
        if let locality {
            row["locality"] = ["name": .text(locality.name), "url": .text(context.url(locality.sitePath))]
        }
        return .object(row)
    }

    /// "Missionary team 2" before "Missionary team 10".
    static func naturalLess(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.numeric, .caseInsensitive]) == .orderedAscending
            || (a.compare(b, options: [.numeric, .caseInsensitive]) == .orderedSame && a < b)
    }
}

import Foundation
