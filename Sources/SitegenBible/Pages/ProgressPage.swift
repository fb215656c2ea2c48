/// `/bible/progress/`: every chapter as a cell, grouped by book and testament. The HTML holds
/// the full grid (all unread); bible.js colours what the reader marked, computes the
/// percentages and handles export/import of the saved progress.
enum ProgressPage {
    static func spec(_ translation: Translation, context: RenderContext) -> PageSpec {
        PageSpec(path: BiblePaths.progress, template: "bible-progress", title: context.strings()["readingProgress"],
                 description: "Which of the \(translation.chapterCount) chapters of the Bible you have read.",
                 values: ["translation": BiblePages.translationValues(translation),
                          "testaments": BiblePages.testaments(translation, context: context),
                          "chapterCount": .number(translation.chapterCount),
                          "planURL": .text(context.url(BiblePaths.plan)), "indexURL": .text(context.url(BiblePaths.index))])
    }
}
