/// A locality's regular services as its page lists them (`services:` in its file: "Sunday
/// service, Sunday 11:00"), for the print sheet's summary and the locality's calendar feed.
/// A service a repeating event of the schedule already describes (Aberdeen's Communion in
/// `congregations.yml`, with its dates and exceptions) is left to that event, so each service
/// is said once.
public enum WeeklyServices {
    /// The services of `locality` no repeating meeting hosted there names (by category).
    public static func own(_ locality: Locality, schedule: Schedule) -> [Locality.Service] {
        let described = Set(schedule.events.filter { $0.recurrence != nil && $0.status == .meeting && $0.locality == locality.slug }
            .map { $0.category.lowercased() })
        return locality.services.filter { !described.contains($0.name.lowercased()) }
    }

    /// "Sunday service Sundays 11 am", "Sunday school Sundays (after the service)"; a note that
    /// names the day says when on its own: "Communion first Sunday of the month".
    public static func text(_ s: Locality.Service, words: ScheduleWords) -> String {
        let time = s.time.map(words.time) ?? ""
        let days = words.table.format("services.weekly", ["weekdays": words.weekdays(s.weekday)])
        guard let note = s.note else { return words.service(s.name, when: days, time: time) }
        // The note is the congregation's words, in the site's language or in English.
        let names = [words.weekday(s.weekday), CalendarDate.weekdayNames[s.weekday - 1]].map { $0.lowercased() }
        if names.contains(where: note.lowercased().contains) { return words.service(s.name, when: note, time: time) }
        return words.service(s.name, when: days, time: time) + " " + words.table.format("services.note", ["note": note])
    }

    /// The first day on or after `date` that falls on the service's weekday.
    public static func firstDate(_ s: Locality.Service, onOrAfter date: CalendarDate) -> CalendarDate {
        date.adding(days: (s.weekday - date.weekday + 7) % 7)
    }

    /// A stable id within its locality: `sunday-service-sunday` (reordering the list keeps it).
    public static func id(_ s: Locality.Service) -> String {
        Escape.slug("\(s.name) \(CalendarDate.weekdayNames[s.weekday - 1])")
    }
}
