import Foundation

/// A template problem with the byte offset it was found at.
struct TemplateSyntaxError: Error {
    let message: String
    let offset: Int
}

/// One piece of a template: text (never spanning a line end), a line end, or a tag.
struct ScannedToken {
    enum Kind: Equatable {
        case text
        case newline
        /// `sigil` is the byte after the opening delimiter (`#`, `^`, `/`, `!`, `>`, `<`, `$`,
        /// `=`, `&`, `{`) or 0 for a plain `{{name}}`.
        case tag(sigil: UInt8, name: String)
    }
    var kind: Kind
    /// Byte offset of the text or of the tag's opening delimiter.
    var offset: Int
    var bytes: ArraySlice<UInt8> = []
    /// Text that starts a line (block definitions take their indentation off such text).
    var startsLine = false
    /// A tag alone on its line: the line's whitespace and line end are not output.
    var standalone = false
    /// The whitespace before a standalone tag (partials and blocks indent their lines by it).
    var indentation: [UInt8] = []
}

/// Cuts a template into tokens, applying the Mustache rules for standalone lines: a line with
/// only whitespace and one section, comment, partial, parent, block or delimiter tag leaves no
/// trace in the output. `{{=<% %>=}}` changes the delimiters from there on.
struct TemplateScanner {
    private let bytes: [UInt8]
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)
    private var tokens: [ScannedToken] = []
    private var line: [ScannedToken] = []

    static let sigils: Set<UInt8> = Set("#^/!><$=&{".utf8)
    static let standaloneSigils: Set<UInt8> = Set("#^/!><$=".utf8)

    init(_ text: String) { bytes = Array(text.utf8) }

    static func scan(_ text: String) throws(TemplateSyntaxError) -> [ScannedToken] {
        var scanner = TemplateScanner(text)
        try scanner.run()
        return scanner.tokens
    }

    private mutating func run() throws(TemplateSyntaxError) {
        var position = 0
        while position < bytes.count {
            let next = nextBreak(from: position)
            if next > position {
                line.append(ScannedToken(kind: .text, offset: position, bytes: bytes[position..<next], startsLine: line.isEmpty))
            }
            if next == bytes.count { break }
            if bytes[next] == UInt8(ascii: "\n") {
                line.append(ScannedToken(kind: .newline, offset: next, bytes: bytes[next...next]))
                endLine()
                position = next + 1
            } else {
                position = try tag(at: next)
            }
        }
        endLine()
    }

    /// The offset of the next line end or opening delimiter (or the end).
    private func nextBreak(from start: Int) -> Int {
        var index = start
        let first = open[0]
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || (byte == first && matches(open, at: index)) { return index }
            index += 1
        }
        return index
    }

    private func matches(_ delimiter: [UInt8], at index: Int) -> Bool {
        guard index + delimiter.count <= bytes.count else { return false }
        for (i, byte) in delimiter.enumerated() where bytes[index + i] != byte { return false }
        return true
    }

    private func find(_ delimiter: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + delimiter.count <= bytes.count {
            if matches(delimiter, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// Reads the tag at `start`; returns the offset after it.
    private mutating func tag(at start: Int) throws(TemplateSyntaxError) -> Int {
        let contentStart = start + open.count
        var sigil: UInt8 = contentStart < bytes.count ? bytes[contentStart] : 0
        if !Self.sigils.contains(sigil) { sigil = 0 }
        let closing = sigil == UInt8(ascii: "{") ? Array("}".utf8) + close
            : sigil == UInt8(ascii: "=") ? Array("=".utf8) + close : close
        let bodyStart = contentStart + (sigil == 0 ? 0 : 1)
        guard let end = find(closing, from: bodyStart) else {
            throw TemplateSyntaxError(message: "unclosed tag (no '\(String(decoding: close, as: UTF8.self))')", offset: start)
        }
        let body = String(decoding: bytes[bodyStart..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch sigil {
        case UInt8(ascii: "!"): break
        case UInt8(ascii: "="): try setDelimiters(body, at: start)
        default:
            if body.isEmpty || body.contains(where: \.isWhitespace) {
                throw TemplateSyntaxError(message: "'\(String(decoding: bytes[start..<(end + closing.count)], as: UTF8.self))' needs one name without spaces", offset: start)
            }
        }
        line.append(ScannedToken(kind: .tag(sigil: sigil, name: body), offset: start))
        return end + closing.count
    }

    private mutating func setDelimiters(_ body: String, at offset: Int) throws(TemplateSyntaxError) {
        let parts = body.split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw TemplateSyntaxError(message: "a delimiter tag looks like {{=<% %>=}}", offset: offset)
        }
        open = Array(parts[0].utf8)
        close = Array(parts[1].utf8)
    }

    /// Ends the current line: a standalone tag loses its line's whitespace and line end.
    private mutating func endLine() {
        defer { line.removeAll(keepingCapacity: true) }
        let tags = line.indices.filter { if case .tag = line[$0].kind { return true } else { return false } }
        guard tags.count == 1, case .tag(let sigil, _) = line[tags[0]].kind, Self.standaloneSigils.contains(sigil),
              line.allSatisfy({ $0.kind != .text || $0.bytes.allSatisfy(Self.isBlank) }) else {
            tokens += line
            return
        }
        var tag = line[tags[0]]
        tag.standalone = true
        tag.indentation = line[..<tags[0]].flatMap(\.bytes)
        tokens.append(tag)
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
}
