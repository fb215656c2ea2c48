import Yams

/// The curated verses of the day. The verse for a date is `list[daysSinceEpoch mod count]`:
/// the same rule runs in the browser with the reader's own date, so the static home page is
/// right every day without a rebuild.
public struct DailyVerses: Sendable, Hashable {
    public let readings: [Reading]

    public func index(for date: CalendarDate) -> Int? {
        readings.isEmpty ? nil : ((date.daysSinceEpoch % readings.count) + readings.count) % readings.count
    }

    /// Each verse of the day as `translation` shows it.
    func shown(in translation: Translation) -> [ShownVerse] {
        readings.indices.map { shown($0, in: translation) }
    }

    /// The `i`th verse of the day as `translation` shows it.
    func shown(_ i: Int, in translation: Translation) -> ShownVerse {
        let reading = readings[i]
        return ShownVerse(reading: reading, chapter: reading.passages.first.flatMap { translation.book($0.book)?.chapter($0.startChapter) })
    }
}

/// A verse of the day with the chapter it is in (every reading is verses of one chapter): all
/// that the home page and `daily-verses.json` show of the translation, so what their queries'
/// keys hold (the chapter is the very same storage while its book is unchanged).
struct ShownVerse: Sendable, Hashable {
    let reading: Reading
    let chapter: Chapter?

    /// The verses it shows, in order (those the chapter has).
    var verses: [Verse] {
        let p = reading.passages[0]
        return (p.startVerse...p.endVerse).compactMap { chapter?.verse($0) }
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
