/// A wall-clock time of day (`HH:MM`, 24-hour), without date or zone. Sessions and service
/// times are written this way because that is how a schedule keeper thinks of them; the zone
/// comes from the locality.
public struct LocalTime: Sendable, Hashable, Comparable, TextCodable {
    public static let textFormat = "HH:MM"

    /// Minutes after midnight, 0...1440 (1440 is "24:00", allowed only as an end time).
    public let minutes: Int

    public init?(hour: Int, minute: Int) {
        guard (0...24).contains(hour), (0...59).contains(minute), hour * 60 + minute <= 1440 else { return nil }
        minutes = hour * 60 + minute
    }

    /// Parses `H:MM` or `HH:MM`.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        self.init(hour: h, minute: m)
    }

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    /// `09:30`
    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    public static func < (a: LocalTime, b: LocalTime) -> Bool { a.minutes < b.minutes }
}
