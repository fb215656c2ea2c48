/// Template values for one occurrence, shared by the schedule page, the print sheet, the
/// locality pages and the home page. Plain strings only: templates escape them.
enum RowValues {
    static func values(_ o: Occurrence, schedule: Schedule, context: RenderContext) -> [String: Any] {
        let event = o.event
        let locality = schedule.locality(event.locality)
        let with = EventText.with(event, schedule: schedule)
        var row: [String: Any] = [
            "iso": o.date.description,
            "date": "\(o.date.weekdayName.prefix(3)) \(o.date.day) \(o.date.monthName.prefix(3))",
            "longDate": o.date.longDescription,
            "weekday": o.date.weekdayName,
            "day": o.date.day,
            "month": o.date.monthName,
            "title": EventText.title(event, schedule: schedule),
            "category": event.category,
            "status": event.status.rawValue,
            "statusLabel": event.status.label,
            "isMeeting": event.status == .meeting,
            "team": event.team ?? "",
            "teamGroup": event.team ?? SchedulePage.noTeam,
            "sessions": EventText.sessions(event),
            "sessionList": event.sessions.map(EventText.range),
            "year": o.date.year,
            "monthShort": String(o.date.monthName.prefix(3)),
            "with": with.joined(separator: ", "),
            "comment": event.comment ?? "",
            "repeats": event.recurrence.map { "Repeats \($0.summary)" } ?? "",
            "localitySlug": event.locality ?? "",
        ]
        // Mustache treats "" as true, so each optional part gets its own flag.
        for key in ["team", "sessions", "with", "comment", "repeats"] {
            row["has" + key.prefix(1).uppercased() + key.dropFirst()] = !((row[key] as? String) ?? "").isEmpty
        }
        if let locality {
            row["locality"] = ["name": locality.name, "url": context.url(locality.sitePath)]
        }
        row["search"] = [row["title"], row["category"], row["team"], row["with"], row["comment"], locality?.name,
                         row["sessions"], row["longDate"]]
            .compactMap { $0 as? String }.joined(separator: " ").lowercased()
        return row
    }

    /// "Missionary team 2" before "Missionary team 10".
    static func naturalLess(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.numeric, .caseInsensitive]) == .orderedAscending
            || (a.compare(b, options: [.numeric, .caseInsensitive]) == .orderedSame && a < b)
    }
}

import Foundation
