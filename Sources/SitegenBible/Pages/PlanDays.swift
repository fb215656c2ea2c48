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
            return OutputFile(path: PlanPage.path(month: month) + "days.json", data: data, source: "\(BibleReader.folder)/plan.yml")
        }
    }

    static func day(_ plan: ReadingPlan, _ day: ReadingPlan.Day, context: RenderContext) -> Day {
        let label = CalendarDate(year: 2001, month: day.month, day: day.day).map { context.strings().dates.dayAndMonth($0) } ?? day.key
        return Day(key: day.key, label: label, url: context.url(PlanPage.path(month: day.month)) + "#d\(day.key)",
                   readings: day.readings.enumerated().map { index, reading in
                       let r = PlanReading(reading, id: "\(day.key)/\(index)", plan: plan, column: index)
                       return ReadingEntry(id: r.id, label: reading.label, column: r.column, completes: r.completes, chapters: r.chapters,
                                           links: r.links(context: context).map { Link(url: $0.url, text: $0.text) },
                                           listen: r.listenJSON(context: context))
                   })
    }

    /// The home page's "Today's readings" for the as-of date, and where bible.js finds other days.
    static func homeValues(_ plan: ReadingPlan?, context: RenderContext) -> TemplateObject {
        guard let plan else { return [:] }
        var today: TemplateObject = ["planURL": .text(context.url(BiblePaths.plan)), "dataBase": .text(context.url(BiblePaths.plan)),
                                     "key": .text(PlanPage.pad(context.asOf.month) + "-" + PlanPage.pad(context.asOf.day))]
        if let day = plan.day(for: context.asOf) {
            today.merge(PlanPage.dayValues(day, plan: plan, context: context)) { $1 }
            today["dayURL"] = .text(context.url(PlanPage.path(month: day.month)) + "#d\(day.key)")
            today["hasReadings"] = true
        }
        return ["todayReadings": .object(today)]
    }
}
