/// `/schedule/print/`: the sheet for the notice board. The mission meetings as one compact table
/// (a row per visit, see `Visit`), the repeating services summarised once per locality
/// (`RegularServices`); travel, arrival and rest days are left to `/schedule/`. Notes go under
/// the place (few visits have one: a column of their own would be mostly empty), and the Team
/// column is left out when no visit has a team. `assets/schedule-print.js` applies the
/// `/schedule/` filters passed in the query string; without it the sheet is complete.
public enum PrintSheet {
    public static let path = "schedule/print/"
    /// The sheet printed to PDF by `sitegen print-sheet` (or `build --print-sheet`): US Letter and A4.
    public static let pdfLetterPath = "schedule/meetings.pdf"
    public static let pdfA4Path = "schedule/meetings-a4.pdf"

    public static func spec(_ schedule: Schedule, context: RenderContext) -> PageSpec {
        let upcoming = SchedulePieces.upcoming(schedule, context: context)
        let window = context.asOf...context.asOf.adding(days: Schedule.windowDays)
        let visits = Visit.visits(upcoming)
        let words = ScheduleWords(context.strings())
        let services = RegularServices.byLocality(upcoming, schedule: schedule, words: words)
        let teamColumn = visits.contains { $0.first.event.team != nil }
        var values: TemplateObject = [
            "months": .list(months(visits, schedule: schedule, words: words)),
            "hasVisits": .flag(!visits.isEmpty),
            "teamColumn": .flag(teamColumn), "columnCount": .number(teamColumn ? 4 : 3),
            "services": .list(services.map { group -> TemplateValue in
                ["name": .text(group.name),
                 "items": .list(group.weekly.map { weeklyValues($0, slug: group.slug ?? "", window: window, words: words) }
                     + group.services.map { serviceValues($0, schedule: schedule, window: window, words: words) })]
            }),
            "hasServices": .flag(!services.isEmpty),
            "isEmpty": .flag(visits.isEmpty && services.isEmpty),
            "range": .text("\(context.strings().longDate(window.lowerBound)) – \(context.strings().longDate(window.upperBound))"),
            "generated": .text(context.strings().longDate(context.asOf)),
            "scheduleURL": .text(context.url(SchedulePage.path)),
            "filterScriptURL": .text(context.url("assets/schedule-filter.js")),
            "printScriptURL": .text(context.url("assets/schedule-print.js")),
        ]
        // Printed on paper: the published address; without one the template shows the path,
        // and site.js writes the address the sheet was served from before it.
        if let address = context.publishedURL(SchedulePage.path) { values["scheduleAddress"] = .text(address) }
        return PageSpec(path: path, template: "schedule-print", title: context.strings()["meetingsSchedule"],
                        description: context.strings()["description.printSheet"], values: values)
    }

    /// The visits grouped by the month they start in: a heading row per month.
    static func months(_ visits: [Visit], schedule: Schedule, words: ScheduleWords) -> [TemplateValue] {
        SchedulePage.byMonth(visits, date: \.firstDate).map { first, items in
            ["name": .text(words.table.monthAndYear(first)), "rows": .list(items.map { visitValues($0, schedule: schedule, words: words) })]
        }
    }

    static func visitValues(_ visit: Visit, schedule: Schedule, words: ScheduleWords) -> TemplateValue {
        let event = visit.first.event
        let place = schedule.locality(event.locality)?.name
        let with = EventText.with(event, schedule: schedule)
        let detail = event.title ?? (!event.categoryGiven && event.status == .meeting ? "" : event.category)
        let dates = dateRange(visit.firstDate, visit.lastDate, words: words.table)
        let comment = printedComment(event)
        return [
            "from": .text(visit.firstDate.description), "to": .text(visit.lastDate.description),
            "localitySlug": .text(event.locality ?? ""), "category": .text(event.category),
            "teamGroup": .text(event.team ?? SchedulePage.noTeam),
            "datesStart": .text(dates.start), "datesEnd": .text(dates.end ?? ""), "hasDatesEnd": .flag(dates.end != nil),
            "place": .text(place ?? event.title ?? event.category),
            "detail": .text(detail == place ? "" : detail), "hasDetail": .flag(!detail.isEmpty && detail != place),
            "with": .text(with.joined(separator: ", ")), "hasWith": .flag(!with.isEmpty),
            "meetings": .list(meetings(visit, words: words)),
            "team": .text(event.team ?? ""), "comment": .text(comment ?? ""), "hasComment": .flag(comment != nil),
        ]
    }

