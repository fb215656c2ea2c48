import SitegenSnapshots

/// Writes the Bible's snapshot files directly (with `SnapshotBytes`): for the same model values,
/// the same bytes `SnapshotJSON.encode` gives (sorted keys, no whitespace, nil members left out;
/// `BookJSONTests` holds the two equal), at a fraction of the cost — Foundation's JSONEncoder was
/// a sixth of the whole build for the 31,102 verses. Keys are written in sorted order, as the
/// encoder sorts them.
enum BookJSON {
    /// `books/<osis>.json`.
    static func encode(_ book: BibleBookFile) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(book.chapters.reduce(0) { $0 + $1.verses.count } * 200)
        out.append(ascii: #"{"chapters":["#)
        for (i, chapter) in book.chapters.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(ascii: #"{"number":"#)
            out.append(number: chapter.number)
            out.append(ascii: #","verses":["#)
            for (j, verse) in chapter.verses.enumerated() {
                if j > 0 { out.append(0x2C) }
                write(verse, to: &out)
            }
            out.append(ascii: "]}")
        }
        out.append(ascii: #"],"name":"#)
        SnapshotBytes.string(book.name, to: &out)
        out.append(ascii: #","osis":"#)
        SnapshotBytes.string(book.osis, to: &out)
        out.append(ascii: #","title":"#)
        SnapshotBytes.string(book.title, to: &out)
        out.append(0x7D)
        return out
    }

    /// `daily-verses.json` (written again whenever an edit touches a verse of the day).
    static func encode(_ file: BibleDailyVersesFile) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(file.verses.count * 300)
        out.append(ascii: #"{"rule":"#)
        SnapshotBytes.string(file.rule, to: &out)
        out.append(ascii: #","verses":["#)
        for (i, entry) in file.verses.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(ascii: #"{"label":"#)
            SnapshotBytes.string(entry.label, to: &out)
            out.append(ascii: #","passage":"#)
            write(entry.passage, to: &out)
            out.append(ascii: #","verses":["#)
            for (j, verse) in entry.verses.enumerated() {
                if j > 0 { out.append(0x2C) }
                spans(verse, to: &out)
            }
            out.append(ascii: "]}")
        }
        out.append(ascii: "]}")
        return out
    }

    /// `plan.json` (the encoder took a tenth of the snapshot stage for its 1,460 readings).
    static func encode(_ file: BiblePlanFile) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(file.days.count * 500)
        out.append(ascii: #"{"columns":["#)
        for (i, column) in file.columns.enumerated() {
            if i > 0 { out.append(0x2C) }
            SnapshotBytes.string(column, to: &out)
        }
        out.append(ascii: #"],"days":["#)
        for (i, day) in file.days.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(ascii: #"{"date":"#)
            SnapshotBytes.string(day.date, to: &out)
            out.append(ascii: #","readings":["#)
            for (j, reading) in day.readings.enumerated() {
                if j > 0 { out.append(0x2C) }
                out.append(ascii: #"{"label":"#)
                SnapshotBytes.string(reading.label, to: &out)
                out.append(ascii: #","passages":["#)
                for (k, passage) in reading.passages.enumerated() {
                    if k > 0 { out.append(0x2C) }
                    write(passage, to: &out)
                }
                out.append(ascii: "]}")
            }
            out.append(ascii: "]}")
        }
        out.append(ascii: #"],"description":"#)
        SnapshotBytes.string(file.description, to: &out)
        out.append(ascii: #","title":"#)
        SnapshotBytes.string(file.title, to: &out)
        out.append(0x7D)
        return out
    }

    static func write(_ p: BiblePassage, to out: inout [UInt8]) {
        out.append(ascii: #"{"book":"#)
        SnapshotBytes.string(p.book, to: &out)
        out.append(ascii: #","endChapter":"#)
        out.append(number: p.endChapter)
        out.append(ascii: #","endVerse":"#)
        out.append(number: p.endVerse)
        out.append(ascii: #","startChapter":"#)
        out.append(number: p.startChapter)
        out.append(ascii: #","startVerse":"#)
        out.append(number: p.startVerse)
        out.append(0x7D)
    }

    static func write(_ verse: BibleBookFile.Verse, to out: inout [UInt8]) {
        out.append(0x7B)
        if let headings = verse.headings {
            out.append(ascii: #""headings":["#)
            for (i, heading) in headings.enumerated() {
                if i > 0 { out.append(0x2C) }
                spans(heading, to: &out)
            }
            out.append(ascii: "],")
        }
        out.append(ascii: #""number":"#)
        out.append(number: verse.number)
        out.append(ascii: verse.paragraph ? #","paragraph":true"# : #","paragraph":false"#)
        if let poetry = verse.poetry { out.append(ascii: poetry ? #","poetry":true"# : #","poetry":false"#) }
        out.append(ascii: #","spans":"#)
        spans(verse.spans, to: &out)
        if let subscription = verse.subscription {
            out.append(ascii: #","subscription":"#)
            spans(subscription, to: &out)
        }
        out.append(0x7D)
    }

    static func spans(_ spans: [BibleSpan], to out: inout [UInt8]) {
        out.append(0x5B)
        for (i, span) in spans.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(0x7B)
            SnapshotBytes.flag(#""added":"#, span.added, to: &out)
            SnapshotBytes.flag(#""divineName":"#, span.divineName, to: &out)
            SnapshotBytes.flag(#""foreign":"#, span.foreign, to: &out)
            SnapshotBytes.flag(#""jesus":"#, span.jesus, to: &out)
            out.append(ascii: #""text":"#)
            SnapshotBytes.string(span.text, to: &out)
            out.append(0x7D)
        }
        out.append(0x5D)
    }
}
