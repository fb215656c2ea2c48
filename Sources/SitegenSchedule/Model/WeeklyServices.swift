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
    public static func text(_ s: Locality.Service) -> String {
        let day = CalendarDate.weekdayNames[s.weekday - 1]
        let time = s.time.map { " \($0.display)" } ?? ""
        guard let note = s.note else { return "\(s.name) \(day)s\(time)" }
        if note.lowercased().contains(day.lowercased()) { return "\(s.name) \(note)\(time)" }
        return "\(s.name) \(day)s\(time) (\(note))"
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
