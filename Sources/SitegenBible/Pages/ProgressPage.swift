/// `/bible/progress/`: every chapter as a cell, grouped by book and testament. The HTML holds
/// the full grid (all unread); bible.js colours what the reader marked, computes the
/// percentages and handles export/import of the saved progress.
enum ProgressPage {
    static func spec(_ translation: Translation, context: RenderContext) -> PageSpec {
        let words = context.strings(), count = ["count": String(translation.chapterCount)]
        return PageSpec(path: BiblePaths.progress, template: "bible-progress", title: words["readingProgress"],
                 description: words.format("description.progress", count),
                 values: ["translation": BiblePages.translationValues(translation),
                          "testaments": BiblePages.testaments(translation, context: context),
                          "chapterCount": .number(translation.chapterCount),
                          "chaptersReadOf": .text(words.format("progressOf", count)),
                          "planURL": .text(context.url(BiblePaths.plan)), "indexURL": .text(context.url(BiblePaths.index))])
    }
}
