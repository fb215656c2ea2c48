/// How an event repeats, in the terms a family calendar uses. Expansion follows RFC 5545
/// RRULE semantics exactly, so the dates on the pages are the dates a phone calendar shows
/// for the exported RRULE: `count` counts generated dates before `except` removes any.
public struct Recurrence: Sendable, Hashable {
    public enum Frequency: String, Sendable, CaseIterable {
        case daily, weekly, monthly, yearly
    }

    /// "first Sunday", "last Friday": a weekday's position in the month.
    public struct MonthlyWeekday: Sendable, Hashable {
        /// 1…5, or -1 for the last one.
        public let ordinal: Int
        /// 1 = Sunday … 7 = Saturday.
        public let weekday: Int

        public static let ordinalNames = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1]

        /// Parses "first Sunday", "last saturday".
        public init?(_ text: String) {
            let words = text.split(separator: " ").map { $0.lowercased() }
            guard words.count == 2, let ordinal = Self.ordinalNames[words[0]],
                  let index = CalendarDate.weekdayNames.firstIndex(where: { $0.lowercased() == words[1] }) else { return nil }
            self.init(ordinal: ordinal, weekday: index + 1)
        }

        public init(ordinal: Int, weekday: Int) {
            self.ordinal = ordinal
            self.weekday = weekday
        }

        /// The matching day of `month`, or nil (there is no fifth Sunday in most months).
        public func date(year: Int, month: Int) -> CalendarDate? {
            let length = CalendarDate.daysIn(month: month, year: year)
            if ordinal > 0 {
                let first = CalendarDate(year: year, month: month, day: 1)!
                let day = 1 + (weekday - first.weekday + 7) % 7 + (ordinal - 1) * 7
                return day <= length ? CalendarDate(year: year, month: month, day: day) : nil
            }
            let last = CalendarDate(year: year, month: month, day: length)!
            return CalendarDate(year: year, month: month, day: length - (last.weekday - weekday + 7) % 7)
        }

        public var description: String {
            let name = Self.ordinalNames.first { $0.value == ordinal }?.key ?? "\(ordinal)"
            return "\(name) \(CalendarDate.weekdayNames[weekday - 1])"
        }
    }

    public let frequency: Frequency
    /// Every `interval` days/weeks/months/years; 2 with weekly is "every two weeks".
    public let interval: Int
    /// Monthly only: the weekday position instead of the start date's day of the month.
    public let monthlyOn: MonthlyWeekday?
    public let until: CalendarDate?
    public let count: Int?
    public let exceptions: [CalendarDate]

    public init(frequency: Frequency, interval: Int = 1, monthlyOn: MonthlyWeekday? = nil,
                until: CalendarDate? = nil, count: Int? = nil, exceptions: [CalendarDate] = []) {
        self.frequency = frequency
        // Clamped again here so that no caller can make `candidate` overflow.
        self.interval = min(max(1, interval), Self.intervals.upperBound)
        self.monthlyOn = monthlyOn
        self.until = until
        self.count = count
        self.exceptions = Array(Set(exceptions)).sorted()
    }

    /// Upper bound on generated dates, so an endless rule over a long window stays cheap.
    static let limit = 100_000
    /// What content may write for `interval` and `count` (the reader refuses the rest at their line).
    public static let intervals = 1...1_000
    public static let counts = 1...10_000

    /// The dates from `start` (the first occurrence) through `last`, exceptions removed.
    public func dates(from start: CalendarDate, through last: CalendarDate) -> [CalendarDate] {
        let end = min(last, until ?? last)
        let excluded = Set(exceptions)
        var result: [CalendarDate] = []
        var generated = 0
        var step = 0
        while step < Self.limit {
            defer { step += 1 }
            guard let candidate = candidate(step, from: start) else { continue }
            if candidate > end || candidate.year > CalendarDate.years.upperBound { break }
            if let count, generated >= count { break }
            generated += 1
            if !excluded.contains(candidate) { result.append(candidate) }
        }
        return result
    }

    /// The `step`-th date the rule generates, or nil when that period has none (no fifth Sunday).
    func candidate(_ step: Int, from start: CalendarDate) -> CalendarDate? {
        let n = step * interval
        switch frequency {
        case .daily: return start.adding(days: n)
        case .weekly: return start.adding(days: 7 * n)
        case .monthly:
            let months = start.month - 1 + n
            let year = start.year + months / 12, month = months % 12 + 1
            if let monthlyOn { return monthlyOn.date(year: year, month: month) }
            return Self.clamped(year: year, month: month, day: start.day)
        case .yearly:
            return Self.clamped(year: start.year + n, month: start.month, day: start.day)
        }
    }

    /// Day 29–31 of a shorter month falls back to its last day (and 29 February to the
    /// 28th), as family calendars do for "monthly on the 31st".
    static func clamped(year: Int, month: Int, day: Int) -> CalendarDate {
        CalendarDate(year: year, month: month, day: min(day, CalendarDate.daysIn(month: month, year: year)))!
    }

    /// "every 2 weeks", "monthly on the first Sunday", in English (a page says it in its
    /// language with `ScheduleWords.summary`).
    public var summary: String { ScheduleWords.english.summary(self) }
}
