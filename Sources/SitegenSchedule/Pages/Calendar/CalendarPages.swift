/// `/schedule/calendar/YYYY-MM/`: the schedule's window a month at a time, as a wall planner
/// (`MonthGrid`), and `/schedule/calendar/`, the as-of month (its script moves a reader to
/// today's month when the build is older). Each page has the grid, the month's days as a plain
/// list below it (what a day's link goes to without JavaScript), previous/next and a month picker;
/// printed, it is one landscape sheet (`assets/calendar.css`, `sitegen print-sheet --month`).
public enum CalendarPages {
    public static let path = "schedule/calendar/"

    public static func monthPath(_ month: MonthGrid.Month) -> String { "\(path)\(month)/" }

    /// The window's months, each with its grid, from the occurrences `schedule.json` lists.
    public static func grids(_ schedule: Schedule, context: RenderContext) -> [MonthGrid] {
        let upcoming = SchedulePieces.upcoming(schedule, context: context)
        let window = context.asOf...context.asOf.adding(days: Schedule.windowDays)
        let firstWeekday = context.strings().dates.firstWeekday
        return MonthGrid.Month.covering(window).map { MonthGrid($0, occurrences: upcoming, window: window, firstWeekday: firstWeekday) }
    }

    public static func specs(_ schedule: Schedule, context: RenderContext) -> [PageSpec] {
        let grids = grids(schedule, context: context)
        guard let current = grids.first else { return [] }
        let shared = sharedValues(schedule, grids: grids, context: context)
        let pages = grids.map { spec($0, path: monthPath($0.month), grids: grids, shared: shared, schedule: schedule, context: context) }
        var entry = spec(current, path: path, grids: grids, shared: shared, schedule: schedule, context: context)
        entry.values["isEntry"] = true
        return [entry] + pages
    }

    /// What every month's page shows alike: the filters' choices (the whole window's, so a
    /// filter carried from month to month always has its option), the window and the links.
    static func sharedValues(_ schedule: Schedule, grids: [MonthGrid], context: RenderContext) -> TemplateObject {
        let upcoming = SchedulePieces.upcoming(schedule, context: context)
        let words = context.strings()
        let last = context.asOf.adding(days: Schedule.windowDays)
        var values = SchedulePage.filterOptions(upcoming, schedule: schedule, words: words)
        values["withoutDates"] = true   // a month is its own range of dates
        values["weekdays"] = .list(weekdays(words))
        values["from"] = .text(words.longDate(context.asOf))
        values["through"] = .text(words.longDate(last))
        values["asOf"] = .text(context.asOf.description)
        values["scheduleURL"] = .text(context.url(SchedulePage.path))
        values["printURL"] = .text(context.url(PrintSheet.path))
        values["styleURL"] = .text(context.url("assets/calendar.css"))
        values["filterScriptURL"] = .text(context.url("assets/schedule-filter.js"))
        values["scriptURL"] = .text(context.url("assets/calendar.js"))
        return values
    }

    static func spec(_ grid: MonthGrid, path: String, grids: [MonthGrid], shared: TemplateObject, schedule: Schedule,
                     context: RenderContext) -> PageSpec {
        let words = context.strings()
        let name = words.monthAndYear(grid.month.first)
        let index = grids.firstIndex { $0.month == grid.month }!
        let entries = grid.busyDays.reduce(0) { $0 + $1.occurrences.count }
        var values = shared
        values["month"] = .text(grid.month.description)
        values["monthName"] = .text(name)
        values["weeks"] = .list(grid.weeks.map { week in ["days": .list(week.map { dayValues($0, schedule: schedule, context: context) })] })
        values["days"] = .list(grid.busyDays.map { day in
            ["iso": .text(day.date.description), "heading": .text(words.longDate(day.date)),
             "rows": .list(day.occurrences.map { SchedulePieces.row($0, schedule: schedule, context: context) })]
        })
        values["count"] = .number(entries)
        values["isEmpty"] = .flag(entries == 0)
        values["density"] = .text(density(grid))
        values["months"] = .list(grids.map { other in
            ["url": .text(context.url(monthPath(other.month))), "label": .text(words.monthAndYear(other.month.first)),
             "month": .text(other.month.description), "current": .flag(other.month == grid.month)]
        })
        if index > 0 { values["previous"] = link(grids[index - 1].month, context: context) }
        if index + 1 < grids.count { values["next"] = link(grids[index + 1].month, context: context) }
        // Printed on paper: the published address of this month; without one the template shows the
        // path, and site.js writes the address it was served from, never a loopback one.
        if let address = context.publishedURL(monthPath(grid.month)) { values["address"] = .text(address) }
        values["monthURL"] = .text(context.url(monthPath(grid.month)))
        return PageSpec(path: path, template: "schedule-calendar", title: words.format("calendarTitle", ["month": name]),
                        description: words.format("description.calendar", ["month": name]), values: values)
    }

