/// Times for sources that only say "morning" or "evening" (the apps' AM/PM flags and the
/// CSV's yes/no columns). Sunday mornings follow the usual 11 am service.
public struct SessionDefaults: Sendable {
    public var morning: Event.Session
    public var sundayMorning: Event.Session
    public var evening: Event.Session

    public init(morning: String = "10:00-12:00", sundayMorning: String = "11:00-12:30", evening: String = "19:00-21:00") throws {
        self.morning = try Self.parse(morning, name: "Morning")
        self.sundayMorning = try Self.parse(sundayMorning, name: "Morning service")
        self.evening = try Self.parse(evening, name: "Evening")
    }

    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    /// `10:00-12:00` → a session; the end must come after the start on the same day.
    public static func parse(_ text: String, name: String) throws -> Event.Session {
        let parts = text.split(separator: "-").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let start = LocalTime(parts[0]), let end = LocalTime(parts[1]), start < end,
              start.minutes < 24 * 60 else {
            throw Invalid(description: "'\(text)' is not a session like 10:00-12:00 (start before end, within one day)")
        }
        return Event.Session(name: name, start: start, end: end)
    }
}

import Foundation
