/// `/bible/plan/`: every day of the plan with its readings linked to their chapters. The as-of
/// day is marked in the HTML (right without JavaScript); bible.js moves the mark to the
/// reader's own date and keeps the ticks in localStorage.
enum PlanPage {
    static func spec(_ plan: ReadingPlan, context: RenderContext) -> PageSpec {
        let today = plan.day(for: context.asOf)
        let days = plan.days.map { day -> [String: Any] in
            let date = CalendarDate(year: 2001, month: day.month, day: day.day)
            return [
                "key": day.key, "anchor": "d\(day.key)",
                "label": date.map { "\($0.monthName) \($0.day)" } ?? day.key,
                "today": day.key == today?.key,
                "readings": day.readings.enumerated().map { index, reading in
                    readingValues(reading, id: "\(day.key)/\(index)", column: index < plan.columns.count ? plan.columns[index] : "",
                                  context: context)
                },
            ]
        }
        return PageSpec(path: BiblePaths.plan, template: "bible-plan", title: plan.title, description: plan.description,
                        values: ["plan": ["title": plan.title, "description": plan.description, "days": days],
                                 "today": today.map { ["anchor": "d\($0.key)"] } as Any,
                                 "progressURL": context.url(BiblePaths.progress)])
    }

    /// One reading: its links and the chapters it completes (those whose last verse it reaches),
    /// which ticking it marks as read in the progress chart.
    static func readingValues(_ reading: Reading, id: String, column: String, context: RenderContext) -> [String: Any] {
        let completes = reading.passages.flatMap { passage in
            passage.chapters.compactMap { chapter -> String? in
                chapter < passage.endChapter || passage.endsChapter
                    ? BiblePaths.chapterID(passage.book, chapter) : nil
            }
        }
        let single = reading.passages.count == 1
        return [
            "id": id, "inputID": "r" + id.replacingOccurrences(of: "/", with: "-"),
            "column": column, "label": reading.label, "completes": completes.joined(separator: " "),
            "links": reading.passages.map { passage -> [String: Any] in
                ["url": context.url(BiblePaths.passage(passage)),
                 "text": single ? reading.label : passageLabel(passage)]
            },
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
