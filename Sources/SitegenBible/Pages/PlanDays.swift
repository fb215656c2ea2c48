import Foundation

/// The plan's days as data for bible.js: `bible/plan/MM/days.json`, one small file per month
/// (about 20 KB, 3 KB gzipped), and the home page's "Today's readings". The pages hold the as-of
/// day (right without JavaScript); the script fetches a month's file only when it needs another
/// day: the home page when the reader's date is not the build's, a chapter page when "Mark as
/// read" should tick today's reading of that chapter.
enum PlanDays {
    struct Month: Encodable {
        let month: String
        let days: [Day]
    }

    struct Day: Encodable {
        let key: String
        let label: String
        let url: String
        let readings: [ReadingEntry]
    }

    struct ReadingEntry: Encodable {
        let id: String
        let label: String
        let column: String
        let completes: [String]
        let chapters: [String]
        let links: [Link]
        /// What "Listen" reads (listen.js): the plan page's `data-listen`, the same JSON text.
        let listen: String
    }

    struct Link: Encodable {
        let url: String
        let text: String
    }

    static func files(_ plan: ReadingPlan, context: RenderContext) -> [OutputFile] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let months = Array(Set(plan.days.map(\.month))).sorted()
        return months.compactMap { month in
            let file = Month(month: PlanPage.pad(month), days: plan.days.filter { $0.month == month }.map { day(plan, $0, context: context) })
            guard let data = try? encoder.encode(file) else { return nil }
            return OutputFile(path: Self.file(month: PlanPage.pad(month)), data: data, source: "\(BibleReader.folder)/plan.yml")
        }
    }

    static func day(_ plan: ReadingPlan, _ day: ReadingPlan.Day, context: RenderContext) -> Day {
        let label = CalendarDate(year: 2001, month: day.month, day: day.day).map { context.strings().dates.dayAndMonth($0) } ?? day.key
        return Day(key: day.key, label: label, url: context.url(PlanPage.dayPath(day)),
                   readings: day.readings.enumerated().map { index, reading in
                       let r = PlanReading(reading, id: "\(day.key)/\(index)", plan: plan, column: index)
                       return ReadingEntry(id: r.id, label: reading.label, column: r.column, completes: r.completes, chapters: r.chapters,
                                           links: r.links(context: context).map { Link(url: $0.url, text: $0.text) },
                                           listen: r.listenJSON(context: context))
                   })
    }

    /// A day's key in the plan and in the reader's ticks: `MM-DD`, as plan.yml writes it.
    static func key(month: String, day: String) -> String { month + "-" + day }
    static func key(_ date: CalendarDate) -> String { key(month: PlanPage.pad(date.month), day: PlanPage.pad(date.day)) }
    /// A month's days for bible.js: `bible/plan/MM/days.json`.
    static func file(month: String) -> String { PlanPage.path(month: month) + "days.json" }

    /// What bible.js fills with the reader's own date (`{month}`, `{day}`: two digits each) to
    /// find that day, made by the functions above, so it never re-derives them: the day's key
    /// (`day`), its month's file (`days`) and its address (`url`; its month's page is the same
    /// without the fragment), and the days of the plan's months that have no readings (`none`:
    /// 29 February in M'Cheyne's).
    static func scriptValues(_ plan: ReadingPlan?, context: RenderContext) -> TemplateObject {
        let (month, day) = ("{month}", "{day}")
        var values: TemplateObject = ["day": .text(key(month: month, day: day)), "days": .text(context.url(file(month: month))),
                                      "url": .text(context.url(PlanPage.dayPath(month: month, key: key(month: month, day: day))))]
        if let plan { values["none"] = .text(missingDays(plan).joined(separator: " ")) }
        return values
    }

    /// The days of a leap year, in the months the plan has, that the plan has no readings for.
    static func missingDays(_ plan: ReadingPlan) -> [String] {
        let months = Set(plan.days.map(\.month)), keys = Set(plan.days.map(\.key))
        return months.sorted().flatMap { month in
            (1...31).compactMap { CalendarDate(year: 2024, month: month, day: $0) }.map(key).filter { !keys.contains($0) }
        }
    }

    /// The home page's "Today's readings" for the as-of date, and where bible.js finds other days.
    static func homeValues(_ plan: ReadingPlan?, context: RenderContext) -> TemplateObject {
        guard let plan else { return [:] }
        var today: TemplateObject = ["planURL": .text(context.url(BiblePaths.plan)), "planScript": .object(scriptValues(nil, context: context)),
                                     "key": .text(key(context.asOf))]
        if let day = plan.day(for: context.asOf) {
            today.merge(PlanPage.dayValues(day, plan: plan, context: context)) { $1 }
            today["dayURL"] = .text(context.url(PlanPage.dayPath(day)))
            today["hasReadings"] = true
        }
        return ["todayReadings": .object(today)]
    }
}
