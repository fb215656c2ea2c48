/// `api/v1/schedule.json` (schema `schedule`): the meetings from the as-of date through the
/// window, expanded (`occurrences`), and the rules they came from (`events`).
public struct ScheduleFile: Codable, Sendable, Hashable {
    /// A session's name and times: `HH:MM` in an event, ISO 8601 with the day's offset in an
    /// occurrence.
    public struct Session: Codable, Sendable, Hashable {
        public let name: String
        public let start: String
        public let end: String

        public init(name: String, start: String, end: String) {
            (self.name, self.start, self.end) = (name, start, end)
        }
    }

    public struct Rule: Codable, Sendable, Hashable {
        public let frequency: String
        public let interval: Int
        public let on: String?
        public let until: String?
        public let count: Int?
        public let except: [String]
        public let rrule: String

        public init(frequency: String, interval: Int, on: String?, until: String?, count: Int?, except: [String], rrule: String) {
            (self.frequency, self.interval, self.on, self.until) = (frequency, interval, on, until)
            (self.count, self.except, self.rrule) = (count, except, rrule)
        }
    }

    public struct Event: Codable, Sendable, Hashable {
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
        /// Local wall-clock times `HH:MM`.
        public let sessions: [Session]
        public let comment: String?
        public let recurrence: Rule?

        public init(uid: String, title: String, category: String, status: String, team: String?, locality: String?,
                    with: [String], withOthers: [String], date: String, timeZone: String?, sessions: [Session],
                    comment: String?, recurrence: Rule?) {
            (self.uid, self.title, self.category, self.status, self.team, self.locality) = (uid, title, category, status, team, locality)
            (self.with, self.withOthers, self.date, self.timeZone) = (with, withOthers, date, timeZone)
            (self.sessions, self.comment, self.recurrence) = (sessions, comment, recurrence)
        }
    }

    public struct Occurrence: Codable, Sendable, Hashable {
        public let uid: String
        public let date: String
        public let title: String
        public let category: String
        public let status: String
        public let team: String?
        public let locality: String?
        /// Names of the places joining.
        public let with: [String]
        /// ISO 8601 with the UTC offset in force on that day (daylight saving included).
        public let sessions: [Session]
        public let comment: String?

        public init(uid: String, date: String, title: String, category: String, status: String, team: String?,
                    locality: String?, with: [String], sessions: [Session], comment: String?) {
            (self.uid, self.date, self.title, self.category, self.status) = (uid, date, title, category, status)
            (self.team, self.locality, self.with, self.sessions, self.comment) = (team, locality, with, sessions, comment)
        }
    }

    public struct Window: Codable, Sendable, Hashable {
        public let from: String
        public let through: String
        public let days: Int

        public init(from: String, through: String, days: Int) {
            (self.from, self.through, self.days) = (from, through, days)
        }
    }

    public let schemaVersion: Int
    public let asOf: String
    public let window: Window
    public let events: [Event]
    public let occurrences: [Occurrence]

    public init(schemaVersion: Int, asOf: String, window: Window, events: [Event], occurrences: [Occurrence]) {
        (self.schemaVersion, self.asOf, self.window, self.events, self.occurrences) = (schemaVersion, asOf, window, events, occurrences)
    }

    /// The next `count` meetings on or after `date` (`YYYY-MM-DD`), in date order.
    public func next(_ count: Int, from date: String) -> [Occurrence] {
        Array(occurrences.filter { $0.date >= date }.prefix(count))
    }
}

/// `api/v1/localities.json` (schema `localities`): the congregations, where and when they meet.
public struct LocalitiesFile: Codable, Sendable, Hashable {
    public struct Service: Codable, Sendable, Hashable {
        public let name: String
        /// `Sunday` … `Saturday`.
        public let day: String
        /// `HH:MM`.
        public let time: String?
        public let note: String?

        public init(name: String, day: String, time: String?, note: String?) {
            (self.name, self.day, self.time, self.note) = (name, day, time, note)
        }
    }

    public struct Locality: Codable, Sendable, Hashable {
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

        public init(slug: String, name: String, url: String, feed: String, address: [String], region: String?,
                    country: String?, latitude: Double?, longitude: Double?, timeZone: String?, services: [Service],
                    photo: String?, phone: String?, descriptionHTML: String, mapLinks: [String: String]) {
            (self.slug, self.name, self.url, self.feed, self.address) = (slug, name, url, feed, address)
            (self.region, self.country, self.latitude, self.longitude, self.timeZone) = (region, country, latitude, longitude, timeZone)
            (self.services, self.photo, self.phone, self.descriptionHTML, self.mapLinks) = (services, photo, phone, descriptionHTML, mapLinks)
        }
    }

    public let schemaVersion: Int
    public let localities: [Locality]

    public init(schemaVersion: Int, localities: [Locality]) {
        (self.schemaVersion, self.localities) = (schemaVersion, localities)
    }
}
