/// Template values for one occurrence, shared by the schedule page, the print sheet, the
/// locality pages and the home page. Plain strings only: templates escape them.
enum RowValues {
    static func values(_ o: Occurrence, schedule: Schedule, context: RenderContext) -> [String: Any] {
        let event = o.event
        let locality = schedule.locality(event.locality)
        let title = EventText.title(event, schedule: schedule)
        let team = event.team ?? ""
        let sessions = EventText.sessions(event)
        let with = EventText.with(event, schedule: schedule).joined(separator: ", ")
        let comment = event.comment ?? ""
        let repeats = event.recurrence.map { "Repeats \($0.summary)" } ?? ""
        let longDate = o.date.longDescription
        let month = o.date.monthName
        // Made with all its keys at once (no growing); Mustache treats "" as true, so each
        // optional part gets its own flag.
        var row: [String: Any] = [
            "iso": o.date.description,
            "date": "\(o.date.weekdayName.prefix(3)) \(o.date.day) \(month.prefix(3))",
            "longDate": longDate,
            "weekday": o.date.weekdayName,
            "day": o.date.day,
            "month": month,
            "title": title,
            "category": event.category,
            "status": event.status.rawValue,
            "statusLabel": event.status.label,
            "isMeeting": event.status == .meeting,
            "team": team,
            "teamGroup": event.team ?? SchedulePage.noTeam,
            "sessions": sessions,
            "sessionList": event.sessions.map(EventText.range),
            "year": o.date.year,
            "monthShort": String(month.prefix(3)),
            "with": with,
            "comment": comment,
            "repeats": repeats,
            "localitySlug": event.locality ?? "",
            "hasTeam": !team.isEmpty, "hasSessions": !sessions.isEmpty, "hasWith": !with.isEmpty,
            "hasComment": !comment.isEmpty, "hasRepeats": !repeats.isEmpty,
            "search": [title, event.category, team, with, comment, locality?.name, sessions, longDate]
                .compactMap { $0 }.joined(separator: " ").lowercased(),
        ]
        if let locality {
            row["locality"] = ["name": locality.name, "url": context.url(locality.sitePath)]
        }
        return row
    }

    /// "Missionary team 2" before "Missionary team 10".
    static func naturalLess(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.numeric, .caseInsensitive]) == .orderedAscending
            || (a.compare(b, options: [.numeric, .caseInsensitive]) == .orderedSame && a < b)
    }
}

import Foundation
