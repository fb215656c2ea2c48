/// The read stage of this module: localities first (events are checked against them), then
/// every schedule file.
public enum ScheduleLoader {
    /// Templates the schedule and locality pages need.
    public static let templates = ["schedule", "schedule-print", "schedule-calendar", "localities", "locality"]

    /// `queries` remembers what unchanged files held (a session's builds).
    public static func load(content: SourceTree, diagnostics: Diagnostics, queries: QueryEngine = QueryEngine()) async -> Schedule {
        let localities = await LocalityReader.read(content: content, diagnostics: diagnostics, queries: queries)
        let events = await ScheduleReader.read(content: content, localities: localities, diagnostics: diagnostics, queries: queries)
        reportDuplicateUIDs(events, diagnostics: diagnostics)
        return Schedule(localities: localities, events: events)
    }

    /// `a/b.yml` and `a-b.yml` would give their events the same calendar UIDs.
    static func reportDuplicateUIDs(_ events: [Event], diagnostics: Diagnostics) {
        let sorted = events.sorted { ($0.uid, $0.source) < ($1.uid, $1.source) }
        for (first, second) in zip(sorted, sorted.dropFirst()) where first.uid == second.uid {
            diagnostics.error("event '\(second.id)' has the same calendar id '\(second.uid)' as the one at \(first.source); rename one schedule file",
                              at: second.source)
        }
    }
}
