/// The print sheet's summary of the repeating services: one line per locality
/// ("Minnetonka, MN — Sunday school Sundays 9:45 am, …; Communion first Sunday of the month 11 am")
/// instead of one row per week. Built from the occurrences in the sheet's window, so the dates
/// it names (first, last, left out) are the ones the schedule page lists.
enum RegularServices {
    /// One repeating event as the sheet words it, with what the print filters match on.
    struct Service {
        let event: Event
        /// Its dates within the window, in order (never empty).
        let dates: [CalendarDate]
    }

    /// One locality's line on the sheet: its own weekly services (from its page's data), then the
    /// repeating meetings it hosts.
    struct Group {
        let name: String
        let slug: String?
        let weekly: [Locality.Service]
        let services: [Service]
    }

    /// Every locality with regular services: its weekly services not described by a repeating
    /// event (`WeeklyServices.own`) and the repeating meetings among `occurrences` it hosts, in
    /// locality name order (events without a locality last), each group's events in first-date order.
    static func byLocality(_ occurrences: [Occurrence], schedule: Schedule, words: ScheduleWords) -> [Group] {
        var dates: [String: [CalendarDate]] = [:]
        var events: [Event] = []
        for o in occurrences where o.event.status == .meeting && o.event.recurrence != nil {
            if dates[o.event.uid] == nil { events.append(o.event) }
            dates[o.event.uid, default: []].append(o.date)
        }
        let services = events.map { Service(event: $0, dates: dates[$0.uid]!.sorted()) }
        let hosted = Dictionary(grouping: services) { $0.event.locality ?? "" }
        var groups = schedule.localities.compactMap { l -> Group? in
            let weekly = WeeklyServices.own(l, schedule: schedule), own = hosted[l.slug] ?? []
            guard !weekly.isEmpty || !own.isEmpty else { return nil }
            return Group(name: l.name, slug: l.slug, weekly: weekly, services: own.sorted { $0.dates[0] < $1.dates[0] })
        }.sorted { RowValues.naturalLess($0.name, $1.name) }
        if let elsewhere = hosted[""] {
            groups.append(Group(name: words.table["services.elsewhere"], slug: nil, weekly: [], services: elsewhere.sorted { $0.dates[0] < $1.dates[0] }))
        }
        return groups
    }

    /// "Sunday school Sundays 9:45 am, 29 Nov 2026 – 21 Feb 2027 (not 6 Dec, 3 Jan, 7 Feb)".
    static func text(_ service: Service, schedule: Schedule, window: ClosedRange<CalendarDate>, words: ScheduleWords) -> String {
        let event = service.event
        var name = event.category
        let with = EventText.with(event, schedule: schedule)
        if !with.isEmpty { name += " " + words.table.format("services.with", ["names": with.joined(separator: ", ")]) }
        let first = service.dates[0], last = service.dates[service.dates.count - 1]
        let times = words.list(event.sessions.map { words.time($0.start) })
        guard service.dates.count > 1, let rule = event.recurrence else {
            let day = words.table.dates.shortWithYear(first)
            return words.service(name, when: day + (times.isEmpty ? "" : ","), time: times)
        }
        var text = words.service(name, when: words.pattern(rule, first: event.date), time: times)
        // The span, when the rule starts or ends inside the window.
        let startsLater = event.date > window.lowerBound
        // Ends inside the window when the rule has no date after it (a year on covers any rule's gap).
        let endsEarlier = !event.dates(through: window.upperBound.adding(days: 366)).contains { $0 > window.upperBound }
        let from = words.dayMonth(first, year: true), to = words.dayMonth(last, year: true)
        if startsLater && endsEarlier {
            text += ", " + words.table.format("services.span", ["from": from, "to": to])
        } else if startsLater {
            text += ", " + words.table.format("services.from", ["date": from])
        } else if endsEarlier {
            text += ", " + words.table.format("services.until", ["date": to])
        }
        let skipped = rule.exceptions.filter { $0 > first && $0 < last }
        if !skipped.isEmpty {
            let dates = skipped.map { words.dayMonth($0, year: false) }.joined(separator: ", ")
            text += " " + words.table.format("services.except", ["dates": dates])
        }
        return text
    }
}
