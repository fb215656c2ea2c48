/// A stay of the print sheet's main table: the days in a row on which the same team holds
/// mission meetings at the same place ("Tri-Cities, WA, Sat 23 – Sun 24 Jan, Missionary team 1"),
/// one row instead of one per day. Only one-off meeting days make visits: repeating services
/// are summarised per locality (`RegularServices`) and travel, arrival and rest days are left
/// to `/schedule/`.
struct Visit {
    /// The days, in date order; all share the fields of `Key`.
    let days: [Occurrence]
    var first: Occurrence { days[0] }
    var firstDate: CalendarDate { days[0].date }
    var lastDate: CalendarDate { days[days.count - 1].date }

    /// What the days of one visit have in common.
    private struct Key: Hashable {
        let file: String, team: String?, locality: String?, with: [String], withOthers: [String]
        let category: String, title: String?, comment: String?

        init(_ e: Event) {
            file = e.file; team = e.team; locality = e.locality; with = e.with; withOthers = e.withOthers
            category = e.category; title = e.title; comment = e.comment
        }
    }

    /// Whether an occurrence belongs in the sheet's main table.
    static func isMissionMeeting(_ o: Occurrence) -> Bool {
        o.event.status == .meeting && o.event.recurrence == nil
    }

    /// The visits of `occurrences` (in reading order), ordered by first day and then as read.
    static func visits(_ occurrences: [Occurrence]) -> [Visit] {
        var groups: [[Occurrence]] = []
        var open: [Key: Int] = [:]
        for o in occurrences where isMissionMeeting(o) {
            let key = Key(o.event)
            if let index = open[key], let last = groups[index].last?.date,
               last == o.date || last.adding(days: 1) == o.date {
                groups[index].append(o)
            } else {
                open[key] = groups.count
                groups.append([o])
            }
        }
        // Groups are made in order of their first day, which is the order wanted.
        return groups.map(Visit.init)
    }
}
