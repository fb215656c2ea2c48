/// What the schedule gives the site's search: every locality (name, town, region) and every
/// upcoming meeting (place, team, date, category), each linked to its page.
public enum ScheduleSearch {
    public static func contribution(_ schedule: Schedule, context: RenderContext) -> SearchContribution {
        var documents: [SearchDocument] = []
        let words = context.strings()
        for o in schedule.upcoming(asOf: context.asOf) where o.event.status == .meeting {
            let event = o.event
            let place = schedule.locality(event.locality)
            let month = "\(o.date.year)-\(ZonedTime.pad(o.date.month))"
            let name = event.title ?? place?.name ?? event.category
            let text = [event.title, place?.name, place?.region, event.team, event.category,
                        words.longDate(o.date), event.comment].compactMap { $0 }.joined(separator: " · ")
                + (event.withOthers.isEmpty ? "" : " · \(words["withLower"]) " + event.withOthers.joined(separator: ", "))
            documents.append(SearchDocument(kind: words["kind.meetings"], url: SchedulePage.path + "#m-\(month)",
                                            title: "\(name), \(words.longDate(o.date))", text: text, group: "schedule/\(month)"))
        }
        for locality in schedule.localities {
            let text = ([locality.name] + locality.address + [locality.region, locality.country].compactMap { $0 })
                .joined(separator: " · ")
            documents.append(SearchDocument(kind: words["kind.localities"], url: locality.sitePath, title: locality.name, text: text,
                                            group: "localities", priority: 3))
        }
        return SearchContribution(documents: documents)
    }
}