    static func link(_ month: MonthGrid.Month, context: RenderContext) -> TemplateValue {
        ["url": .text(context.url(monthPath(month))), "label": .text(context.strings().monthAndYear(month.first)),
         "month": .text(month.description)]
    }

    /// The column heads from the first weekday on: the short name shown, the long one for the ear.
    static func weekdays(_ words: StringTable) -> [TemplateValue] {
        let first = words.dates.firstWeekday
        return (0..<7).map { offset in
            let number = (first - 1 + offset) % 7 + 1
            return ["short": .text(words.dates.shortWeekday(number)), "long": .text(words.dates.weekday(number)),
                    "weekend": .flag(number == 1 || number == 7)]
        }
    }

    /// A cell: nil is another month's day (an empty cell).
    static func dayValues(_ day: MonthGrid.Day?, schedule: Schedule, context: RenderContext) -> TemplateValue {
        guard let day else { return ["blank": true] }
        let words = context.strings()
        let long = words.longDate(day.date)
        let count = day.occurrences.count
        let label = count == 0 ? long : words.format(count == 1 ? "calendar.dayOne" : "calendar.dayMany", ["date": long, "count": String(count)])
        return [
            "iso": .text(day.date.description), "number": .number(day.date.day), "label": .text(label), "long": .text(long),
            "isToday": .flag(day.date == context.asOf), "outside": .flag(!day.inWindow), "hasEntries": .flag(count > 0),
            "entries": .list(day.occurrences.map { entryValues($0, schedule: schedule, context: context) }),
        ]
    }

    /// A day's entry as the grid shows it: time, place and a mark of its kind; the day's list below
    /// the grid has the rest (sessions, joining places, notes, "Add to calendar").
    static func entryValues(_ o: Occurrence, schedule: Schedule, context: RenderContext) -> TemplateValue {
        let said = ScheduleWords(context.strings())
        let event = o.event
        let locality = schedule.locality(event.locality)
        let kind = MonthGrid.kind(o)
        let times = event.sessions.map { said.time($0.start) }.joined(separator: ", ")
        let place = locality?.name ?? EventText.title(event, schedule: schedule, words: said)
        var values: TemplateObject = [
            "uid": .text(event.uid), "kind": .text(kind.rawValue), "times": .text(times), "hasTimes": .flag(!times.isEmpty),
            "place": .text(place), "category": .text(event.category), "localitySlug": .text(event.locality ?? ""),
            "teamGroup": .text(event.team ?? SchedulePage.noTeam), "team": .text(event.team ?? ""),
            "what": .text(kind == .quiet ? said.status(event.status) : event.category),
        ]
        if let locality { values["url"] = .text(context.url(locality.sitePath)) }
        return .object(values)
    }

    /// How tightly the printed month must set its days: by the most entries one day has, so the
    /// busiest month still fits one sheet and a quiet one prints large.
    static func density(_ grid: MonthGrid) -> String {
        let most = grid.busyDays.map(\.occurrences.count).max() ?? 0
        let lines = most * grid.weeks.count
        return lines <= 15 ? "roomy" : lines <= 24 ? "snug" : "tight"
    }
}
