/// Writes a book's snapshot JSON directly: the same bytes `SnapshotJSON.encode(BookFile(book))`
/// gives (sorted keys, no whitespace; a test holds the two equal), at a fraction of the cost —
/// Foundation's JSONEncoder was a sixth of the whole build for the 31,102 verses.
enum BookJSON {
    static func encode(_ book: Book) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(book.verseCount * 200)
        out += Array(#"{"chapters":["#.utf8)
        for (i, chapter) in book.chapters.enumerated() {
            if i > 0 { out.append(0x2C) }
            out += Array(#"{"number":"#.utf8) + Array(String(chapter.number).utf8) + Array(#","verses":["#.utf8)
            for (j, verse) in chapter.verses.enumerated() {
                if j > 0 { out.append(0x2C) }
                write(verse, to: &out)
            }
            out += Array("]}".utf8)
        }
        out += Array(#"],"name":"#.utf8)
        string(book.name, to: &out)
        out += Array(#","osis":"#.utf8)
        string(book.osis, to: &out)
        out += Array(#","title":"#.utf8)
        string(book.title, to: &out)
        out.append(0x7D)
        return out
    }

    static func write(_ verse: Verse, to out: inout [UInt8]) {
        out.append(0x7B)
        if !verse.headings.isEmpty {
            out += Array(#""headings":["#.utf8)
            for (i, heading) in verse.headings.enumerated() {
                if i > 0 { out.append(0x2C) }
                spans(heading, to: &out)
            }
            out += Array("],".utf8)
        }
        out += Array(#""number":"#.utf8) + Array(String(verse.number).utf8)
        out += Array((verse.paragraph ? #","paragraph":true"# : #","paragraph":false"#).utf8)
        if verse.poetry { out += Array(#","poetry":true"#.utf8) }
        out += Array(#","spans":"#.utf8)
        spans(verse.spans, to: &out)
        if !verse.subscription.isEmpty {
            out += Array(#","subscription":"#.utf8)
            spans(verse.subscription, to: &out)
        }
        out.append(0x7D)
    }

    static func spans(_ spans: [Span], to out: inout [UInt8]) {
        out.append(0x5B)
        for (i, span) in spans.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(0x7B)
            // Keys in sorted order, as the encoder writes them.
            if span.style.contains(.added) { out += Array(#""added":true,"#.utf8) }
            if span.style.contains(.divineName) { out += Array(#""divineName":true,"#.utf8) }
            if span.style.contains(.foreign) { out += Array(#""foreign":true,"#.utf8) }
            if span.style.contains(.jesus) { out += Array(#""jesus":true,"#.utf8) }
            out += Array(#""text":"#.utf8)
            string(span.text, to: &out)
            out.append(0x7D)
        }
        out.append(0x5D)
    }

    /// A JSON string as Foundation's encoder writes it with `.withoutEscapingSlashes`.
    static func string(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        for byte in text.utf8 {
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x08: out += [0x5C, 0x62]
            case 0x0C: out += [0x5C, 0x66]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(0x22)
    }
}
