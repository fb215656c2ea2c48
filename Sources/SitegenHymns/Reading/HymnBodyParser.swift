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
        for (offset, raw) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = firstLine + offset
            let text = raw.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || (text.hasPrefix("<!--") && text.hasSuffix("-->")) {
                // A blank line ends a stanza; inside a block it only separates lines.
                if state.block == nil { state.endStanza() }
                continue
            }
            if state.result.firstTextLine == nil { state.result.firstTextLine = lineNumber }
            if text.hasPrefix(":::") {
                fence(text.dropFirst(3).trimmingCharacters(in: .whitespaces), line: lineNumber, state: &state)
            } else if let line = parseLine(text, line: lineNumber, indent: raw.prefix { $0 == " " || $0 == "\t" }.count) {
                state.append(line)
            }
        }
        state.endStanza()
        if let open = state.block {
            error("unclosed '::: \(open.kind.rawValue)' block: add a line ':::' after its last line", line: open.line)
        }
        return state.result
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
    func parseLine(_ text: String, line: Int, indent: Int) -> Line? {
        var segments: [Segment] = []
        var current = ""
        var marked = false
        var markStart = 0
        var characters = Array(text)[...]
        var column = indent
        func flush() {
            guard !current.isEmpty || marked else { return }
            segments.append(marked ? RepeatSign.split(current) : .plain(current))
            current = ""
        }
        while let character = characters.popFirst() {
            column += 1
            if character == "\\", let next = characters.popFirst() {
                column += 1
                current.append(next)
            } else if character == "*", characters.first == "*" {
                characters.removeFirst()
                if marked { flush(); marked = false } else {
                    flush(); marked = true; markStart = column
                }
                column += 1
            } else {
                current.append(character)
            }
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
