import Foundation

/// The home page's verse of the day. The HTML shows the as-of date's verse (right without
/// JavaScript); all verses ride along as JSON so bible.js can pick the reader's own date's.
public enum DailyVerseHome {
    struct Entry: Encodable {
        let label: String
        let url: String
        let html: String
    }

    public static func values(_ library: BibleLibrary?, context: RenderContext) -> [String: Any] {
        guard let library, let daily = library.dailyVerses, let index = daily.index(for: context.asOf) else { return [:] }
        let entries = daily.readings.map { entry($0, library.primary, context: context) }
        let today = entries[index]
        return ["dailyVerse": [
            "label": today.label, "url": today.url, "html": today.html,
            "abbreviation": library.primary.abbreviation,
            "json": scriptJSON(entries),
        ] as [String: Any]]
    }

    static func entry(_ reading: Reading, _ translation: Translation, context: RenderContext) -> Entry {
        let p = reading.passages[0]
        let chapter = translation.book(p.book)?.chapter(p.startChapter)
        let verses = (p.startVerse...p.endVerse).compactMap { chapter?.verse($0) }
        let html = verses.map { VerseHTML.spans($0.spans) }.joined(separator: " ")
        return Entry(label: reading.label, url: context.url(BiblePaths.passage(p)), html: html)
    }

    /// JSON safe inside `<script type="application/json">`: no `<`, `>` or `&` can end the element.
    static func scriptJSON(_ entries: [Entry]) -> String {
        let data = (try? SnapshotJSON.encode(entries)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
            .replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026")
    }
}
