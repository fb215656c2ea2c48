import Foundation

/// Parses the body of a hymn file (everything after the front matter).
///
/// ```
/// First stanza, one line or several lines.
///
/// ::: chorus
/// **In the sweet by‐and‐by, We shall meet on that beautiful shore. :,:**
/// :::
///
/// Second stanza.
/// ```
///
/// Stanzas are separated by blank lines and numbered in order. `::: chorus` or `::: refrain`
/// opens a block that `:::` closes; each may appear once. `**…**` marks a passage the book sets
/// in bold, ending in its repeat sign. `\` escapes the next character (`\*`, `\\`, `\:::`).
public struct HymnBodyParser {
    public struct Result: Sendable {
        public var stanzas: [Passage] = []
        public var chorus: Passage?
        public var refrain: Passage?
        /// Line of the first text line, for "removed hymn has text" messages.
        public var firstTextLine: Int?
        public var isEmpty: Bool { stanzas.isEmpty && chorus == nil && refrain == nil }
    }

    let file: SourceFile
    let firstLine: Int
    let diagnostics: Diagnostics

    public init(file: SourceFile, firstLine: Int, diagnostics: Diagnostics) {
        self.file = file
        self.firstLine = firstLine
        self.diagnostics = diagnostics
    }

    private struct OpenBlock {
        let kind: ResponseKind
        let line: Int
        var lines: [Line] = []
    }

    /// What has been read so far: finished stanzas and blocks, the stanza and block being read.
    private struct State {
        var result = Result()
        var stanza: [Line] = []
        var block: OpenBlock?
        /// Line on which each kind of block was first given, to refuse a second one.
        var seen: [ResponseKind: Int] = [:]

        mutating func endStanza() {
            if !stanza.isEmpty { result.stanzas.append(Passage(lines: stanza)) }
            stanza = []
        }

        mutating func append(_ line: Line) {
            if block != nil { block!.lines.append(line) } else { stanza.append(line) }
        }
    }

