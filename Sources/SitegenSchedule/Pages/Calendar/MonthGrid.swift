/// One calendar month of the schedule as a wall planner shows it: weeks of seven days that start
/// on the language's first weekday, each day of the month with the occurrences the build calls
/// upcoming on it. Made from the very list `schedule.json` lists (`SchedulePieces.upcoming`), cut
/// by date: the grid never derives the meetings a second way.
public struct MonthGrid: Sendable {
    /// A month of the Gregorian calendar ("2027-01").
    public struct Month: Sendable, Hashable, Comparable, CustomStringConvertible {
        public let year: Int
        public let month: Int

        public init(_ date: CalendarDate) {
            year = date.year
            month = date.month
        }

        /// Exactly `YYYY-MM`.
        public init?(_ text: String) {
            guard text.utf8.count == 7, let first = CalendarDate(text + "-01") else { return nil }
            self.init(first)
        }

        public var first: CalendarDate { CalendarDate(year: year, month: month, day: 1)! }
        public var last: CalendarDate { CalendarDate(year: year, month: month, day: CalendarDate.daysIn(month: month, year: year))! }
        public var next: Month { Month(last.adding(days: 1)) }
        public var description: String { "\(String(year).leftPadded(to: 4))-\(String(month).leftPadded(to: 2))" }

        public static func < (a: Month, b: Month) -> Bool { (a.year, a.month) < (b.year, b.month) }

        /// Every month that has a day of `window`, in order.
        public static func covering(_ window: ClosedRange<CalendarDate>) -> [Month] {
            var months = [Month(window.lowerBound)]
            while let last = months.last, last < Month(window.upperBound) { months.append(last.next) }
            return months
        }
    }

    /// A day of the month: its date, whether it lies in the window the schedule lists (days of
    /// the first and last month outside it are shown, empty), and what happens on it.
    public struct Day: Sendable {
        public let date: CalendarDate
        public let inWindow: Bool
        public let occurrences: [Occurrence]
    }

    public let month: Month
    /// Rows of seven cells, from the first weekday on; nil where a cell is another month's day.
    public let weeks: [[Day?]]

    /// The grid of `month`: `occurrences` are the window's, in reading order (`Schedule.upcoming`);
    /// `firstWeekday` is 1 = Sunday … 7 = Saturday (`LocaleDates.firstWeekday`).
    public init(_ month: Month, occurrences: [Occurrence], window: ClosedRange<CalendarDate>, firstWeekday: Int) {
        self.month = month
        let byDay = Dictionary(grouping: occurrences.filter { Month($0.date) == month }, by: \.date.day)
        let lead = (month.first.weekday - firstWeekday + 7) % 7
        var cells: [Day?] = Array(repeating: nil, count: lead)
        for day in 1...month.last.day {
            let date = CalendarDate(year: month.year, month: month.month, day: day)!
            cells.append(Day(date: date, inWindow: window.contains(date), occurrences: byDay[day] ?? []))
        }
        cells += Array(repeating: nil, count: (7 - cells.count % 7) % 7)
        weeks = stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<($0 + 7)]) }
    }

    /// The days of the month that have something on them, in order.
    public var busyDays: [Day] { weeks.joined().compactMap { $0 }.filter { !$0.occurrences.isEmpty } }

    /// What a day's entry is, for its mark: a mission meeting (a one-off meeting day, as the
    /// print sheet's visits count them), a regular (repeating) service, or a team's travel,
    /// arrival or rest day, shown quietly.
    public enum Kind: String, Sendable {
        case mission, service, quiet
    }

    public static func kind(_ o: Occurrence) -> Kind {
        if o.event.status != .meeting { return .quiet }
        return Visit.isMissionMeeting(o) ? .mission : .service
    }
}
