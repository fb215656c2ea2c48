import Foundation

/// The home page's verse of the day. The HTML shows the as-of date's verse (right without
/// JavaScript); every verse is written once to `bible/daily-verses.json` (`file`), which bible.js
/// fetches only when the reader's own date is not the build's, so the list is never part of a
/// home-page load (83 KB of every load when it was inlined).
public enum DailyVerseHome {
    struct Entry: Encodable, Hashable {
        let label: String
        let url: String
        let html: String
    }

    /// Each verse's entry is a query of `context.queries` (`DailyVerseEntry`), made again only
    /// when its reading or its chapter differ (so a Bible edit away from the verses of the day
    /// makes no entry again, and one in such a chapter makes its entries again).
    public static func values(_ library: BibleLibrary?, context: RenderContext) -> TemplateObject {
        guard let library, let daily = library.dailyVerses, let index = daily.index(for: context.asOf) else { return [:] }
        let translation = library.primary
        let today = context.queries.value(DailyVerseEntry(verse: daily.shown(index, in: translation), context: context.settingsOnly))
        return ["dailyVerse": [
            "label": .text(today.label), "url": .text(today.url), "html": .text(today.html),
            "abbreviation": .text(translation.abbreviation), "language": .text(translation.language),
            "dataURL": .text(context.url(path)), "day": .number(context.asOf.daysSinceEpoch),
        ]]
    }

    /// Where the list of every verse is written.
    static let path = "bible/daily-verses.json"

    /// `bible/daily-verses.json`: every verse's entry (label, address, escaped HTML), in order.
    static func file(_ library: BibleLibrary, context: RenderContext) -> OutputFile? {
        guard let daily = library.dailyVerses, !daily.readings.isEmpty else { return nil }
        let entries = daily.shown(in: library.primary).map { entry($0, context: context) }
        return OutputFile(path: path, text: scriptJSON(entries), source: "\(BibleReader.folder)/daily-verses.yml")
    }

    static func entry(_ reading: Reading, _ translation: Translation, context: RenderContext) -> Entry {
        entry(DailyVerses(readings: [reading]).shown(0, in: translation), context: context)
    }

    static func entry(_ verse: ShownVerse, context: RenderContext) -> Entry {
        let html = verse.verses.map { VerseHTML.spans($0.spans) }.joined(separator: " ")
        return Entry(label: verse.reading.label, url: context.url(BiblePaths.passage(verse.reading.passages[0])), html: html)
    }

    /// The entries as JSON (safe even inside `<script type="application/json">`: no `<`, `>` or `&`).
    /// Written directly (the encoder's bytes: sorted keys, `SnapshotBytes.string`), as a Bible edit
    /// that touches a verse of the day makes it again.
    static func scriptJSON(_ entries: [Entry]) -> String {
        var json: [UInt8] = []
        json.reserveCapacity(entries.reduce(2) { $0 + $1.html.utf8.count + $1.label.utf8.count + $1.url.utf8.count + 40 })
        json.append(0x5B)
        for (i, entry) in entries.enumerated() {
            if i > 0 { json.append(0x2C) }
            json.append(ascii: #"{"html":"#)
            SnapshotBytes.string(entry.html, to: &json)
            json.append(ascii: #","label":"#)
            SnapshotBytes.string(entry.label, to: &json)
            json.append(ascii: #","url":"#)
            SnapshotBytes.string(entry.url, to: &json)
            json.append(0x7D)
        }
        json.append(0x5D)
        return scriptSafe(json)
    }

    /// JSON bytes made safe inside `<script type="application/json">`.
    static func scriptSafe(_ json: [UInt8]) -> String {
        var safe: [UInt8] = []
        safe.reserveCapacity(json.count + json.count / 4)
        for byte in json {
            switch byte {
            case UInt8(ascii: "<"): safe.append(ascii: "\\u003c")
            case UInt8(ascii: ">"): safe.append(ascii: "\\u003e")
            case UInt8(ascii: "&"): safe.append(ascii: "\\u0026")
            default: safe.append(byte)
            }
        }
        return String(decoding: safe, as: UTF8.self)
    }
}

/// A verse of the day's entry (label, address, HTML), made from what its key holds: the reading
/// and its chapter. The context is the engine's (settings only).
struct DailyVerseEntry: QueryKey {
    typealias Value = DailyVerseHome.Entry
    let verse: ShownVerse
    let context: RenderContext

    func compute(_ queries: Queries) -> DailyVerseHome.Entry { DailyVerseHome.entry(verse, context: context) }

    static func == (a: Self, b: Self) -> Bool { a.verse == b.verse }
    func hash(into hasher: inout Hasher) { hasher.combine(verse.reading) }
}
