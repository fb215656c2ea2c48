/// The schedule's words in one language, from its string table: times ("9:45 am" or "9:45"),
/// time ranges, repeat rules, the print sheet's regular-service patterns and the calendar
/// files' texts. Word order, ordinals, plurals and the clock's style are patterns of the table
/// (`time.*`, `repeat.*`, `services.*`, `ics.*` in en.yml), so a language needs no code of its own.
public struct ScheduleWords: Sendable {
    public let table: StringTable

    public init(_ table: StringTable) { self.table = table }

    /// English (tests and tools).
    public static let english = ScheduleWords(.builtIn)

    // ---- Times ----

    /// "9:30 am", "7 pm", "12 noon", "12 midnight" (English); "9:30", "19:00", "12:00" (Spanish).
    public func time(_ t: LocalTime) -> String {
        if t.minutes == 12 * 60 { return table["time.noon"] }
        if t.minutes == 0 || t.minutes == 24 * 60 { return table["time.midnight"] }
        let values = ["hour": String(t.hour % 12 == 0 ? 12 : t.hour % 12), "hour24": String(t.hour),
                      "minute": ZonedTime.pad(t.minute), "ampm": table[t.hour < 12 ? "time.am" : "time.pm"]]
        return table.format(t.minute == 0 ? "time.whole" : "time.minutes", values)
    }

    /// "7–9 pm", "9:45–10:45 am", "11 am–12:30 pm": where the clock says am/pm and both ends
    /// share it, it is said once.
    public func range(_ s: Event.Session) -> String {
        var start = time(s.start)
        let end = time(s.end)
        for word in [table["time.am"], table["time.pm"]] where !word.isEmpty {
            let suffix = " " + word
            if start.hasSuffix(suffix) && end.hasSuffix(suffix) { start.removeLast(suffix.count) }
        }
        return table.format("time.range", ["start": start, "end": end])
    }

    /// "10 am–12 noon, 7–9 pm" (empty for all-day entries).
    public func sessions(_ event: Event) -> String {
        event.sessions.map(range).joined(separator: ", ")
    }

    // ---- Days ----

    /// "Sunday" (1 = Sunday … 7 = Saturday), CLDR's.
    public func weekday(_ number: Int) -> String { table.dates.weekday(number) }
    /// "Sundays" / "los domingos": every such day.
    public func weekdays(_ number: Int) -> String { table["date.weekdays\(number)"] }
    /// "Sun" / "dom" / "su": CLDR's abbreviation.
    public func weekdayShort(_ number: Int) -> String { table.dates.shortWeekday(number) }

    /// "Fri–Sat": a run of days.
    public func dayRun(_ first: CalendarDate, _ last: CalendarDate) -> String {
        table.format("date.run", ["first": weekdayShort(first.weekday), "last": weekdayShort(last.weekday)])
    }

    /// "6 Dec" or "29 Nov 2026" ("6.12.", "29.11.2026"): the day and the month's abbreviation.
    public func dayMonth(_ date: CalendarDate, year: Bool) -> String {
        year ? table.dates.dayAndShortMonthWithYear(date) : table.dates.dayAndShortMonth(date)
    }

    /// "first Sunday" / "primer domingo".
    public func monthlyWeekday(_ on: Recurrence.MonthlyWeekday) -> String {
        table.format("repeat.ordinalWeekday", ["ordinal": table["repeat.ordinal\(on.ordinal == -1 ? "Last" : String(on.ordinal))"],
                                               "weekday": weekday(on.weekday)])
    }

    // ---- Rules ----

    /// "Repeats weekly on the first Sunday until Tuesday, 1 December 2026, 5 times".
    public func repeats(_ r: Recurrence) -> String {
        table.format("repeat.line", ["rule": summary(r)])
    }

    /// "every 2 weeks", "monthly on the first Sunday", for people.
    public func summary(_ r: Recurrence) -> String {
        let unit = r.frequency.rawValue
        var text = r.interval == 1 ? table["repeat.\(unit)"] : table.format("repeat.every.\(unit)", ["count": String(r.interval)])
        if let on = r.monthlyOn { text = table.format("repeat.on", ["rule": text, "day": monthlyWeekday(on)]) }
        if let until = r.until { text = table.format("repeat.until", ["rule": text, "date": table.longDate(until)]) }
        if let count = r.count { text = table.format("repeat.times", ["rule": text, "count": String(count)]) }
        return text
    }

    /// The sheet's pattern: "Sundays", "every 2 weeks on Sundays", "first Sunday of the month",
    /// "day 6 of the month", "every year on 6 December".
    public func pattern(_ r: Recurrence, first: CalendarDate) -> String {
        let count = String(r.interval), every = r.interval == 1 ? "" : "every."
        switch r.frequency {
        case .daily:
            return r.interval == 1 ? table["repeat.daily"] : table.format("repeat.every.daily", ["count": count])
        case .weekly:
            return table.format("services.\(every)weekly", ["count": count, "weekdays": weekdays(first.weekday)])
        case .monthly:
            if let on = r.monthlyOn { return table.format("services.\(every)monthlyOn", ["count": count, "day": monthlyWeekday(on)]) }
            return table.format("services.\(every)monthlyDay", ["count": count, "day": String(first.day)])
        case .yearly:
            return table.format("services.\(every)yearly", ["count": count, "date": table.dayAndMonth(first)])
        }
    }

    /// "Communion first Sunday of the month 11 am": a service, when it is held, at what time.
    public func service(_ name: String, when: String, time: String) -> String {
        table.format("services.line", ["name": name, "when": when, "time": time]).trimmingCharacters(in: .whitespaces)
    }

    /// "11 am and 7 pm".
    public func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return table.format("list.and", ["list": items.dropLast().joined(separator: ", "), "last": items[items.count - 1]])
    }

    /// "Meeting", "Travel day", "Arrival", "Rest day".
    public func status(_ s: Event.Status) -> String { table["status.\(s.rawValue)"] }
}