    /// The note the notice board shows: none when the build flagged it as left over from an old
    /// schedule (it names a year before the event's), since a stale note printed is worse than none.
    static func printedComment(_ event: Event) -> String? {
        guard let comment = event.comment, PastYears.named(in: comment, before: event.date.year).isEmpty else { return nil }
        return comment
    }

    /// "Sat 23 – Sun 24 Jan", "Sat 30 Jan – Mon 1 Feb", "Sat 23 Jan" (start, end).
    static func dateRange(_ first: CalendarDate, _ last: CalendarDate, words: StringTable) -> (start: String, end: String?) {
        if first == last { return (words.shortDate(first), nil) }
        // Within one month the first day does not repeat it: "Sat 23 – Sun 24 Jan".
        if first.month == last.month && first.year == last.year { return (words.dates.weekdayAndDay(first), words.shortDate(last)) }
        return (words.shortDate(first), words.shortDate(last))
    }

    /// One line per run of days with the same sessions: "Fri–Sat" + ["10 am–12 noon", "7–9 pm"],
    /// "Sun" + ["11 am–12:30 pm"]; no day label for a one-day visit; "Times to be announced"
    /// when no day has any.
    static func meetings(_ visit: Visit, words: ScheduleWords) -> [TemplateValue] {
        let timed = visit.days.filter { !$0.event.sessions.isEmpty }
        guard !timed.isEmpty else { return [["days": "", "hasDays": false, "ranges": ranges([words.table["timesTBA"]])]] }
        var runs: [[Occurrence]] = []
        for day in timed {
            if let last = runs.last?.last, last.event.sessions == day.event.sessions, last.date.adding(days: 1) == day.date {
                runs[runs.count - 1].append(day)
            } else {
                runs.append([day])
            }
        }
        return runs.map { run in
            let first = run[0].date, last = run[run.count - 1].date
            let days = visit.days.count == 1 ? "" : run.count == 1 ? words.weekdayShort(first.weekday) : words.dayRun(first, last)
            return ["days": .text(days), "hasDays": .flag(!days.isEmpty), "ranges": ranges(run[0].event.sessions.map(words.range))]
        }
    }

    /// Each time range with the ", " before it (none before the first): the template keeps a range
    /// on one line and lets the line break after a comma.
    static func ranges(_ texts: [String]) -> TemplateValue {
        .list(texts.enumerated().map { ["separator": .text($0.offset == 0 ? "" : ", "), "text": .text($0.element)] })
    }

    /// A locality's weekly service: every week of the sheet's window.
    static func weeklyValues(_ service: Locality.Service, slug: String, window: ClosedRange<CalendarDate>,
                             words: ScheduleWords) -> TemplateValue {
        ["text": .text(WeeklyServices.text(service, words: words)), "from": .text(window.lowerBound.description),
         "to": .text(window.upperBound.description), "localitySlug": .text(slug), "category": .text(service.name),
         "teamGroup": .text(SchedulePage.noTeam)]
    }

    static func serviceValues(_ service: RegularServices.Service, schedule: Schedule,
                              window: ClosedRange<CalendarDate>, words: ScheduleWords) -> TemplateValue {
        let event = service.event
        let text = RegularServices.text(service, schedule: schedule, window: window, words: words)
        return ["text": .text(text), "from": .text(service.dates[0].description),
                "to": .text(service.dates[service.dates.count - 1].description),
                "localitySlug": .text(event.locality ?? ""), "category": .text(event.category),
                "teamGroup": .text(event.team ?? SchedulePage.noTeam)]
    }
}
