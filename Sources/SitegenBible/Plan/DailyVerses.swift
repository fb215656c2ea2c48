import Yams

/// The curated verses of the day. The verse for a date is `list[daysSinceEpoch mod count]`:
/// the same rule runs in the browser with the reader's own date, so the static home page is
/// right every day without a rebuild.
public struct DailyVerses: Sendable, Hashable {
    public let readings: [Reading]

    public func index(for date: CalendarDate) -> Int? {
        readings.isEmpty ? nil : ((date.daysSinceEpoch % readings.count) + readings.count) % readings.count
    }

    /// The chapter each verse of the day is in (every reading is verses of one chapter): with the
    /// readings, all that the home page and `daily-verses.json` show of the translation.
    func chapters(in translation: Translation) -> [Chapter?] {
        readings.map { reading in reading.passages.first.flatMap { translation.book($0.book)?.chapter($0.startChapter) } }
    }
}

/// What the verses of the day show, compared by `InputMemo`: the readings and their chapters
/// (the very same storage while their books are unchanged).
struct DailyVersesInputs: Hashable {
    let readings: [Reading]
    let chapters: [Chapter?]

    init(_ daily: DailyVerses, _ translation: Translation) {
        readings = daily.readings
        chapters = daily.chapters(in: translation)
    }
}

/// Reads `Content/bible/daily-verses.yml`: `verses:` followed by one reference per line,
/// each within one chapter (`John 3:16`, `Psalms 23:1-3`).
public enum DailyVersesReader {
    public static func read(_ file: SourceFile, translation: Translation, diagnostics: Diagnostics) -> DailyVerses? {
        guard let fields = YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: diagnostics) else { return nil }
        let node = fields.node("verses")
        fields.reportUnknownKeys()
        guard let node, case .sequence(let items) = node, !items.isEmpty else {
            diagnostics.error("'verses' must be a list of references such as John 3:16", at: fields.location(ofKey: "verses"))
            return nil
        }
        var readings: [Reading] = []
        for item in items {
            switch ReferenceParser.reading(item.string ?? "", in: translation) {
            case .success(let reading):
                guard reading.passages.count == 1, let passage = reading.passages.first,
                      !passage.wholeChapters, passage.startChapter == passage.endChapter else {
                    diagnostics.error("a verse of the day must be verses of one chapter, like 'John 3:16' or 'Psalms 23:1-3'",
                                      at: fields.location(of: item))
                    continue
                }
                readings.append(reading)
            case .failure(let error):
                diagnostics.error(error.description, at: fields.location(of: item))
            }
        }
        return DailyVerses(readings: readings)
    }
}
