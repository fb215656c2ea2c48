/// The reading plan as light pages: `/bible/plan/01/` … `/bible/plan/12/`, one month each, and
/// `/bible/plan/` showing the as-of month (right without JavaScript; bible.js moves a reader
/// whose own month differs to that month's page). Each month's readings are also written as
/// `bible/plan/MM/days.json`, which the home page and the chapter pages fetch when the reader's
/// date is not the build's (see `PlanDays`).
enum PlanPage {
    static func path(month: Int) -> String { path(month: pad(month)) }
    static func path(month: String) -> String { BiblePaths.plan + month + "/" }
    static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    /// A day's element on its month's page (`d01-31`), and its address.
    static func anchor(_ key: String) -> String { "d" + key }
    static func dayPath(month: String, key: String) -> String { path(month: month) + "#" + anchor(key) }
    static func dayPath(_ day: ReadingPlan.Day) -> String { dayPath(month: pad(day.month), key: day.key) }

    /// The default page and one page per month that has readings.
    static func specs(_ plan: ReadingPlan, context: RenderContext) -> [PageSpec] {
        let months = Array(Set(plan.days.map(\.month))).sorted()
        let current = months.contains(context.asOf.month) ? context.asOf.month : months.first ?? 1
        let perMonth = months.map { spec(plan, month: $0, months: months, path: path(month: $0), context: context) }
        return [spec(plan, month: current, months: months, path: BiblePaths.plan, context: context)] + perMonth
    }

    static func spec(_ plan: ReadingPlan, month: Int, months: [Int], path: String, context: RenderContext) -> PageSpec {
        let today = plan.day(for: context.asOf)
        let days = plan.days.filter { $0.month == month }.map { day -> TemplateValue in
            var values = dayValues(day, plan: plan, context: context)
            values["today"] = .flag(day.key == today?.key)
            return .object(values)
        }
        let words = context.strings()
        let monthName = words.month(month)
        var values: TemplateObject = [
            "plan": ["title": .text(plan.title), "description": .text(plan.description)],
            "days": .list(days), "month": .text(pad(month)), "monthName": .text(monthName),
            "isDefault": .flag(path == BiblePaths.plan),
            "months": .list(months.map { m in
                ["url": .text(context.url(Self.path(month: m))), "name": .text(words.dates.shortMonth(m)),
                 "fullName": .text(words.month(m)), "current": .flag(m == month)]
            }),
            "progressURL": .text(context.url(BiblePaths.progress)),
            "planScript": .object(PlanDays.scriptValues(plan, context: context)),
        ]
        if let i = months.firstIndex(of: month) {
            values["prev"] = i > 0 ? ["url": .text(context.url(Self.path(month: months[i - 1]))),
                                      "name": .text(words.month(months[i - 1]))] : nil
            values["next"] = i + 1 < months.count ? ["url": .text(context.url(Self.path(month: months[i + 1]))),
                                                     "name": .text(words.month(months[i + 1]))] : nil
        }
        // "Today's readings": an anchor on the as-of month's pages, a link to that page elsewhere.
        values["today"] = today.map { day in
            ["url": .text(day.month == month ? "#" + anchor(day.key) : context.url(dayPath(day)))]
        }
        return PageSpec(path: path, template: "bible-plan", title: "\(plan.title): \(monthName)",
                        description: words.format("description.plan", ["month": monthName, "plan": plan.description]), values: values)
    }

    /// One day: its date and readings (also the home page's "Today's readings").
    static func dayValues(_ day: ReadingPlan.Day, plan: ReadingPlan, context: RenderContext) -> TemplateObject {
        let date = CalendarDate(year: 2001, month: day.month, day: day.day)
        return [
            "key": .text(day.key), "anchor": .text(anchor(day.key)),
            "label": .text(date.map { context.strings().dates.dayAndMonth($0) } ?? day.key),
            "readings": .list(day.readings.enumerated().map { index, reading in
                .object(readingValues(PlanReading(reading, id: "\(day.key)/\(index)", plan: plan, column: index), context: context))
            }),
        ]
    }

    /// One reading as a row: the tick (the whole row is its label) and a separate link per passage.
    static func readingValues(_ r: PlanReading, context: RenderContext) -> TemplateObject {
        let links = r.links(context: context)
        return [
            "id": .text(r.id), "inputID": .text("r" + r.id.replacingOccurrences(of: "/", with: "-")),
            "column": .text(r.column), "label": .text(r.reading.label),
            "completes": .text(r.completes.joined(separator: " ")), "chapters": .text(r.chapters.joined(separator: " ")),
            "single": .flag(links.count == 1),
            "links": .list(links.map { ["url": .text($0.url), "text": .text($0.text)] }),
            "listen": .text(r.listenJSON(context: context)),
        ]
    }
}

/// A reading of the plan with what the reader's progress needs of it.
struct PlanReading {
    let reading: Reading
    /// `MM-DD/column`: the key of its tick in the reader's saved progress.
    let id: String
    let column: String

    init(_ reading: Reading, id: String, plan: ReadingPlan, column index: Int) {
        self.reading = reading
        self.id = id
        column = index < plan.columns.count ? plan.columns[index] : ""
    }

    /// Chapters it reads to their end: ticking it marks these as read.
    var completes: [String] {
        reading.passages.flatMap { passage in
            passage.chapters.compactMap { chapter -> String? in
                chapter < passage.endChapter || passage.endsChapter ? BiblePaths.chapterID(passage.book, chapter) : nil
            }
        }
    }

    /// Every chapter it reads from: once all are marked read on their pages, the tick follows.
    var chapters: [String] {
        reading.passages.flatMap { passage in passage.chapters.map { BiblePaths.chapterID(passage.book, $0) } }
    }

    func links(context: RenderContext) -> [(url: String, text: String)] {
        let single = reading.passages.count == 1, references = ReferenceText(context.strings())
        return reading.passages.map { passage in
            (context.url(BiblePaths.passage(passage)), single ? reading.label : references.text(passage))
        }
    }
}
