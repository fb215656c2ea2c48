/// `/bible/plan/`: every day of the plan with its readings linked to their chapters. The as-of
/// day is marked in the HTML (right without JavaScript); bible.js moves the mark to the
/// reader's own date and keeps the ticks in localStorage.
enum PlanPage {
    static func spec(_ plan: ReadingPlan, context: RenderContext) -> PageSpec {
        let today = plan.day(for: context.asOf)
        let days = plan.days.map { day -> TemplateValue in
            let date = CalendarDate(year: 2001, month: day.month, day: day.day)
            return [
                "key": .text(day.key), "anchor": "d\(day.key)",
                "label": .text(date.map { "\($0.monthName) \($0.day)" } ?? day.key),
                "today": .flag(day.key == today?.key),
                "readings": .list(day.readings.enumerated().map { index, reading in
                    readingValues(reading, id: "\(day.key)/\(index)", column: index < plan.columns.count ? plan.columns[index] : "",
                                  context: context)
                }),
            ]
        }
        var values: TemplateObject = ["plan": ["title": .text(plan.title), "description": .text(plan.description), "days": .list(days)],
                                      "progressURL": .text(context.url(BiblePaths.progress))]
        values["today"] = today.map { ["anchor": "d\($0.key)"] }
        return PageSpec(path: BiblePaths.plan, template: "bible-plan", title: plan.title, description: plan.description,
                        values: values)
    }

    /// One reading: its links and the chapters it completes (those whose last verse it reaches),
    /// which ticking it marks as read in the progress chart.
    static func readingValues(_ reading: Reading, id: String, column: String, context: RenderContext) -> TemplateValue {
        let completes = reading.passages.flatMap { passage in
            passage.chapters.compactMap { chapter -> String? in
                chapter < passage.endChapter || passage.endsChapter
                    ? BiblePaths.chapterID(passage.book, chapter) : nil
            }
        }
        let single = reading.passages.count == 1
        return [
            "id": .text(id), "inputID": .text("r" + id.replacingOccurrences(of: "/", with: "-")),
            "column": .text(column), "label": .text(reading.label), "completes": .text(completes.joined(separator: " ")),
            "links": .list(reading.passages.map { passage -> TemplateValue in
                ["url": .text(context.url(BiblePaths.passage(passage))),
                 "text": .text(single ? reading.label : passageLabel(passage))]
            }),
        ]
    }

    static func passageLabel(_ p: Passage) -> String {
        if p.wholeChapters {
            return p.startChapter == p.endChapter ? "\(p.book.name) \(p.startChapter)" : "\(p.book.name) \(p.startChapter)–\(p.endChapter)"
        }
        return p.startChapter == p.endChapter
            ? "\(p.book.name) \(p.startChapter):\(p.startVerse)–\(p.endVerse)"
            : "\(p.book.name) \(p.startChapter):\(p.startVerse)–\(p.endChapter):\(p.endVerse)"
    }
}
