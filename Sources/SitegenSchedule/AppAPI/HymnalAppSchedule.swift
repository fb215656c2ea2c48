import Foundation

/// The Hymnal app's schedule and localities, typed as the app reads them
/// (`ScheduleLine.init(dictionary:)`, `Locality.init(dictionary:)` in jemartti/Hymnal): the
/// keys it force-casts (`as!`) are non-optional here, so a file without one cannot be made; the
/// others are optional and left out when the site has nothing for them.
public enum HymnalAppSchedule {
    /// One day of the app's schedule list (`dateString` and `isSunday` force-cast).
    public struct Line: Codable, Sendable, Equatable {
        public let dateString: String
        public let isSunday: Bool
        /// "Travel", "Arrive", "Rest" as the app's data spelled them; absent on a meeting day.
        public let status: String?
        public let comment: String?
        /// Key into `localities`: the app opens the locality only when it is there.
        public let locality: String?
        public let localityPretty: String?
        public let with: [String]?
        public let AM: Bool?
        public let PM: Bool?
    }

    /// A locality (`name` and the three contact fields force-cast).
    public struct Place: Codable, Sendable, Equatable {
        public let name: String
        public let contactName: String
        public let contactPhone: String
        public let contactEmail: String
        public let photoURL: String?
        public let locationAddress: [String]?
        public let locationLatitude: Double?
        public let locationLongitude: Double?
        public let mailingAddress: [String]?
        public let churchPhone: String?
    }

    /// What `GET …/schedule` returned: the lines and every locality they may name.
    public struct Response: Codable, Sendable, Equatable {
        public let schedule: [Line]
        public let localities: [String: Place]
    }

    /// The app's status words (hymnal-server's data/schedule.json).
    static func status(_ status: Event.Status) -> String? {
        switch status {
        case .meeting: nil
        case .travel: "Travel"
        case .arrive: "Arrive"
        case .rest: "Rest"
        }
    }

    /// The mission schedule's days from the build's date on, in date order: one-off events (the
    /// teams' meetings, travel, arrival and rest days), not the congregations' repeating services,
    /// which the app never listed.
    public static func lines(_ schedule: Schedule, asOf: CalendarDate) -> [Line] {
        schedule.events.filter { $0.recurrence == nil && $0.date >= asOf }.map { line($0, schedule: schedule) }
    }

    static func line(_ e: Event, schedule: Schedule) -> Line {
        let meeting = e.status == .meeting
        let place = schedule.locality(e.locality)
        let starts = e.sessions.map(\.start.minutes)
        let noon = 12 * 60
        return Line(dateString: "\(e.date.monthName) \(e.date.day)", isSunday: e.date.weekday == 1,
                    status: status(e.status), comment: e.comment, locality: place?.slug,
                    localityPretty: meeting ? place?.name ?? e.title ?? e.category : nil,
                    with: meeting ? EventText.with(e, schedule: schedule) : nil,
                    AM: meeting && !starts.isEmpty ? starts.contains { $0 < noon } : nil,
                    PM: meeting && !starts.isEmpty ? starts.contains { $0 >= noon } : nil)
    }

    /// Every locality by its slug. The project keeps no person's contact data: `contactName` and
    /// `contactPhone` are empty, `contactEmail` the congregation's own address or empty. The
    /// photo only at the site's published address (the app downloads it; a relative or
    /// placeholder address would fail there), so the app's map shows only where one is published.
    public static func places(_ schedule: Schedule, photoURL: (String) -> String?) -> [String: Place] {
        Dictionary(uniqueKeysWithValues: schedule.localities.map { l in
            (l.slug, Place(name: l.name, contactName: "", contactPhone: "", contactEmail: l.email ?? "",
                           photoURL: l.photo.flatMap(photoURL), locationAddress: l.address.isEmpty ? nil : l.address,
                           locationLatitude: l.coordinate?.latitude, locationLongitude: l.coordinate?.longitude,
                           mailingAddress: nil, churchPhone: l.phone))
        })
    }

    /// `api/hymnal-app/schedule` and `api/hymnal-app/localities`, extension-less as the app asks
    /// for them.
    public static func files(_ schedule: Schedule, context: RenderContext) -> [OutputFile] {
        let places = places(schedule) { context.publishedURL($0) }
        let response = Response(schedule: lines(schedule, asOf: context.asOf), localities: places)
        return [OutputFile(path: HymnalAppAPI.folder + "schedule", data: HymnalAppAPI.encode(response)),
                OutputFile(path: HymnalAppAPI.folder + "localities", data: HymnalAppAPI.encode(places))]
    }
}
