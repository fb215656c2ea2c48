/// The pieces the schedule's pages, feeds and snapshots are assembled from (an event's
/// calendar entries, an occurrence's row, a zone's definition…), each remembered with what it
/// was made from. A full build makes one per call, so that a piece several outputs share (an
/// event in `all.ics` and in its localities' feeds) is made once; the incremental build keeps
/// one for the whole session, so that an edit makes again only the pieces of changed events.
///
/// Every piece is a pure function of its event (or zone), the localities and the build's
/// settings (as-of date, base URL, site title, raw HTML in Markdown). All pieces are dropped when the localities or
/// the settings differ from the last build's, and a piece is used only while its event is
/// equal to the one it was made from; so pieces made by a build that failed are still right.
///
/// Not thread-safe: one build uses it at a time (the schedule's outputs are made on one task).
public final class ScheduleParts {
    /// What every piece depends on besides its own event.
    private struct Basis: Equatable {
        let asOf: CalendarDate
        let baseURL: String
        let title: String
        let allowRawHTML: Bool
        let localities: [Locality]
    }

    private var basis: Basis?
    /// The events `upcoming` and the tables were last used with.
    private var events: [Event]?
    private var upcomingOccurrences: [Occurrence]?

    /// Feed text (folded, CRLF-terminated lines) of an event's VEVENTs, by UID.
    var eventFeedTexts = KeyedValues<Event, String>()
    /// An event's record in `schedule.json`, by UID.
    var eventRecords = KeyedValues<Event, Data>()
    /// An occurrence's template row and `schedule.json` record, by `<UID> <date>`.
    var rows = KeyedValues<Event, TemplateValue>()
    var occurrenceRecords = KeyedValues<Event, Data>()
    /// VTIMEZONE text by `<zone id> <first year>-<last year>`: the zone rules do not change.
    var zoneTexts: [String: String] = [:]
    /// A locality's description as HTML, by slug.
    var descriptions: [String: String] = [:]
    var localitiesSnapshot: Snapshot?

    public init() {}

    /// Forgets the pieces that no longer hold: all of them when the localities or the settings
    /// differ, those of events that are gone when the events differ.
    func prepare(_ schedule: Schedule, context: RenderContext) {
        let now = Basis(asOf: context.asOf, baseURL: context.baseURL, title: context.config.title,
                        allowRawHTML: context.markdown.allowRawHTML, localities: schedule.localities)
        if basis != now {
            basis = now
            events = nil
            eventFeedTexts.removeAll()
            eventRecords.removeAll()
            rows.removeAll()
            occurrenceRecords.removeAll()
            descriptions = [:]
            localitiesSnapshot = nil
        }
        guard events != schedule.events else { return }
        events = schedule.events
        upcomingOccurrences = nil
        let live = Set(schedule.events.map(\.uid))
        eventFeedTexts.keep { live.contains($0.uid) }
        eventRecords.keep { live.contains($0.uid) }
        rows.keep { live.contains($0.uid) }
        occurrenceRecords.keep { live.contains($0.uid) }
    }

    /// `schedule.upcoming(asOf:)`, made once per set of events.
    func upcoming(_ schedule: Schedule, context: RenderContext) -> [Occurrence] {
        prepare(schedule, context: context)
        if let upcomingOccurrences { return upcomingOccurrences }
        let made = schedule.upcoming(asOf: context.asOf)
        upcomingOccurrences = made
        return made
    }

    /// The template values of an occurrence (`RowValues`).
    func row(_ o: Occurrence, schedule: Schedule, context: RenderContext) -> TemplateValue {
        rows.value("\(o.event.uid) \(o.date)", for: o.event) { RowValues.values(o, schedule: schedule, context: context) }
    }

    func description(_ locality: Locality, context: RenderContext) -> String {
        if let known = descriptions[locality.slug] { return known }
        let html = context.markdown.render(locality.description)
        descriptions[locality.slug] = html
        return html
    }
}

import Foundation
