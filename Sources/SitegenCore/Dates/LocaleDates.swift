import Foundation

/// Dates in one language's words, by CLDR: Foundation's ICU-backed `Date.FormatStyle` with an
/// explicit locale, the Gregorian calendar and UTC, never the machine's own locale or time zone,
/// so a build is byte-identical under `LANG=C`, `LANG=fi_FI.UTF-8` or `TZ=Pacific/Kiritimati`.
///
/// Each form is a CLDR *skeleton* (which fields, how long), not a pattern: the locale's data puts
/// them in its own order with its own punctuation ("Sun 29 Nov", "dom, 29 nov", "su 29.11."), so
/// no language needs a hand table of names or a word order of its own.
///
/// A `CalendarDate` is a day, not an instant: it is formatted as noon UTC of that day in a UTC
/// calendar, which names the same day whatever the site's time zone.
public struct LocaleDates: Sendable, Hashable {
    /// The CLDR locale (`en_GB`, `es`, `fi`): a string table's `date.locale`, else its language.
    public let identifier: String

    public init(locale identifier: String) {
        self.identifier = identifier
    }

    // Made per use, not stored (Foundation caches the ICU formatters behind these styles): the
    // value stays a plain identifier, cheap to copy into every string table.
    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.utc
        return calendar
    }

    private var base: Date.FormatStyle {
        Date.FormatStyle(date: .omitted, time: .omitted, locale: Locale(identifier: identifier), calendar: calendar, timeZone: Self.utc)
    }

    private var interval: Date.IntervalFormatStyle {
        Date.IntervalFormatStyle(date: .omitted, time: .omitted, locale: Locale(identifier: identifier), calendar: calendar, timeZone: Self.utc)
    }

    /// "Sunday, 29 November 2026" / "domingo, 29 de noviembre de 2026" / "sunnuntai 29. marraskuuta 2026".
    public func long(_ date: CalendarDate) -> String {
        format(date, base.weekday(.wide).day().month(.wide).year())
    }

    /// "Sun 29 Nov" / "dom, 29 nov" / "su 29.11.".
    public func short(_ date: CalendarDate) -> String {
        format(date, base.weekday(.abbreviated).day().month(.abbreviated))
    }

    /// "Sun 29 Nov 2026" / "dom, 29 nov 2026" / "su 29.11.2026".
    public func shortWithYear(_ date: CalendarDate) -> String {
        format(date, base.weekday(.abbreviated).day().month(.abbreviated).year())
    }

    /// "Sun 29" / "dom 29" / "su 29.": the first day of a run within one month.
    public func weekdayAndDay(_ date: CalendarDate) -> String {
        format(date, base.weekday(.abbreviated).day())
    }

    /// "Sat, 23 Jan – Sun, 24 Jan 2027" / "sáb, 23 ene – dom, 24 ene 2027" / "la 23. – su 24. tammikuuta
    /// 2027": CLDR's own form of a span of days (one day: `shortWithYear`).
    public func range(_ first: CalendarDate, _ last: CalendarDate) -> String {
        guard first < last else { return shortWithYear(first) }
        let style = interval.weekday(.abbreviated).day().month(.abbreviated).year()
        return style.format(Self.noon(first)..<Self.noon(last))
    }

    /// "29 November" / "29 de noviembre" / "29. marraskuuta".
    public func dayAndMonth(_ date: CalendarDate) -> String {
        format(date, base.day().month(.wide))
    }

    /// "29 Nov" / "29 nov" / "29.11.".
    public func dayAndShortMonth(_ date: CalendarDate) -> String {
        format(date, base.day().month(.abbreviated))
    }

    /// "29 Nov 2026" / "29 nov 2026" / "29.11.2026".
    public func dayAndShortMonthWithYear(_ date: CalendarDate) -> String {
        format(date, base.day().month(.abbreviated).year())
    }

    /// "November 2026" / "noviembre de 2026" / "marraskuu 2026".
    public func monthAndYear(_ date: CalendarDate) -> String {
        format(date, base.month(.wide).year())
    }

    /// "November" / "noviembre" / "marraskuu": the month's name on its own (CLDR's stand-alone form).
    public func month(_ number: Int) -> String {
        format(Self.reference(month: number), base.month(.wide))
    }

    /// "Nov" / "nov" / "marras": the month's short name on its own.
    public func shortMonth(_ number: Int) -> String {
        format(Self.reference(month: number), base.month(.abbreviated))
    }

    /// "Sunday" / "domingo" / "sunnuntai" (1 = Sunday … 7 = Saturday), on its own.
    public func weekday(_ number: Int) -> String {
        format(Self.reference(weekday: number), base.weekday(.wide))
    }

    /// "Sun" / "dom" / "su", on its own.
    public func shortWeekday(_ number: Int) -> String {
        format(Self.reference(weekday: number), base.weekday(.abbreviated))
    }

    /// The day a week starts on in this locale, 1 = Sunday … 7 = Saturday: CLDR's week data
    /// (`weekData.firstDay`, by the locale's region or its language's likely one) as the ICU that
    /// Foundation links carries it; so Monday for `fi`, `es` and `en_GB`, Sunday for `en_US` and
    /// `es_MX`. No file is read and nothing is fetched: the data is inside the binary.
    public var firstWeekday: Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: identifier)
        return calendar.firstWeekday
    }

    private func format(_ date: CalendarDate, _ style: Date.FormatStyle) -> String {
        style.format(Self.noon(date))
    }

    private static let utc = TimeZone(secondsFromGMT: 0)!

    /// Noon UTC of the day: the middle of the day, so no offset reading could move it.
    private static func noon(_ date: CalendarDate) -> Date {
        Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400 + 43_200)
    }

    /// A day of 2023 in that month (its names need only the month).
    private static func reference(month: Int) -> CalendarDate {
        CalendarDate(year: 2023, month: min(max(month, 1), 12), day: 15)!
    }

    /// 1 January 2023 was a Sunday: the week from it names the weekdays.
    private static func reference(weekday: Int) -> CalendarDate {
        CalendarDate(year: 2023, month: 1, day: min(max(weekday, 1), 7))!
    }
}
