import Foundation

/// Calendar feeds (RFC 5545): `schedule/all.ics` and `localities/<slug>.ics`. Recurring events
/// stay one VEVENT with an RRULE (and EXDATEs), never expanded copies, so a phone's calendar
/// shows "repeats monthly" and follows later edits.
public struct ScheduleFeed: Sendable {
    public let schedule: Schedule
    /// The build's as-of date: DTSTAMP (never the clock, so rebuilds give the same bytes).
    public let asOf: CalendarDate
    /// Where UIDs are scoped and URLs point (`https://example.org/`).
    public let baseURL: String
    /// The feed's name in a calendar app; nil for one meeting's file, which is added to a
    /// calendar the person already has rather than named as a calendar of its own.
    public let calendarName: String?
    /// The site's language: the entries' titles and descriptions ("Travel day", "Repeats …").
    public let words: ScheduleWords

    public init(schedule: Schedule, asOf: CalendarDate, baseURL: String, calendarName: String?, words: ScheduleWords = .english) {
        self.schedule = schedule
        self.asOf = asOf
        self.baseURL = baseURL
        self.calendarName = calendarName
        self.words = words
    }

    public static let prodID = "-//sitegen//Meetings schedule//EN"

    /// `alsoZones`: zones to define even if no event uses them (a locality's own zone), so a
    /// feed without events still has the one component RFC 5545 requires.
    public func text(for events: [Event], alsoZones: [TimeZone] = []) -> String {
        text(for: events, alsoZones: alsoZones, queries: QueryEngine())
    }

