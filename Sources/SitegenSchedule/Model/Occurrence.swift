import Foundation

/// One day on which an event happens: what the schedule page, the print sheet and the
/// snapshot list. Recurring events give many; a plain event gives one.
public struct Occurrence: Sendable, Equatable {
    public let event: Event
    public let date: CalendarDate

    /// The instant a session starts, for the snapshot (nil for all-day entries).
    public func start(of session: Event.Session) -> Date? {
        event.timeZone.map { ZonedTime.instant(date, session.start, in: $0) }
    }

    public func end(of session: Event.Session) -> Date? {
        event.timeZone.map { ZonedTime.instant(date, session.end, in: $0) }
    }
}

extension Schedule {
    /// How far ahead pages, feeds' expansions and the snapshot look for occurrences of
    /// endless rules: one year, as stated in the snapshot.
    public static let windowDays = 365

    /// Occurrences on or after `first` and on or before `last`, in the order people read a
    /// schedule: by date, then by first session, then by place.
    public func occurrences(from first: CalendarDate, through last: CalendarDate) -> [Occurrence] {
        events.flatMap { event in
            event.dates(through: last).filter { $0 >= first }.map { Occurrence(event: event, date: $0) }
        }.sorted(by: Self.readingOrder)
    }

    /// The occurrences a build dated `asOf` calls upcoming: today and the next `windowDays` days.
    public func upcoming(asOf: CalendarDate) -> [Occurrence] {
        occurrences(from: asOf, through: asOf.adding(days: Self.windowDays))
    }

    static func readingOrder(_ a: Occurrence, _ b: Occurrence) -> Bool {
        let ka = (a.date, a.event.sessions.first?.start.minutes ?? -1, a.event.team ?? "", a.event.uid)
        let kb = (b.date, b.event.sessions.first?.start.minutes ?? -1, b.event.team ?? "", b.event.uid)
        return ka < kb
    }
}

/// Wall-clock time in a zone → instant, through Foundation's zone rules (DST included).
public enum ZonedTime {
    public static func instant(_ date: CalendarDate, _ time: LocalTime, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let day = time.minutes >= 24 * 60 ? date.adding(days: 1) : date
        let minutes = time.minutes % (24 * 60)
        let parts = DateComponents(year: day.year, month: day.month, day: day.day, hour: minutes / 60, minute: minutes % 60)
        return calendar.date(from: parts)!
    }

    /// `2027-03-14T11:00:00-05:00`: local time with the offset in force then.
    public static func iso8601(_ instant: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        let offset = zone.secondsFromGMT(for: instant)
        let sign = offset < 0 ? "-" : "+"
        let abs = Swift.abs(offset)
        return "\(pad(c.year!, 4))-\(pad(c.month!))-\(pad(c.day!))T\(pad(c.hour!)):\(pad(c.minute!)):\(pad(c.second!))"
            + "\(sign)\(pad(abs / 3600)):\(pad(abs % 3600 / 60))"
    }

    /// `20270314T170000Z`
    public static func utcStamp(_ instant: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return "\(pad(c.year!, 4))\(pad(c.month!))\(pad(c.day!))T\(pad(c.hour!))\(pad(c.minute!))\(pad(c.second!))Z"
    }

    static func pad(_ n: Int, _ width: Int = 2) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
