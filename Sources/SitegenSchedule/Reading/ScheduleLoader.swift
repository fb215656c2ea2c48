/// The read stage of this module: localities first (events are checked against them), then
/// every schedule file.
public enum ScheduleLoader {
    /// Templates the schedule and locality pages need.
    public static let templates = ["schedule", "schedule-print", "localities", "locality"]

    public static func load(content: SourceTree, diagnostics: Diagnostics) async -> Schedule {
        let localities = await LocalityReader.read(content: content, diagnostics: diagnostics)
        let events = await ScheduleReader.read(content: content, localities: localities, diagnostics: diagnostics)
        return Schedule(localities: localities, events: events)
    }
}
