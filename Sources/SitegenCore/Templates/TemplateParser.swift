/// Builds the node tree of a template from its tokens: sections nest, a parent (`{{<layout}}`)
/// keeps only its block definitions, adjacent text becomes one node.
struct TemplateParser {
    private let source: [UInt8]
    private let tokens: [ScannedToken]
    private var index = 0
    private var references: [TemplateReference] = []
    /// Sections, blocks and parents open around the current token.
    private var depth = 0

    /// How deep sections, blocks and parents may nest. Parsing and rendering recurse once per
    /// level: 20,000 nested `{{#page}}` overflowed the stack (SIGSEGV); no real template needs
    /// more than a handful.
    static let maximumNesting = 100

    /// A problem with its 1-based line and column.
    struct Failure: Error {
        let message: String
        let line: Int
        let column: Int
    }

    static func parse(_ text: String, name: String) throws(Failure) -> Template {
        let source = Array(text.utf8)
        do {
            var parser = TemplateParser(source: source, tokens: try TemplateScanner.scan(text))
            let nodes = try parser.nodes(closing: nil)
            return Template(name: name, nodes: nodes, references: parser.references)
        } catch {
            let (line, column) = position(of: error.offset, in: source)
            throw Failure(message: error.message, line: line, column: column)
        }
    }

    private init(source: [UInt8], tokens: [ScannedToken]) {
        self.source = source
        self.tokens = tokens
    }

    /// The nodes up to `{{/name}}` of the open section `closing` (or up to the end).
    /// `dedent`: inside a block definition, how much indentation to take off each line.
    private mutating func nodes(closing: ScannedToken?, dedent: Int = 0) throws(TemplateSyntaxError) -> [TemplateNode] {
        try enter(closing)
        defer { depth -= closing == nil ? 0 : 1 }
        var nodes: [TemplateNode] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            guard case .tag(let sigil, let name) = token.kind else {
                nodes.append(.text(Array(token.startsLine ? Self.dedented(token.bytes, by: dedent) : token.bytes)))
                continue
            }
            switch sigil {
            case UInt8(ascii: "!"), UInt8(ascii: "="): continue
            case 0: nodes.append(.value(TemplateName(name), escaped: true))
            case UInt8(ascii: "{"), UInt8(ascii: "&"): nodes.append(.value(TemplateName(name), escaped: false))
            case UInt8(ascii: "#"): nodes.append(.section(TemplateName(name), try self.nodes(closing: token, dedent: dedent)))
            case UInt8(ascii: "^"): nodes.append(.inverted(TemplateName(name), try self.nodes(closing: token, dedent: dedent)))
            case UInt8(ascii: "$"):
                nodes.append(.block(name, try self.nodes(closing: token, dedent: dedent), indentation: indentation(token)))
            case UInt8(ascii: ">"):
                try reference(name, token)
                nodes.append(.partial(name, indentation: indentation(token)))
            case UInt8(ascii: "<"):
                try reference(name, token)
                nodes.append(.parent(name, blocks: try blocks(of: token), indentation: indentation(token)))
            default:   // "/"
                try close(name, token, open: closing)
                return Self.merged(nodes)
            }
        }
        if let closing { throw unclosed(closing) }
        return Self.merged(nodes)
    }

    /// The block definitions between `{{<name}}` and `{{/name}}`; other text there is not output.
    private mutating func blocks(of parent: ScannedToken) throws(TemplateSyntaxError) -> [String: [TemplateNode]] {
        try enter(parent)
        defer { depth -= 1 }
        var blocks: [String: [TemplateNode]] = [:]
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            guard case .tag(let sigil, let name) = token.kind else { continue }
            switch sigil {
            case UInt8(ascii: "!"), UInt8(ascii: "="): continue
            case UInt8(ascii: "$"):
                // A block's own indentation is taken off its lines; the place it fills adds its own.
                let body = try nodes(closing: token, dedent: token.standalone ? token.indentation.count : 0)
                if blocks[name] == nil { blocks[name] = body }
            case UInt8(ascii: "/"):
                try close(name, token, open: parent)
                return blocks
            default:
                throw TemplateSyntaxError(message: "only {{$block}}…{{/block}} sections can be inside \(tagText(parent))", offset: token.offset)
            }
        }
        throw unclosed(parent)
    }

    /// Counts one more level of nesting for `open` (nil: the template itself), refusing too many.
    private mutating func enter(_ open: ScannedToken?) throws(TemplateSyntaxError) {
        guard let open else { return }
        depth += 1
        if depth > Self.maximumNesting {
            throw TemplateSyntaxError(message: "\(tagText(open)) is nested more than \(Self.maximumNesting) sections or blocks deep",
                                      offset: open.offset)
        }
    }

    private func close(_ name: String, _ token: ScannedToken, open: ScannedToken?) throws(TemplateSyntaxError) {
        guard let open else {
            throw TemplateSyntaxError(message: "'{{/\(name)}}' closes nothing (no section '\(name)' is open)", offset: token.offset)
        }
        guard case .tag(_, let openName) = open.kind, openName == name else {
            throw TemplateSyntaxError(message: "'{{/\(name)}}' does not close \(tagText(open)) of line \(Self.position(of: open.offset, in: source).0)", offset: token.offset)
        }
    }

    private func unclosed(_ open: ScannedToken) -> TemplateSyntaxError {
        TemplateSyntaxError(message: "\(tagText(open)) is never closed", offset: open.offset)
    }

    private mutating func reference(_ name: String, _ token: ScannedToken) throws(TemplateSyntaxError) {
        if name.hasPrefix("*") {
            throw TemplateSyntaxError(message: "dynamic template names ('\(name)') are not supported", offset: token.offset)
        }
        let (line, column) = Self.position(of: token.offset, in: source)
        references.append(TemplateReference(name: name, line: line, column: column))
    }

    private func indentation(_ token: ScannedToken) -> [UInt8] { token.standalone ? token.indentation : [] }

    private func tagText(_ token: ScannedToken) -> String {
        guard case .tag(let sigil, let name) = token.kind else { return "" }
        return "'{{\(sigil == 0 ? "" : String(UnicodeScalar(sigil)))\(name)}}'"
    }

    static func dedented(_ bytes: ArraySlice<UInt8>, by count: Int) -> ArraySlice<UInt8> {
        var start = bytes.startIndex
        while start < bytes.endIndex, start - bytes.startIndex < count, TemplateScanner.isBlank(bytes[start]) { start += 1 }
        return bytes[start...]
    }

    /// Joins neighbouring text nodes, so rendering appends each run of text once.
    static func merged(_ nodes: [TemplateNode]) -> [TemplateNode] {
        var result: [TemplateNode] = []
        for node in nodes {
            if case .text(let more) = node, case .text(let text)? = result.last {
                result[result.count - 1] = .text(text + more)
            } else if case .text(let text) = node, text.isEmpty {
                continue
            } else {
                result.append(node)
            }
        }
        return result
    }

    /// 1-based line and column (in characters) of a byte offset.
    static func position(of offset: Int, in source: [UInt8]) -> (Int, Int) {
        let before = source[..<min(offset, source.count)]
        let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return (line, String(decoding: source[lineStart..<min(offset, source.count)], as: UTF8.self).count + 1)
    }
}
