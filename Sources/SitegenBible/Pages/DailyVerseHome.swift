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

    /// Each verse's entry is taken from `cache` while its reading and chapter are as they were
    /// last run, and the whole while the entries are (so a Bible edit away from the verses of
    /// the day makes nothing here, and one in such a chapter makes its entries again).
    public static func values(_ library: BibleLibrary?, context: RenderContext, cache: BibleCache = BibleCache()) -> TemplateObject {
        cache.home.withLock { memo in values(library, context: context, memo: &memo) }
    }

    static func values(_ library: BibleLibrary?, context: RenderContext, memo: inout Memo) -> TemplateObject {
        memo.values.begin()
        memo.entries.begin()
        defer {
            memo.values.end()
            memo.entries.end()
        }
        guard let library, let daily = library.dailyVerses, let index = daily.index(for: context.asOf) else { return [:] }
        let translation = library.primary
        let chapters = daily.chapters(in: translation)
        let entries = daily.readings.indices.map { i in
            memo.entries.value(String(i), inputs: EntryInputs(reading: daily.readings[i], chapter: chapters[i])) {
                entry(daily.readings[i], translation, context: context)
            }
        }
        let inputs = ValuesInputs(entries: entries, index: index, abbreviation: translation.abbreviation)
        return memo.values.value("dailyVerse", inputs: inputs) {
            let today = entries[index]
            return ["dailyVerse": [
                "label": .text(today.label), "url": .text(today.url), "html": .text(today.html),
                "abbreviation": .text(translation.abbreviation), "language": .text(translation.language),
                "dataURL": .text(context.url(path)), "day": .number(context.asOf.daysSinceEpoch),
            ]]
        }
    }

    /// Where the list of every verse is written.
    static let path = "bible/daily-verses.json"

    /// `bible/daily-verses.json`: every verse's entry (label, address, escaped HTML), in order.
    static func file(_ library: BibleLibrary, context: RenderContext) -> OutputFile? {
        guard let daily = library.dailyVerses, !daily.readings.isEmpty else { return nil }
        let entries = daily.readings.map { entry($0, library.primary, context: context) }
        return OutputFile(path: path, text: scriptJSON(entries), source: "\(BibleReader.folder)/daily-verses.yml")
    }

    /// What the values were made from last run: each verse's entry, and the whole.
    struct Memo {
        var entries = InputMemo<Entry>()
        var values = InputMemo<TemplateObject>()
    }

    private struct EntryInputs: Hashable {
        let reading: Reading
        let chapter: Chapter?
    }

    private struct ValuesInputs: Hashable {
        let entries: [Entry]
        let index: Int
        let abbreviation: String
    }

    static func entry(_ reading: Reading, _ translation: Translation, context: RenderContext) -> Entry {
        let p = reading.passages[0]
        let chapter = translation.book(p.book)?.chapter(p.startChapter)
        let verses = (p.startVerse...p.endVerse).compactMap { chapter?.verse($0) }
        let html = verses.map { VerseHTML.spans($0.spans) }.joined(separator: " ")
        return Entry(label: reading.label, url: context.url(BiblePaths.passage(p)), html: html)
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
