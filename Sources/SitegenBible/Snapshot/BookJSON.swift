import SitegenSnapshots

/// Writes the Bible's snapshot files directly: for the same model values, the same bytes
/// `SnapshotJSON.encode` gives (sorted keys, no whitespace, nil members left out; `BookJSONTests`
/// holds the two equal), at a fraction of the cost — Foundation's JSONEncoder was a sixth of the
/// whole build for the 31,102 verses. Keys are written in sorted order, as the encoder sorts them.
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
        string(book.name, to: &out)
        out.append(ascii: #","osis":"#)
        string(book.osis, to: &out)
        out.append(ascii: #","title":"#)
        string(book.title, to: &out)
        out.append(0x7D)
        return out
    }

    /// `daily-verses.json` (written again whenever an edit touches a verse of the day).
    static func encode(_ file: BibleDailyVersesFile) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(file.verses.count * 300)
        out.append(ascii: #"{"rule":"#)
        string(file.rule, to: &out)
        out.append(ascii: #","verses":["#)
        for (i, entry) in file.verses.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(ascii: #"{"label":"#)
            string(entry.label, to: &out)
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
            string(column, to: &out)
        }
        out.append(ascii: #"],"days":["#)
        for (i, day) in file.days.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(ascii: #"{"date":"#)
            string(day.date, to: &out)
            out.append(ascii: #","readings":["#)
            for (j, reading) in day.readings.enumerated() {
                if j > 0 { out.append(0x2C) }
                out.append(ascii: #"{"label":"#)
                string(reading.label, to: &out)
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
        string(file.description, to: &out)
        out.append(ascii: #","title":"#)
        string(file.title, to: &out)
        out.append(0x7D)
        return out
    }

    static func write(_ p: BiblePassage, to out: inout [UInt8]) {
        out.append(ascii: #"{"book":"#)
        string(p.book, to: &out)
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
            flag(#""added":"#, span.added, to: &out)
            flag(#""divineName":"#, span.divineName, to: &out)
            flag(#""foreign":"#, span.foreign, to: &out)
            flag(#""jesus":"#, span.jesus, to: &out)
            out.append(ascii: #""text":"#)
            string(span.text, to: &out)
            out.append(0x7D)
        }
        out.append(0x5D)
    }

    /// `"key":true,` or `"key":false,`; nothing when the flag is nil (as the encoder leaves it out).
    private static func flag(_ key: StaticString, _ value: Bool?, to out: inout [UInt8]) {
        guard let value else { return }
        out.append(ascii: key)
        out.append(ascii: value ? "true," : "false,")
    }

    /// A JSON string as Foundation's encoder writes it with `.withoutEscapingSlashes`: runs
    /// that need no escape (nearly all verse text) are copied whole.
    static func string(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for (i, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                escape(byte, to: &out)
                start = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(0x22)
    }

    private static func escape(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case 0x22: out += [0x5C, 0x22]
        case 0x5C: out += [0x5C, 0x5C]
        case 0x08: out += [0x5C, 0x62]
        case 0x0C: out += [0x5C, 0x66]
        case 0x0A: out += [0x5C, 0x6E]
        case 0x0D: out += [0x5C, 0x72]
        case 0x09: out += [0x5C, 0x74]
        default:
            let hex = Array("0123456789abcdef".utf8)
            out += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        }
    }
}

extension [UInt8] {
    /// A literal's bytes, without the temporary array `Array("…".utf8)` makes.
    mutating func append(ascii literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// A number's decimal digits, written directly (no String per number: the chapter HTML
    /// writes four per verse).
    mutating func append(number: Int) {
        guard number >= 0 else { return append(contentsOf: String(number).utf8) }
        if number >= 10 { append(number: number / 10) }
        append(UInt8(truncatingIfNeeded: 0x30 + number % 10))
    }
}
