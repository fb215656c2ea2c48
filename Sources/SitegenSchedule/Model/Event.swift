import Foundation

/// One entry of a schedule file: a meeting day, a service or a travel/rest day, possibly
/// repeating. Times are local to `timeZone`. Equatable so that a rebuild can tell an event
/// that did not change (and reuse what was made from it).
public struct Event: Sendable, Equatable {
    /// What the day is, from the travelling team's point of view.
    public enum Status: String, Sendable, CaseIterable, Codable {
        case meeting, travel, arrive, rest
        public var label: String {
            switch self {
            case .meeting: "Meeting"
            case .travel: "Travel day"
            case .arrive: "Arrival"
            case .rest: "Rest day"
            }
        }
    }

    public struct Session: Sendable, Hashable {
        /// "Morning", "Evening", "Communion" …
        public let name: String
        public let start: LocalTime
        public let end: LocalTime
    }

    /// The category of a meeting whose file names none, in English; a site in another language
    /// says its table's `category.meeting` (`Schedule.naming`).
    public static let defaultCategory = "Mission meeting"

    /// Unique within its file; with the file name it forms the calendar UID.
    public let id: String
    /// Schedule file stem, e.g. `winter-2027` (also the "schedule" a row belongs to).
    public let file: String
    public let title: String?
    /// As the file wrote it, else the day's default: the table's `category.meeting` for a
    /// meeting, its `status.*` word for a travel, arrival or rest day (`Schedule.naming`).
    public internal(set) var category: String
    /// The file named the category (`category:`); else it is the default, in the site's language.
    public let categoryGiven: Bool
    public let status: Status
    public let team: String?
    /// Slug of the locality that hosts it; nil for a travel day between places.
    public let locality: String?
    /// Slugs of localities joining.
    public let with: [String]
    /// Places joining that have no locality page (written as text).
    public let withOthers: [String]

    /// The localities whose feed and page list this event: its host, then those joining, each once.
    public var localitySlugs: [String] {
        var slugs = locality.map { [$0] } ?? []
        for slug in with where !slugs.contains(slug) { slugs.append(slug) }
        return slugs
    }
    public let date: CalendarDate
    /// Empty for an all-day entry (travel/rest days).
    public let sessions: [Session]
    public let comment: String?
    public let recurrence: Recurrence?
    /// Resolved zone: the event's own `time_zone`, else its locality's, else nil (all-day only).
    public let timeZone: TimeZone?
    public let source: SourceLocation

    /// Stable calendar identity: never derived from position or build time.
    public var uid: String { "\(file)/\(id)" }

    /// All the dates the event happens on, from its first date up to and including `last`.
    public func dates(through last: CalendarDate) -> [CalendarDate] {
        guard let recurrence else { return date <= last ? [date] : [] }
        return recurrence.dates(from: date, through: last)
    }
}
