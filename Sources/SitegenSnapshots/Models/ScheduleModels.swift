/// `api/v1/schedule.json` (schema `schedule`): the meetings from the as-of date through the
/// window, expanded (`occurrences`), and the rules they came from (`events`).
public struct ScheduleFile: Codable, Sendable, Equatable {
    /// A session's name and times: `HH:MM` in an event, ISO 8601 with the day's offset in an
    /// occurrence.
    public struct Session: Codable, Sendable, Equatable {
        public let name: String
        public let start: String
        public let end: String
    }

    public struct Rule: Codable, Sendable, Equatable {
        public let frequency: String
        public let interval: Int
        public let on: String?
        public let until: String?
        public let count: Int?
        public let except: [String]
        public let rrule: String
    }

    public struct Event: Codable, Sendable, Equatable {
        public let uid: String
        public let title: String
        public let category: String
        public let status: String
        public let team: String?
        public let locality: String?
        public let with: [String]
        public let withOthers: [String]
        public let date: String
        public let timeZone: String?
        public let sessions: [Session]
        public let comment: String?
        public let recurrence: Rule?
    }

    public struct Occurrence: Codable, Sendable, Equatable {
        public let uid: String
        public let date: String
        public let title: String
        public let category: String
        public let status: String
        public let team: String?
        public let locality: String?
        public let with: [String]
        public let sessions: [Session]
        public let comment: String?
    }

    public struct Window: Codable, Sendable, Equatable {
        public let from: String
        public let through: String
        public let days: Int
    }

    public let schemaVersion: Int
    public let asOf: String
    public let window: Window
    public let events: [Event]
    public let occurrences: [Occurrence]

    /// The next `count` meetings on or after `date` (`YYYY-MM-DD`), in date order.
    public func next(_ count: Int, from date: String) -> [Occurrence] {
        Array(occurrences.filter { $0.date >= date }.prefix(count))
    }
}

/// `api/v1/localities.json` (schema `localities`): the congregations, where and when they meet.
public struct LocalitiesFile: Codable, Sendable, Equatable {
    public struct Service: Codable, Sendable, Equatable {
        public let name: String
        /// `Sunday` … `Saturday`.
        public let day: String
        /// `HH:MM`.
        public let time: String?
        public let note: String?
    }

    public struct Locality: Codable, Sendable, Equatable {
        public let slug: String
        public let name: String
        public let url: String
        /// The locality's iCalendar feed.
        public let feed: String
        public let address: [String]
        public let region: String?
        public let country: String?
        public let latitude: Double?
        public let longitude: Double?
        public let timeZone: String?
        public let services: [Service]
        public let photo: String?
        public let phone: String?
        public let descriptionHTML: String
        /// Map service name → link (Apple Maps, Google Maps, OpenStreetMap, `geo:`).
        public let mapLinks: [String: String]
    }

    public let schemaVersion: Int
    public let localities: [Locality]
}
