/// Limits put in front of cmark-gfm, so hostile Markdown is an error in milliseconds rather than
/// minutes of CPU and gigabytes of memory.
///
/// Debian's cmark-gfm 0.29.0.gfm.6 is kept (it is what the distribution maintains), but some of its
/// algorithms are quadratic in the size of odd input: an 18 kB table row of 3,000 columns took 46 s
/// and 4.6 GB (every row is padded to the header's width), 40,000 nested block quotes followed by
/// 40,000 emphasis openers took 25 s. No real page comes near these limits (the bundled site's
/// largest page is a few kB, its widest table 4 columns, its deepest nesting 2).
///
/// | limit | value |
/// |---|---|
/// | size of one Markdown text | 512 KiB |
/// | cells of one table row (`|` on a line) | 64 |
/// | containers opened on one line (`>`, list markers) | 16 |
/// | emphasis and link delimiters in one paragraph (`*`, `_`, `~`, `[`, `]`, `` ` ``) | 2,000 |
public enum MarkdownLimits {
    public static let maximumBytes = 512 * 1024
    public static let maximumTableColumns = 64
    public static let maximumNesting = 16
    public static let maximumDelimiters = 2_000

    /// What broke a limit, with its 1-based line and column in the text.
    public struct Violation: Sendable, Equatable, Error {
        public let message: String
        public let line: Int
        public let column: Int
    }

    /// The first limit `markdown` breaks, or nil. One pass over the bytes.
    public static func check(_ markdown: String) -> Violation? {
        let bytes = Array(markdown.utf8)
        if bytes.count > maximumBytes {
            return Violation(message: "the Markdown text has \(bytes.count) bytes, more than the limit of \(maximumBytes)",
                             line: 1, column: 1)
        }
        var line = 1, column = 0
        var pipes = 0, escaped = false, nesting = 0, inPrefix = true, lineIsBlank = true
        var delimiters = 0, paragraphStart = 1
        for (index, byte) in bytes.enumerated() {
            if byte & 0xC0 != 0x80 { column += 1 }   // columns count characters, not UTF-8 bytes
            if byte == UInt8(ascii: "\n") {
                if lineIsBlank { delimiters = 0; paragraphStart = line + 1 }
                line += 1; column = 0
                pipes = 0; escaped = false; nesting = 0; inPrefix = true; lineIsBlank = true
                continue
            }
            let blank = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
            if !blank { lineIsBlank = false }
            if inPrefix && !blank {
                // A container marker: `>`, or `-`, `+`, `*` followed by a blank (a list item; not `---`).
                let next = index + 1 < bytes.count ? bytes[index + 1] : UInt8(ascii: "\n")
                let isList = (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*"))
                    && (next == UInt8(ascii: " ") || next == UInt8(ascii: "\t"))
                if byte == UInt8(ascii: ">") || isList {
                    nesting += 1
                    if nesting > maximumNesting {
                        return Violation(message: "more than \(maximumNesting) block quotes or list items opened on one line",
                                         line: line, column: column)
                    }
                } else {
                    inPrefix = false
                }
            }
            if escaped { escaped = false; continue }
            switch byte {
            case UInt8(ascii: "\\"): escaped = true
            case UInt8(ascii: "|"):
                pipes += 1
                if pipes > maximumTableColumns {
                    return Violation(message: "a table row with more than \(maximumTableColumns) columns ('|' on one line)",
                                     line: line, column: column)
                }
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "`"):
                delimiters += 1
                if delimiters > maximumDelimiters {
                    return Violation(message: "more than \(maximumDelimiters) emphasis, link or code marks in one paragraph (it starts on line \(paragraphStart))",
                                     line: line, column: column)
                }
            default: break
            }
        }
        return nil
    }
}
