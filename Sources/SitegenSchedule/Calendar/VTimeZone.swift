import Foundation

/// A VTIMEZONE component built from Foundation's zone rules (the system tz database): one
/// STANDARD/DAYLIGHT sub-component per transition in the years the feed covers, so the
/// definition matches the local times the feed uses exactly, without guessing RRULEs.
public enum VTimeZone {
    public static func lines(for zone: TimeZone, years: ClosedRange<Int>) -> [String] {
        var out = ["BEGIN:VTIMEZONE", "TZID:\(zone.identifier)"]
        let start = ZonedTime.instant(CalendarDate(year: years.lowerBound, month: 1, day: 1)!, LocalTime(hour: 0, minute: 0)!,
                                      in: TimeZone(identifier: "UTC")!)
        let end = ZonedTime.instant(CalendarDate(year: years.upperBound + 1, month: 1, day: 1)!, LocalTime(hour: 0, minute: 0)!,
                                    in: TimeZone(identifier: "UTC")!)
        var transitions: [Date] = []
        var cursor = start
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < end {
            transitions.append(next)
            cursor = next
        }
        // The offset in force when the range begins, so times before the first transition resolve.
        let before = start.addingTimeInterval(-1)
        out += component(zone: zone, at: start, from: zone.secondsFromGMT(for: before), observedFrom: start,
                         dtstartLocal: CalendarDate(year: years.lowerBound, month: 1, day: 1)!, time: "000000")
        for instant in transitions {
            let from = zone.secondsFromGMT(for: instant.addingTimeInterval(-1))
            // DTSTART is the local time of the onset in the offset before it (RFC 5545 §3.6.5).
            let local = instant.addingTimeInterval(TimeInterval(from))
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            let c = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: local)
            let date = CalendarDate(year: c.year!, month: c.month!, day: c.day!)!
            let time = ZonedTime.pad(c.hour!) + ZonedTime.pad(c.minute!) + ZonedTime.pad(c.second!)
            out += component(zone: zone, at: instant, from: from, observedFrom: instant, dtstartLocal: date, time: time)
        }
        out.append("END:VTIMEZONE")
        return out
    }

    static func component(zone: TimeZone, at instant: Date, from: Int, observedFrom: Date,
                          dtstartLocal: CalendarDate, time: String) -> [String] {
        let kind = zone.isDaylightSavingTime(for: instant) ? "DAYLIGHT" : "STANDARD"
        let to = zone.secondsFromGMT(for: instant)
        var lines = ["BEGIN:\(kind)",
                     "DTSTART:\(dtstartLocal.description.filter { $0 != "-" })T\(time)",
                     "TZOFFSETFROM:\(offset(from))", "TZOFFSETTO:\(offset(to))"]
        // Foundation on Linux names offsets "GMT-6" rather than "CST"; TZNAME is optional, so
        // only real abbreviations are written.
        if let name = zone.abbreviation(for: instant), !name.isEmpty, !name.hasPrefix("GMT") {
            lines.append("TZNAME:\(ICalendarText.escape(name))")
        }
        lines.append("END:\(kind)")
        return lines
    }

    /// `-0500`
    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let a = abs(seconds)
        return sign + ZonedTime.pad(a / 3600) + ZonedTime.pad(a % 3600 / 60)
    }
}
