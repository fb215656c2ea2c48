import SitegenSnapshots

/// A hymn's record in `hymns/<first>-<last>.json`, written straight to bytes: for the same model
/// values, the bytes `SnapshotJSON.encode` gives (`HymnJSONTests` holds the two equal), without
/// the encoder's boxed value per member. Keys in sorted order, as the encoder sorts them; nil
/// members left out.
enum HymnJSON {
    static func record(_ hymn: HymnsFile.Hymn) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(hymn.stanzas.reduce(512) { $0 + 2 * $1.text.utf8.count + 64 * $1.lines.count })
        out.append(0x7B)
        if let author = hymn.author {
            member(#""author":"#, author, to: &out)
            out.append(0x2C)
        }
        if let chorus = hymn.chorus {
            out.append(ascii: #""chorus":"#)
            passage(chorus, to: &out)
            out.append(0x2C)
        }
        out.append(ascii: #""firstLine":"#)
        SnapshotBytes.string(hymn.firstLine, to: &out)
        if let language = hymn.language { member(#","language":"#, language, to: &out) }
        if let meter = hymn.meter { member(#","meter":"#, meter, to: &out) }
        out.append(ascii: #","number":"#)
        out.append(number: hymn.number)
        if let refrain = hymn.refrain {
            out.append(ascii: #","refrain":"#)
            passage(refrain, to: &out)
        }
        out.append(ascii: hymn.removed ? #","removed":true"# : #","removed":false"#)
        out.append(ascii: #","stanzas":["#)
        for (i, stanza) in hymn.stanzas.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(ascii: #"{"lines":"#)
            lines(stanza.lines, to: &out)
            out.append(ascii: #","number":"#)
            out.append(number: stanza.number)
            out.append(ascii: #","text":"#)
            SnapshotBytes.string(stanza.text, to: &out)
            out.append(0x7D)
        }
        out.append(ascii: #"],"title":"#)
        SnapshotBytes.string(hymn.title, to: &out)
        if let tune = hymn.tune { member(#","tune":"#, tune, to: &out) }
        out.append(ascii: #","url":"#)
        SnapshotBytes.string(hymn.url, to: &out)
        out.append(0x7D)
        return out
    }

    /// `key` (its quotes, colon and any comma before it) and the string.
    private static func member(_ key: StaticString, _ value: String, to out: inout [UInt8]) {
        out.append(ascii: key)
        SnapshotBytes.string(value, to: &out)
    }

    private static func passage(_ passage: HymnsFile.Passage, to out: inout [UInt8]) {
        out.append(ascii: #"{"lines":"#)
        lines(passage.lines, to: &out)
        out.append(ascii: #","text":"#)
        SnapshotBytes.string(passage.text, to: &out)
        out.append(0x7D)
    }

    private static func lines(_ lines: [[HymnsFile.Segment]], to out: inout [UInt8]) {
        out.append(0x5B)
        for (i, line) in lines.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(0x5B)
            for (j, segment) in line.enumerated() {
                if j > 0 { out.append(0x2C) }
                out.append(ascii: segment.marked ? #"{"marked":true"# : #"{"marked":false"#)
                if let sign = segment.repeatSign {
                    out.append(ascii: #","repeatSign":"#)
                    SnapshotBytes.string(sign, to: &out)
                }
                out.append(ascii: #","text":"#)
                SnapshotBytes.string(segment.text, to: &out)
                out.append(0x7D)
            }
            out.append(0x5D)
        }
        out.append(0x5D)
    }
}