    /// The same text, from the zone definitions and event entries, each a query of `queries`
    /// (`SchedulePieces`; the feed is those pieces one after another: folding and line ends are
    /// per content line).
    func text(for events: [Event], alsoZones: [TimeZone], queries: QueryEngine, services: [String] = []) -> String {
        let name = calendarName.map { ["X-WR-CALNAME:\(ICalendarText.escape($0))"] } ?? []
        var out = ICalendarText.document(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(Self.prodID)", "CALSCALE:GREGORIAN",
                                          "METHOD:PUBLISH"] + name)
        let used = events.compactMap { e in e.sessions.isEmpty ? nil : e.timeZone }
        let zones = Dictionary((used + alsoZones).map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a })
        let eventYears = yearRange(events)
        // The weekly services start at the as-of date: their zone is defined from its year on.
        let years = services.isEmpty ? eventYears : min(eventYears.lowerBound, asOf.year)...max(eventYears.upperBound, asOf.year)
        for id in zones.keys.sorted() {
            out += queries.value(ZoneText(zone: zones[id]!, years: years))
        }
        let pieceFeed = basis
        for event in events.sorted(by: { $0.uid < $1.uid }) {
            out += queries.value(EventFeedText(event: event, feed: pieceFeed))
        }
        if !services.isEmpty { out += ICalendarText.document(services) }
        out += "END:VCALENDAR\r\n"
        return out
    }

    /// The years the feed's times fall in (each zone's definition covers them all).
    func yearRange(_ events: [Event]) -> ClosedRange<Int> {
        let firstYear = events.map(\.date.year).min() ?? asOf.year
        let lastDates = events.map { e in e.recurrence.map { $0.until ?? asOf.adding(days: Schedule.windowDays) } ?? e.date }
        let lastYear = max(lastDates.map(\.year).max() ?? asOf.year, firstYear)
        return firstYear...lastYear
    }

    var host: String {
        guard let scheme = baseURL.range(of: "://") else { return "sitegen.invalid" }
        let rest = baseURL[scheme.upperBound...]
        return String(rest.prefix { $0 != "/" && $0 != ":" })
    }

    func vevents(_ event: Event) -> [String] {
        vevents(event, on: nil)
    }

    /// The entries of one date of a repeating event (`on`), or of the event as a whole (nil:
    /// with its RRULE). One date is a calendar entry of its own, with a UID of its own
    /// (`<uid>/<date>`), so adding it never brings the series along.
    func vevents(_ event: Event, on day: CalendarDate?) -> [String] {
        // Once per event, not once per session: it lists every session (was quadratic).
        let details = description(event)
        let date = day ?? event.date
        let id = day.map { "\(event.uid)/\($0)" } ?? event.uid
        let rule = day == nil ? event.recurrence : nil
        if event.sessions.isEmpty || event.timeZone == nil {
            return vevent(event, description: details, uid: "\(id)@\(host)", start: dateValue(date),
                          end: dateValue(date.adding(days: 1)), summary: summary(event, session: nil),
                          exdate: rule.map { r in r.exceptions.map { dateValue($0) } } ?? [],
                          rrule: rule.map { rrule($0, start: event.date, zone: nil, time: nil) })
        }
        let zone = event.timeZone!
        return event.sessions.enumerated().flatMap { index, session in
            let tzid = "TZID=\(zone.identifier)"
            let exdate = rule.map { r in r.exceptions.map { ";\(tzid):\(stamp($0, session.start))" } } ?? []
            return vevent(event, description: details, uid: "\(id)/\(index + 1)@\(host)",
                          start: ";\(tzid):\(stamp(date, session.start))",
                          end: ";\(tzid):\(stamp(date, session.end))",
                          summary: summary(event, session: session), exdate: exdate,
                          rrule: rule.map { rrule($0, start: event.date, zone: zone, time: session.start) })
        }
    }

    /// A locality's regular services with a time (`WeeklyServices.own`) as weekly entries from
    /// the as-of date on, in the locality's zone (floating local time without one). A service
    /// without a time ("after the service") is left out: a calendar entry needs one. The file
    /// gives no end: the entry is an hour long (calendar apps show entries without DTEND
    /// inconsistently), and its description says the end is not given.
    func serviceVEvents(_ locality: Locality) -> [String] {
        WeeklyServices.own(locality, schedule: schedule).flatMap { s -> [String] in
            guard let time = s.time else { return [] }
            let first = WeeklyServices.firstDate(s, onOrAfter: asOf)
            let zone = locality.timeZone.map { ";TZID=\($0.identifier):" } ?? ":"
            let end = LocalTime(hour: min(time.minutes + 60, 24 * 60) / 60, minute: min(time.minutes + 60, 24 * 60) % 60)!
            var lines = ["BEGIN:VEVENT", "UID:\(ICalendarText.escape("localities/\(locality.slug)/\(WeeklyServices.id(s))@\(host)"))",
                         "DTSTAMP:\(compact(asOf))T000000Z", "DTSTART\(zone)\(stamp(first, time))", "DTEND\(zone)\(stamp(first, end))",
                         "SUMMARY:\(ICalendarText.escape("\(s.name) · \(locality.name)"))", "RRULE:FREQ=WEEKLY"]
            lines.append("LOCATION:\(ICalendarText.escape(([locality.name] + locality.address).joined(separator: ", ")))")
            if let c = locality.coordinate { lines.append("GEO:\(c.latitude);\(c.longitude)") }
            lines.append("URL:\(baseURL)\(locality.sitePath)")
            lines.append("CATEGORIES:\(ICalendarText.escape(s.name))")
            let every = words.table.format("ics.weekly", ["weekday": words.weekday(s.weekday), "time": words.time(time)])
            let details = (s.note.map { [$0] } ?? []) + [every]
            lines.append("DESCRIPTION:\(ICalendarText.escape(details.joined(separator: "\n")))")
            return lines + ["END:VEVENT"]
        }
    }

    /// One date of a repeating event as a calendar file of its own ("Add to calendar" on its row).
    public func text(for occurrence: Occurrence) -> String {
        let name = calendarName.map { ["X-WR-CALNAME:\(ICalendarText.escape($0))"] } ?? []
        var out = ICalendarText.document(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(Self.prodID)", "CALSCALE:GREGORIAN",
                                          "METHOD:PUBLISH"] + name)
        if let zone = occurrence.event.timeZone, !occurrence.event.sessions.isEmpty {
            let year = occurrence.date.year
            out += ICalendarText.document(VTimeZone.lines(for: zone, years: year...year))
        }
        out += ICalendarText.document(vevents(occurrence.event, on: occurrence.date))
        out += "END:VCALENDAR\r\n"
        return out
    }

    /// The escaped DESCRIPTION value of an event's entries (empty: none).
    func description(_ event: Event) -> String {
        ICalendarText.escape(EventText.details(event, schedule: schedule, words: words).joined(separator: "\n"))
    }

    func vevent(_ event: Event, description: String, uid: String, start: String, end: String, summary: String,
                exdate: [String], rrule: String?) -> [String] {
        var lines = ["BEGIN:VEVENT", "UID:\(ICalendarText.escape(uid))",
                     "DTSTAMP:\(compact(asOf))T000000Z",
                     "DTSTART\(start)", "DTEND\(end)", "SUMMARY:\(ICalendarText.escape(summary))"]
        if let rrule { lines.append("RRULE:\(rrule)") }
        lines += exdate.map { "EXDATE\($0)" }
        let locality = schedule.locality(event.locality)
        if let locality {
            let place = ([locality.name] + locality.address).joined(separator: ", ")
            lines.append("LOCATION:\(ICalendarText.escape(place))")
            if let c = locality.coordinate { lines.append("GEO:\(c.latitude);\(c.longitude)") }
            lines.append("URL:\(baseURL)\(locality.sitePath)")
        }
        lines.append("CATEGORIES:\(ICalendarText.escape(event.category))")
        if !description.isEmpty { lines.append("DESCRIPTION:\(description)") }
        lines.append("TRANSP:\(event.sessions.isEmpty ? "TRANSPARENT" : "OPAQUE")")
        lines.append("END:VEVENT")
        return lines
    }

    func summary(_ event: Event, session: Event.Session?) -> String {
        let base = EventText.title(event, schedule: schedule, words: words)
        guard let session, event.sessions.count > 1 else { return base }
        return "\(base) (\(session.name))"
    }

    /// `;VALUE=DATE:20270130`
    func dateValue(_ date: CalendarDate) -> String { ";VALUE=DATE:\(compact(date))" }

    func stamp(_ date: CalendarDate, _ time: LocalTime) -> String {
        let day = time.minutes >= 24 * 60 ? date.adding(days: 1) : date
        let t = LocalTime(hour: time.hour % 24, minute: time.minute)!
        return "\(compact(day))T\(ZonedTime.pad(t.hour))\(ZonedTime.pad(t.minute))00"
    }

    /// `20270130` (the date's text without its dashes; Foundation's `replacingOccurrences` is slow).
    func compact(_ date: CalendarDate) -> String {
        var text = date.description
        text.removeAll { $0 == "-" }
        return text
    }

    /// The RRULE that generates exactly the dates `Recurrence.dates` does.
    func rrule(_ r: Recurrence, start: CalendarDate, zone: TimeZone?, time: LocalTime?) -> String {
        var parts = ["FREQ=\(r.frequency.rawValue.uppercased())"]
        if r.interval > 1 { parts.append("INTERVAL=\(r.interval)") }
        parts += Self.byParts(r, start: start)
        if let count = r.count { parts.append("COUNT=\(count)") }
        if let until = r.until {
            if let zone {
                // With a zoned DTSTART, UNTIL must be UTC (RFC 5545 §3.3.10): the end of that local day.
                let endOfDay = ZonedTime.instant(until, LocalTime(hour: 24, minute: 0)!, in: zone).addingTimeInterval(-1)
                parts.append("UNTIL=\(ZonedTime.utcStamp(endOfDay))")
            } else {
                parts.append("UNTIL=\(compact(until))")
            }
        }
        return parts.joined(separator: ";")
    }

    /// BY… parts: the monthly weekday position, and the "last day of a shorter month"
    /// fallback for day 29–31 (BYSETPOS=-1 picks the latest of the candidate days).
    static func byParts(_ r: Recurrence, start: CalendarDate) -> [String] {
        let codes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        if let on = r.monthlyOn { return ["BYDAY=\(on.ordinal)\(codes[on.weekday - 1])"] }
        let fallback: (Int) -> [String] = { day in
            day == 31 ? ["BYMONTHDAY=-1"] : ["BYMONTHDAY=\((28...day).map(String.init).joined(separator: ","))", "BYSETPOS=-1"]
        }
        switch r.frequency {
        case .monthly where start.day >= 29: return fallback(start.day)
        case .yearly where start.month == 2 && start.day == 29: return ["BYMONTH=2"] + fallback(29)
        default: return []
        }
    }
}
