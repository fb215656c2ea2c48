import Foundation

/// A congregation and the place it meets, from `Content/localities/<slug>.md`. Equatable so
/// that a rebuild can tell whether what events are checked against (and show) changed.
public struct Locality: Sendable, Equatable {
    public struct Coordinate: Sendable, Hashable {
        public let latitude: Double
        public let longitude: Double

        /// Nil unless both values are on the globe (WGS 84 degrees).
        public init?(latitude: Double, longitude: Double) {
            guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude),
                  (-180...180).contains(longitude) else { return nil }
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// A regular service ("Sunday service, Sunday 11:00").
    public struct Service: Sendable, Hashable {
        public let name: String
        /// 1 = Sunday … 7 = Saturday.
        public let weekday: Int
        public let time: LocalTime?
        public let note: String?
    }

    /// The file name without extension: the locality's id in schedules and URLs.
    public let slug: String
    public let name: String
    /// Street address lines as written on an envelope.
    public let address: [String]
    /// State or province code ("MN", "BC"); the localities index is grouped by it.
    public let region: String?
    public let country: String?
    public let coordinate: Coordinate?
    /// IANA zone the locality's meeting times are in; nil when unknown (then no timed event may use it).
    public let timeZone: TimeZone?
    public let services: [Service]
    /// Path below `Content/static/` of a photo of the meeting place.
    public let photo: String?
    public let photoAlt: String?
    /// The congregation's own telephone number and e-mail address (never a person's).
    public let phone: String?
    public let email: String?
    /// Markdown description (the file's body).
    public let description: String
    public let source: SourceLocation
    /// The file's line the description starts at (after the front matter), for its link errors.
    public var descriptionFirstLine = 1

    /// `Aberdeen, SD`'s page: `localities/aberdeen/`.
    public var sitePath: String { "localities/\(slug)/" }
    public var feedPath: String { "localities/\(slug).ics" }
}
