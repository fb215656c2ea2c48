/// Parses an event's `repeat:` mapping:
///
/// ```yaml
/// repeat: { frequency: monthly, on: first Sunday, until: 2027-12-31, except: [2027-04-04] }
/// ```
/// `frequency`: none, daily, weekly, every-2-weeks (or `interval: 2`), monthly, yearly.
struct RecurrenceParser {
    let fields: YAMLFields
    let start: CalendarDate

    static let frequencies: [String: (Recurrence.Frequency?, Int)] = [
        "none": (nil, 1), "daily": (.daily, 1), "weekly": (.weekly, 1), "every-2-weeks": (.weekly, 2),
        "biweekly": (.weekly, 2), "fortnightly": (.weekly, 2), "monthly": (.monthly, 1), "yearly": (.yearly, 1),
    ]

    func parse() -> Recurrence? {
        guard let rule = fields.mapping("repeat") else { return nil }
        defer { rule.reportUnknownKeys() }
        guard let name = rule.string("frequency", required: true) else { return nil }
        guard let (frequency, baseInterval) = Self.frequencies[name.lowercased()] else {
            rule.error("'frequency' must be one of \(Self.frequencies.keys.sorted().joined(separator: ", ")), not '\(name)'", at: "frequency")
            return nil
        }
        let givenInterval = rule.int("interval", in: Recurrence.intervals)
        let badInterval = givenInterval == nil && rule.node("interval") != nil   // reported by `int`
        let interval = givenInterval ?? 1
        let until = rule.date("until"), count = rule.int("count", in: Recurrence.counts)
        let exceptions = (rule.stringList("except") ?? []).compactMap { text -> CalendarDate? in
            guard let date = CalendarDate(text) else {
                rule.error("'except' dates must be written YYYY-MM-DD and exist (got '\(text)')", at: "except")
                return nil
            }
            return date
        }
        let on = monthlyWeekday(rule, frequency: frequency)
        let ok = check(rule, until: until, count: count) && !badInterval
        guard let frequency, ok else { return nil }
        return Recurrence(frequency: frequency, interval: baseInterval * interval, monthlyOn: on,
                          until: until, count: count, exceptions: exceptions)
    }

    /// An end is either a date or a number of times: both would be ambiguous (RFC 5545 forbids it).
    func check(_ rule: YAMLFields, until: CalendarDate?, count: Int?) -> Bool {
        var ok = true
        if until != nil && count != nil {
            rule.error("a recurrence may end with 'until' or 'count', not both", at: "count")
            ok = false
        }
        if let until, until < start {
            rule.error("'until' (\(until)) is before the event's first date (\(start))", at: "until")
            ok = false
        }
        return ok
    }

    func monthlyWeekday(_ rule: YAMLFields, frequency: Recurrence.Frequency?) -> Recurrence.MonthlyWeekday? {
        guard let text = rule.string("on") else { return nil }
        guard frequency == .monthly else {
            rule.error("'on' (like 'first Sunday') only goes with 'frequency: monthly'", at: "on")
            return nil
        }
        guard let on = Recurrence.MonthlyWeekday(text) else {
            rule.error("'on' must be like 'first Sunday' or 'last Friday', not '\(text)'", at: "on")
            return nil
        }
        if on.date(year: start.year, month: start.month) != start {
            rule.error("the event's date \(start) is not the \(on.description) of its month", at: "on")
            return nil
        }
        return on
    }
}
