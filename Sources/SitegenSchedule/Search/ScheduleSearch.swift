/// What the schedule gives the site's search: every locality (name, town, region) and every
/// upcoming meeting (place, team, date, category), each linked to its page. A month is a group
/// numbered by its year and month; a meeting's place in it is its day's run of places and, in
/// it, a place from its event's UID, so a meeting added or removed moves no other month's ids
/// and seldom another meeting's.
public enum ScheduleSearch {
    public static func contribution(_ schedule: Schedule, context: RenderContext) -> SearchContribution {
        var documents: [SearchDocument] = []
        let words = context.strings()
        let meetings = schedule.upcoming(asOf: context.asOf).filter { $0.event.status == .meeting }
        let places = Self.places(meetings)
        for (index, o) in meetings.enumerated() {
            let event = o.event
            let place = schedule.locality(event.locality)
            let month = "\(o.date.year)-\(ZonedTime.pad(o.date.month))"
            let name = event.title ?? place?.name ?? event.category
            let text = [event.title, place?.name, place?.region, event.team, event.category,
                        words.longDate(o.date), event.comment].compactMap { $0 }.joined(separator: " · ")
                + (event.withOthers.isEmpty ? "" : " · \(words["withLower"]) " + event.withOthers.joined(separator: ", "))
            documents.append(SearchDocument(kind: words["kind.meetings"], url: SchedulePage.path + "#m-\(month)",
                                            title: "\(name), \(words.longDate(o.date))", text: text, group: "schedule/\(month)",
                                            slot: places[index], groupSlot: o.date.year * 12 + o.date.month - 1))
        }
        for locality in schedule.localities {
            let text = ([locality.name] + locality.address + [locality.region, locality.country].compactMap { $0 })
                .joined(separator: " · ")
            documents.append(SearchDocument(kind: words["kind.localities"], url: locality.sitePath, title: locality.name, text: text,
                                            group: "localities", priority: 3, groupSlot: 0))
        }
        return SearchContribution(documents: documents)
    }

    /// Each meeting's place in its month: 32 places a day, and in them a place from its event's
    /// UID among the day's (the first 16 while they fit, so a day is one part file of the index);
    /// nil for a day of more than 32 (the month then numbers by position).
    static func places(_ meetings: [Occurrence]) -> [Int?] {
        let days = Dictionary(grouping: meetings.indices) { meetings[$0].date }
        var places = [Int?](repeating: nil, count: meetings.count)
        for (date, indices) in days {
            let uids = indices.map { meetings[$0].event.uid }
            guard let slots = SearchDocument.slots(forKeys: uids, width: uids.count <= 16 ? 16 : 32) else { continue }
            for i in indices { places[i] = (date.day - 1) * 32 + slots[meetings[i].event.uid]! }
        }
        return places
    }
}
