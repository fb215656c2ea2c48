/// Everything the schedule pages, feeds and snapshots are made from: the localities and
/// every event of every schedule file, checked against each other.
public struct Schedule: Sendable {
    public let localities: [Locality]
    public let events: [Event]
    private let bySlug: [String: Locality]

    public init(localities: [Locality], events: [Event]) {
        self.localities = localities.sorted { $0.slug < $1.slug }
        self.events = events.sorted { ($0.date, $0.file, $0.id) < ($1.date, $1.file, $1.id) }
        self.bySlug = Dictionary(localities.map { ($0.slug, $0) }, uniquingKeysWith: { a, _ in a })
    }

    public static let empty = Schedule(localities: [], events: [])

    public func locality(_ slug: String?) -> Locality? { slug.flatMap { bySlug[$0] } }
}

extension Schedule {
    /// The schedule with the categories its files left out in `words`' language ("Reunión de
    /// misión" on a Spanish site): what its pages, filters, feeds, search and snapshots show.
    public func naming(_ words: StringTable) -> Schedule {
        guard events.contains(where: { !$0.categoryGiven }) else { return self }
        return Schedule(localities: localities, events: events.map { event in
            guard !event.categoryGiven else { return event }
            var named = event
            named.category = event.status == .meeting ? words["category.meeting"] : words["status.\(event.status.rawValue)"]
            return named
        })
    }
}
