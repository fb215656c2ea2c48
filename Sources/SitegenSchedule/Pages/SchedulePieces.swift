import Foundation
import SitegenCore

/// The pieces the schedule's pages, feeds and snapshots are put together from, each a query of
/// the engine (`RenderContext.queries`): the upcoming occurrences, an event's calendar entries
/// and `schedule.json` record, an occurrence's template row and record, a zone's definition, a
/// locality's description, `localities.json`. A piece several outputs share (an event in
/// `all.ics` and in its localities' feeds) is made once per build; a session makes again only
/// the pieces of changed events.
///
/// A piece's key holds what it is made from and compares it with `==`: its event (occurrence,
/// zone, Markdown) and the localities (an event's place, address and links come from them); it
/// hashes only its place (the event's UID). It holds the localities, not the schedule: a kept
/// piece's key would otherwise hold on to the whole schedule of the run that made it. The
/// build's settings (as-of date, base URL, title, string tables) are the engine's constants: a
/// session takes a new engine when they change.
enum SchedulePieces {
    /// `schedule.upcoming(asOf:)`, made once per set of events and localities.
    static func upcoming(_ schedule: Schedule, context: RenderContext) -> [Occurrence] {
        context.queries.value(UpcomingOccurrences(schedule: schedule, asOf: context.asOf))
    }

    /// The template values of an occurrence (`RowValues`).
    static func row(_ o: Occurrence, schedule: Schedule, context: RenderContext) -> TemplateValue {
        context.queries.value(OccurrenceRow(occurrence: o, localities: schedule.localities, context: context.settingsOnly))
    }

    /// A locality's description as HTML.
    static func description(_ locality: Locality, context: RenderContext) -> String {
        context.queries.value(MarkdownHTML(markdown: locality.description, context: context.settingsOnly))
    }
}

extension Schedule {
    /// The localities alone: all a piece reads of the schedule besides its own event.
    init(localitiesOnly localities: [Locality]) { self.init(localities: localities, events: []) }
}

extension ScheduleFeed {
    /// The feed an event's pieces are made with: its settings and localities (a piece reads no
    /// other event, and no feed's name).
    var basis: ScheduleFeed {
        ScheduleFeed(schedule: Schedule(localitiesOnly: schedule.localities), asOf: asOf, baseURL: baseURL, calendarName: nil, words: words)
    }
}

/// A piece made from one event with the localities and settings of `feed` (`ScheduleFeed.basis`):
/// compared by the event and the localities, hashed by the event's UID.
protocol EventPiece: QueryKey {
    var event: Event { get }
    var feed: ScheduleFeed { get }
}

extension EventPiece {
    static func == (a: Self, b: Self) -> Bool { a.event == b.event && a.feed.schedule.localities == b.feed.schedule.localities }
    func hash(into hasher: inout Hasher) { hasher.combine(event.uid) }
}

/// A piece made from one occurrence and the localities: compared by both, hashed by its place.
protocol OccurrencePiece: QueryKey {
    var occurrence: Occurrence { get }
    var localities: [Locality] { get }
}

extension OccurrencePiece {
    static func == (a: Self, b: Self) -> Bool { a.occurrence == b.occurrence && a.localities == b.localities }
    func hash(into hasher: inout Hasher) {
        hasher.combine(occurrence.event.uid)
        hasher.combine(occurrence.date)
    }
}

/// The whole schedule: one key of this type a run (the last run's is let go).
struct UpcomingOccurrences: QueryKey {
    typealias Value = [Occurrence]
    let schedule: Schedule
    let asOf: CalendarDate

    func compute(_ queries: Queries) -> [Occurrence] { schedule.upcoming(asOf: asOf) }

    static func == (a: Self, b: Self) -> Bool {
        a.asOf == b.asOf && a.schedule.events == b.schedule.events && a.schedule.localities == b.schedule.localities
    }
    func hash(into hasher: inout Hasher) { hasher.combine(schedule.events.count) }
}

/// An event's VEVENTs as feed text (folded, CRLF-terminated lines).
struct EventFeedText: EventPiece {
    typealias Value = String
    let event: Event
    /// `ScheduleFeed.basis`: the localities and the settings.
    let feed: ScheduleFeed

    func compute(_ queries: Queries) -> String { ICalendarText.document(feed.vevents(event)) }
}

/// A zone's VTIMEZONE for a span of years (the zone rules do not change).
struct ZoneText: QueryKey {
    typealias Value = String
    let zone: TimeZone
    let years: ClosedRange<Int>

    func compute(_ queries: Queries) -> String { ICalendarText.document(VTimeZone.lines(for: zone, years: years)) }

    static func == (a: Self, b: Self) -> Bool { a.zone.identifier == b.zone.identifier && a.years == b.years }
    func hash(into hasher: inout Hasher) {
        hasher.combine(zone.identifier)
        hasher.combine(years)
    }
}

/// An event's record in `schedule.json` (nil: it could not be encoded; the caller encodes it
/// again to report why).
struct EventRecord: EventPiece {
    typealias Value = Data?
    let event: Event
    /// `ScheduleFeed.basis`: the localities and the settings.
    let feed: ScheduleFeed

    func compute(_ queries: Queries) -> Data? {
        try? SnapshotJSON.encode(ScheduleSnapshot.record(event, schedule: feed.schedule, feed: feed))
    }
}

/// An occurrence's record in `schedule.json` (nil: it could not be encoded).
struct OccurrenceRecord: OccurrencePiece {
    typealias Value = Data?
    let occurrence: Occurrence
    let localities: [Locality]
    let words: ScheduleWords

    func compute(_ queries: Queries) -> Data? {
        try? SnapshotJSON.encode(ScheduleSnapshot.record(occurrence, schedule: Schedule(localitiesOnly: localities), words: words))
    }
}

/// An occurrence's template values (`RowValues`). The context is the engine's (settings only).
struct OccurrenceRow: OccurrencePiece {
    typealias Value = TemplateValue
    let occurrence: Occurrence
    let localities: [Locality]
    let context: RenderContext

    func compute(_ queries: Queries) -> TemplateValue {
        RowValues.values(occurrence, schedule: Schedule(localitiesOnly: localities), context: context)
    }
}

/// A locality's description (Markdown) as HTML. The context is the engine's (settings only).
struct MarkdownHTML: QueryKey {
    typealias Value = String
    let markdown: String
    let context: RenderContext

    func compute(_ queries: Queries) -> String { context.markdown.render(markdown) }

    static func == (a: Self, b: Self) -> Bool { a.markdown == b.markdown }
    func hash(into hasher: inout Hasher) { hasher.combine(markdown) }
}

/// `localities.json` (nil: it could not be encoded), made again only when the localities differ.
struct LocalitiesSnapshotFile: QueryKey {
    typealias Value = Snapshot?
    let localities: [Locality]
    let context: RenderContext

    func compute(_ queries: Queries) -> Snapshot? {
        try? LocalitiesSnapshot.snapshot(Schedule(localitiesOnly: localities), context: context) {
            queries[MarkdownHTML(markdown: $0.description, context: context)]
        }
    }

    static func == (a: Self, b: Self) -> Bool { a.localities == b.localities }
    func hash(into hasher: inout Hasher) { hasher.combine(localities.count) }
}
