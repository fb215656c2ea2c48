/// The words pages, print sheet and feeds use for an event, in one place so they agree.
public enum EventText {
    /// "Mission meeting · Aberdeen, SD", "Travel day", or the event's own title.
    public static func title(_ event: Event, schedule: Schedule, words: ScheduleWords) -> String {
        if let title = event.title { return title }
        let place = schedule.locality(event.locality)?.name
        switch (event.status, place) {
        case (.meeting, let place?): return "\(event.category) · \(place)"
        case (.meeting, nil): return event.category
        case (let status, let place?): return "\(words.status(status)) · \(place)"
        case (let status, nil): return words.status(status)
        }
    }

    /// Names of the localities and places joining.
    public static func with(_ event: Event, schedule: Schedule) -> [String] {
        event.with.map { schedule.locality($0)?.name ?? $0 } + event.withOthers
    }

    /// Lines for a calendar entry's description.
    public static func details(_ event: Event, schedule: Schedule, words: ScheduleWords) -> [String] {
        var lines: [String] = []
        if event.status != .meeting { lines.append(words.status(event.status)) }
        for s in event.sessions { lines.append("\(s.name): \(words.range(s))") }
        let joining = with(event, schedule: schedule)
        if !joining.isEmpty { lines.append(words.table.format("ics.with", ["names": joining.joined(separator: ", ")])) }
        if let team = event.team { lines.append(words.table.format("ics.team", ["team": team])) }
        if let comment = event.comment { lines.append(comment) }
        if let r = event.recurrence { lines.append(words.repeats(r)) }
        return lines
    }
}
