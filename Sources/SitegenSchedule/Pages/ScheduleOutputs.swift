/// Everything this module adds to the site: pages (rendered by the pipeline), calendar
/// feeds and snapshots. Pure functions of (schedule, context); their pieces are queries of the
/// context's engine (`SchedulePieces`), which only remembers them, never changes what is made.
public enum ScheduleOutputs {
    public static let allFeedPath = "schedule/all.ics"

    public static func pageSpecs(_ schedule: Schedule, context: RenderContext) -> [PageSpec] {
        [SchedulePage.spec(schedule, context: context), PrintSheet.spec(schedule, context: context),
         LocalityPages.indexSpec(schedule, context: context)] + LocalityPages.specs(schedule, context: context)
            + CalendarPages.specs(schedule, context: context)
    }

    public static func feeds(_ schedule: Schedule, context: RenderContext) -> [OutputFile] {
        let words = ScheduleWords(context.strings())
        let feed = ScheduleFeed(schedule: schedule, asOf: context.asOf, baseURL: context.baseURL,
                                calendarName: context.config.title, words: words)
        var files = [OutputFile(path: allFeedPath, text: feed.text(for: schedule.events, alsoZones: [], queries: context.queries))]
        let byLocality = eventsByLocality(schedule)
        for locality in schedule.localities {
            let named = ScheduleFeed(schedule: schedule, asOf: context.asOf, baseURL: context.baseURL,
                                     calendarName: "\(locality.name) · \(context.config.title)", words: words)
            let text = named.text(for: byLocality[locality.slug] ?? [], alsoZones: locality.timeZone.map { [$0] } ?? [], queries: context.queries,
                                  services: named.serviceVEvents(locality))
            files.append(OutputFile(path: locality.feedPath, text: text, source: locality.source.path))
        }
        // "Add to calendar" for one meeting: its own entries (same UIDs as in the feeds, so a
        // calendar that also subscribes keeps one copy).
        let single = ScheduleFeed(schedule: schedule, asOf: context.asOf, baseURL: context.baseURL, calendarName: nil, words: words)
        for event in schedule.events {
            files.append(OutputFile(path: eventFeedPath(event), text: single.text(for: [event], alsoZones: [], queries: context.queries),
                                    source: event.source.path))
        }
        // A repeating service's row adds that one date; the series is its own link.
        for o in SchedulePieces.upcoming(schedule, context: context) where o.event.recurrence != nil {
            files.append(OutputFile(path: occurrenceFeedPath(o), text: single.text(for: o), source: o.event.source.path))
        }
        return files
    }

    /// `schedule/events/congregations/aberdeen-communion/2027-01-03.ics`: one date of a repeating event.
    public static func occurrenceFeedPath(_ o: Occurrence) -> String {
        "schedule/events/\(o.event.file)/\(o.event.id)/\(o.date).ics"
    }

    /// The link a row's "Add to calendar" takes: its own date's file for a repeating event.
    static func occurrenceFeedURL(_ o: Occurrence, context: RenderContext) -> String {
        guard o.event.recurrence != nil else { return eventFeedURL(o.event, context: context) }
        return context.url("schedule/events/\(Escape.urlComponent(o.event.file))/\(o.event.id)/\(o.date).ics")
    }

    /// `schedule/events/winter-2027/2027-01-23-tricities.ics`: one event's calendar file.
    public static func eventFeedPath(_ event: Event) -> String {
        "schedule/events/\(event.file)/\(event.id).ics"
    }

    /// Its link: the file part percent-encoded (a schedule file may be named `Spring 2027.yml`;
    /// the id is a slug already).
    static func eventFeedURL(_ event: Event, context: RenderContext) -> String {
        context.url("schedule/events/\(Escape.urlComponent(event.file))/\(event.id).ics")
    }

    /// A feed's address for subscribing (`webcal://`), so a calendar app keeps following later
    /// changes; nil while the site has no published http(s) address (`RenderContext.publishedURL`):
    /// then the page's Subscribe link is made by `site.js` from the address it was served from.
    public static func subscribeURL(_ feedPath: String, context: RenderContext) -> String? {
        guard let url = context.publishedURL(feedPath) else { return nil }
        for scheme in ["https://", "http://"] where url.hasPrefix(scheme) {
            return "webcal://" + url.dropFirst(scheme.count)
        }
        return nil
    }

    /// The meetings each locality hosts or joins, in schedule order (one pass, not one per
    /// locality). A team's travel, arrival or rest day is not a meeting there.
    static func eventsByLocality(_ schedule: Schedule) -> [String: [Event]] {
        var result: [String: [Event]] = [:]
        for event in schedule.events where event.status == .meeting {
            for slug in event.localitySlugs { result[slug, default: []].append(event) }
        }
        return result
    }

    public static func snapshots(_ schedule: Schedule, context: RenderContext) throws -> [Snapshot] {
        [try ScheduleSnapshot.snapshot(schedule, context: context),
         try LocalitiesSnapshot.snapshot(schedule, context: context)]
    }

    /// The next few meetings for the home page, and the next visits of the mission teams.
    public static func homeValues(_ schedule: Schedule, context: RenderContext, limit: Int = 5) -> TemplateObject {
        let upcoming = SchedulePieces.upcoming(schedule, context: context)
        let next = upcoming.prefix(limit)
        return ["upcomingMeetings": .list(next.map { SchedulePieces.row($0, schedule: schedule, context: context) }),
                "hasUpcomingMeetings": .flag(!next.isEmpty), "scheduleURL": .text(context.url(SchedulePage.path)),
                "calendarURL": .text(context.url(CalendarPages.path))]
            .merging(MissionVisits.values(schedule, upcoming: upcoming, context: context)) { $1 }
    }
}