    public func parse(_ body: String) -> Result {
        var state = State()
        var offset = 0
        // Lines split at "\n" bytes: a line feed is always a character of its own, so these are the
        // lines `split(separator: "\n")` gives, without breaking the text into characters first.
        for rawBytes in body.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            defer { offset += 1 }
            let lineNumber = firstLine + offset
            let raw = Substring(rawBytes)
            let text = Self.trimmingWhitespace(raw)
            if text.isEmpty || (text.hasPrefix("<!--") && text.hasSuffix("-->")) {
                // A blank line ends a stanza; inside a block it only separates lines.
                if state.block == nil { state.endStanza() }
                continue
            }
            if state.result.firstTextLine == nil { state.result.firstTextLine = lineNumber }
            if text.hasPrefix(":::") {
                fence(String(Self.trimmingWhitespace(text.dropFirst(3))), line: lineNumber, state: &state)
            } else if let line = parseLine(text, line: lineNumber, indent: Self.indent(raw)) {
                state.append(line)
            }
        }
        state.endStanza()
        if let open = state.block {
            error("unclosed '::: \(open.kind.rawValue)' block: add a line ':::' after its last line", line: open.line)
        }
        return state.result
    }

    /// `text.trimmingCharacters(in: .whitespaces)` (tab and the Unicode space separators, from
    /// both ends, scalar by scalar) without Foundation's cost per call.
    static func trimmingWhitespace(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, isWhitespace(scalars[start]) { start = scalars.index(after: start) }
        while end > start, isWhitespace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return Substring(scalars[start..<end])
    }

    /// Membership in `CharacterSet.whitespaces`: within ASCII only space and tab.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || (!scalar.isASCII && CharacterSet.whitespaces.contains(scalar))
    }

    /// How many space or tab characters the line starts with (for error columns).
    static func indent(_ raw: Substring) -> Int {
        let bytes = raw.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
        // A non-ASCII scalar right after them may join the last one into one character: count characters.
        guard bytes > 0, let next = raw.utf8.dropFirst(bytes).first, next >= 0x80 else { return bytes }
        return raw.prefix { $0 == " " || $0 == "\t" }.count
    }

    /// `::: chorus` / `::: refrain` opens a block, a bare `:::` closes it.
    private func fence(_ name: String, line: Int, state: inout State) {
        if name.isEmpty {
            guard let open = state.block else {
                error("':::' closes a chorus or refrain block, but none is open", line: line)
                return
            }
            close(open, state: &state)
            state.block = nil
            return
        }
        guard let kind = ResponseKind(rawValue: name.lowercased()) else {
            error("unknown block '::: \(name)' (write '::: chorus' or '::: refrain')", line: line, column: 5)
            return
        }
        if let open = state.block {
            error("'::: \(kind.rawValue)' inside the \(open.kind.rawValue) block opened on line \(open.line); close it with ':::' first",
                  line: line)
            return
        }
        state.endStanza()
        state.block = OpenBlock(kind: kind, line: line)
    }

    private func close(_ block: OpenBlock, state: inout State) {
        if block.lines.isEmpty {
            error("empty \(block.kind.rawValue) block", line: block.line)
            return
        }
        if let earlier = state.seen[block.kind] {
            error("a second \(block.kind.rawValue) (the first is on line \(earlier)); a hymn has one \(block.kind.rawValue), sung after every stanza",
                  line: block.line)
            return
        }
        state.seen[block.kind] = block.line
        let passage = Passage(lines: block.lines)
        if block.kind == .chorus { state.result.chorus = passage } else { state.result.refrain = passage }
    }

    /// One text line into segments: `**` toggles a marked passage, `\` escapes.
    func parseLine(_ text: Substring, line: Int, indent: Int) -> Line? {
        // Most lines have neither: the whole line is one plain segment.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "\\") }) else {
            return Line([.plain(String(text))])
        }
        var segments: [Segment] = []
        var current = ""
        var marked = false
        var markStart = 0
        var column = indent
        func flush() {
            guard !current.isEmpty || marked else { return }
            segments.append(marked ? RepeatSign.split(current) : .plain(current))
            current = ""
        }
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            var next = text.index(after: index)
            column += 1
            if character == "\\", next < text.endIndex {
                column += 1
                current.append(text[next])
                next = text.index(after: next)
            } else if character == "*", next < text.endIndex, text[next] == "*" {
                if marked { flush(); marked = false } else {
                    flush(); marked = true; markStart = column
                }
                column += 1
                next = text.index(after: next)
            } else {
                current.append(character)
            }
            index = next
        }
        if marked {
            error("'**' opens a repeated passage that is not closed on this line (end it with '**')", line: line, column: markStart)
            return nil
        }
        flush()
        return Line(segments)
    }

    private func error(_ message: String, line: Int, column: Int = 1) {
        diagnostics.error(message, at: file.location(line: line, column: column))
    }
}

/// The book's repeat sign at the end of a bold passage: `:,:` (sing twice), `:,:,:`.
public enum RepeatSign {
    /// Splits "Lose all their guilty stains. :,:,:" into the text and the sign.
    public static func split(_ inner: String) -> Segment {
        guard let space = inner.lastIndex(of: " ") else {
            return isSign(inner) ? Segment(text: "", marked: true, repeatSign: inner) : Segment(text: inner, marked: true)
        }
        let sign = String(inner[inner.index(after: space)...])
        guard isSign(sign) else { return Segment(text: inner, marked: true) }
        return Segment(text: String(inner[..<space]), marked: true, repeatSign: sign)
    }

    /// `:,:`, `:,:,:`, `:,:,:,:` …
    public static func isSign(_ text: String) -> Bool {
        guard text.count >= 3, text.first == ":", text.last == ":" else { return false }
        return text.enumerated().allSatisfy { index, character in character == (index % 2 == 0 ? ":" : ",") }
    }

    /// How a segment is written back: text, a space, the sign.
    public static func join(_ segment: Segment) -> String {
        guard let sign = segment.repeatSign else { return segment.text }
        return segment.text.isEmpty ? sign : segment.text + " " + sign
    }
}
