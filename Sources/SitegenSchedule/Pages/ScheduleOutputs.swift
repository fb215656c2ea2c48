/// Everything this module adds to the site: pages (rendered by the pipeline), calendar
/// feeds and snapshots. Pure functions of (schedule, context).
public enum ScheduleOutputs {
    public static let allFeedPath = "schedule/all.ics"

    public static func pageSpecs(_ schedule: Schedule, context: RenderContext) -> [PageSpec] {
        [SchedulePage.spec(schedule, context: context), PrintSheet.spec(schedule, context: context),
         LocalityPages.indexSpec(schedule, context: context)] + LocalityPages.specs(schedule, context: context)
    }

    public static func feeds(_ schedule: Schedule, context: RenderContext) -> [OutputFile] {
        let feed = ScheduleFeed(schedule: schedule, asOf: context.asOf, baseURL: context.baseURL,
                                calendarName: context.config.title)
        var files = [OutputFile(path: allFeedPath, text: feed.text(for: schedule.events))]
        for locality in schedule.localities {
            let events = schedule.events.filter { $0.locality == locality.slug || $0.with.contains(locality.slug) }
            let named = ScheduleFeed(schedule: schedule, asOf: context.asOf, baseURL: context.baseURL,
                                     calendarName: "\(locality.name) · \(context.config.title)")
            files.append(OutputFile(path: locality.feedPath, text: named.text(for: events, alsoZones: locality.timeZone.map { [$0] } ?? []), source: locality.source.path))
        }
        return files
    }

    public static func snapshots(_ schedule: Schedule, context: RenderContext) throws -> [Snapshot] {
        [try ScheduleSnapshot.snapshot(schedule, context: context), try LocalitiesSnapshot.snapshot(schedule, context: context)]
    }

    /// The next few meetings for the home page.
    public static func homeValues(_ schedule: Schedule, context: RenderContext, limit: Int = 5) -> [String: Any] {
        let next = schedule.upcoming(asOf: context.asOf).prefix(limit)
        return ["upcomingMeetings": next.map { RowValues.values($0, schedule: schedule, context: context) },
                "hasUpcomingMeetings": !next.isEmpty, "scheduleURL": context.url(SchedulePage.path)]
    }
}
