/// The words pages, print sheet and feeds use for an event, in one place so they agree.
public enum EventText {
    /// "Mission meeting · Aberdeen, SD", "Travel day", or the event's own title.
    public static func title(_ event: Event, schedule: Schedule) -> String {
        if let title = event.title { return title }
        let place = schedule.locality(event.locality)?.name
        switch (event.status, place) {
        case (.meeting, let place?): return "\(event.category) · \(place)"
        case (.meeting, nil): return event.category
        case (let status, let place?): return "\(status.label) · \(place)"
        case (let status, nil): return status.label
        }
    }

    /// Names of the localities and places joining.
    public static func with(_ event: Event, schedule: Schedule) -> [String] {
        event.with.map { schedule.locality($0)?.name ?? $0 } + event.withOthers
    }

    /// "10 am–12 noon, 7–9 pm" (empty for all-day entries).
    public static func sessions(_ event: Event) -> String {
        event.sessions.map(range).joined(separator: ", ")
    }

    /// "7–9 pm", "9:45–10:45 am", "11 am–12:30 pm": the suffix once when both share it.
    public static func range(_ s: Event.Session) -> String {
        let start = s.start.display, end = s.end.display
        for suffix in [" am", " pm"] where start.hasSuffix(suffix) && end.hasSuffix(suffix) {
            return "\(start.dropLast(suffix.count))–\(end)"
        }
        return "\(start)–\(end)"
    }

    /// Lines for a calendar entry's description.
    public static func details(_ event: Event, schedule: Schedule) -> [String] {
        var lines: [String] = []
        if event.status != .meeting { lines.append(event.status.label) }
        for s in event.sessions { lines.append("\(s.name): \(range(s))") }
        let joining = with(event, schedule: schedule)
        if !joining.isEmpty { lines.append("With: \(joining.joined(separator: ", "))") }
        if let team = event.team { lines.append("Team: \(team)") }
        if let comment = event.comment { lines.append(comment) }
        if let r = event.recurrence { lines.append("Repeats \(r.summary)") }
        return lines
    }
}
