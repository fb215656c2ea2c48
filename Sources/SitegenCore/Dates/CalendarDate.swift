/// A day in the proleptic Gregorian calendar, without time or zone: the unit of
/// schedules, reading plans and the build's as-of date. Arithmetic is exact and
/// independent of the machine's time zone.
public struct CalendarDate: Sendable, Hashable, Comparable, TextCodable {
    public static let textFormat = "a YYYY-MM-DD date"

    public let year: Int
    public let month: Int
    public let day: Int

    /// A date that exists; nil for February 30 and the like.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CalendarDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The years a date written in content may have: four digits, not 0000.
    public static let years = 1...9999

    /// Parses exactly `YYYY-MM-DD` (year 0001 to 9999).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), Self.years.contains(y) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The date `days` days after 1970-01-01.
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// Days since 1970-01-01 (negative before).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public func adding(days: Int) -> CalendarDate { CalendarDate(daysSinceEpoch: daysSinceEpoch + days) }

    public func days(until other: CalendarDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    /// 1 = Sunday … 7 = Saturday (as Foundation's Calendar numbers weekdays).
    public var weekday: Int { ((daysSinceEpoch % 7 + 7) % 7 + 4) % 7 + 1 }

    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public var description: String {
        let y = String(year).leftPadded(to: 4), m = String(month).leftPadded(to: 2), d = String(day).leftPadded(to: 2)
        return "\(y)-\(m)-\(d)"
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }


    public static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                                    "August", "September", "October", "November", "December"]
    public static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    public var monthName: String { Self.monthNames[month - 1] }
    public var weekdayName: String { Self.weekdayNames[weekday - 1] }
    /// "Sunday, 22 November 2026"
    public var longDescription: String { "\(weekdayName), \(day) \(monthName) \(year)" }
    /// "Sun 22 Nov": a date in a table or list whose year is said elsewhere.
    public var shortDescription: String { "\(weekdayName.prefix(3)) \(day) \(monthName.prefix(3))" }
}

extension String {
    public func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
