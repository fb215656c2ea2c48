import Foundation

/// Reads USFM 3 (Paratext, eBible.org) into the same `Book` model as the OSIS reader.
/// Supported: \id \h \toc1-3 \mt1-4 \c \v \p \m \pi \nb \b \q1-4 \d \qa \s \add \wj \nd \w \qac
/// \sc \f…\f* and \x…\x* (notes, skipped); anything else is reported, never silently dropped.
enum USFMReader {
    static func read(_ file: SourceFile, versification: Versification? = nil, diagnostics: Diagnostics) -> [Book] {
        var reader = USFMParse(file: file, versification: versification, diagnostics: diagnostics)
        reader.run()
        return reader.books
    }
}

private struct USFMParse {
    let file: SourceFile
    let versification: Versification?
    let diagnostics: Diagnostics
    var books: [Book] = []

    private var builder: BookBuilder?
    /// Open character styles, innermost last, with where each opened.
    private var open: [(marker: String, style: Span.Style, at: SourceLocation)] = []
    private var noteDepth = 0
    /// `\w word|lemma…\w*`: text after `|` is attributes, not words.
    private var inWordAttributes = false
    /// Text of a line-valued marker (\h, \toc2, \mt…) or of a heading (\d, \qa, \s).
    private var capture: (marker: String, spans: [Span])?

    private static let ignoredLine: Set<String> = ["usfm", "ide", "rem", "sts", "toc1", "cl", "h1"]
    private static let paragraphs: Set<String> = ["p", "m", "pi", "pi1", "pi2", "nb", "b", "mi", "li", "li1", "li2", "q", "q1", "q2", "q3", "q4", "qm", "qm1", "qm2", "pmo", "pc", "qr"]
    private static let characterStyles: [String: Span.Style] = ["add": .added, "wj": .jesus, "nd": .divineName, "qac": [], "sc": [], "w": [], "tl": .foreign, "bk": [], "it": []]

    init(file: SourceFile, versification: Versification?, diagnostics: Diagnostics) {
        self.file = file
        self.versification = versification
        self.diagnostics = diagnostics
    }

    private var style: Span.Style { open.reduce(into: []) { $0.formUnion($1.style) } }

    mutating func run() {
        for (index, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            scan(Substring(line), line: index + 1)
        }
        closeCapture()
        for item in open { diagnostics.error("\\\(item.marker) is never closed with \\\(item.marker)*", at: item.at) }
        if let builder { books.append(finishing(builder)) }
    }

    private func finishing(_ builder: BookBuilder) -> Book {
        var builder = builder
        return builder.finish()
    }

    /// Splits a line into markers and text.
    private mutating func scan(_ line: Substring, line number: Int) {
        var rest = line
        var column = 1
        // A line break inside verse text is a space.
        if builder?.inVerse == true, capture == nil { text(" ", at: number, column) }
        while !rest.isEmpty {
            if rest.first == "\\" {
                let markerText = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "*" }
                var markerEnd = rest.index(rest.startIndex, offsetBy: 1 + markerText.count)
                // One space after an opening marker belongs to the marker.
                if !markerText.hasSuffix("*"), markerEnd < rest.endIndex, rest[markerEnd] == " " { markerEnd = rest.index(after: markerEnd) }
                let location = file.location(line: number, column: column)
                column += rest[rest.startIndex..<markerEnd].count
                rest = rest[markerEnd...]
                marker(String(markerText), at: location, rest: &rest, column: &column)
            } else {
                let chunk = rest.prefix { $0 != "\\" }
                text(String(chunk), at: number, column)
                column += chunk.count
                rest = rest.dropFirst(chunk.count)
            }
        }
    }

    /// Takes the first word of `rest` (a chapter or verse number, a book code).
    private static func word(_ rest: inout Substring, _ column: inout Int) -> String {
        let word = rest.prefix { !$0.isWhitespace }
        rest = rest.dropFirst(word.count)
        let spaces = rest.prefix { $0 == " " }
        rest = rest.dropFirst(spaces.count)
        column += word.count + spaces.count
        return String(word)
    }

    private mutating func marker(_ raw: String, at location: SourceLocation, rest: inout Substring, column: inout Int) {
        let closing = raw.hasSuffix("*")
        let name = String(raw.drop { $0 == "+" }.prefix { $0 != "*" })
        if noteDepth > 0 {
            if (name == "f" || name == "x") && closing { noteDepth -= 1 }
            return  // footnote and cross-reference content is not verse text
        }
        if name == "f" || name == "x" || name == "fe" {
            if !closing { noteDepth += 1 }
            return
        }
        if let style = Self.characterStyles[name] {
            return character(name, style: style, closing: closing, at: location)
        }
        if closing { return diagnostics.error("unknown closing marker \\\(raw)", at: location) }
        switch name {
        case "id":
            identify(Self.word(&rest, &column), at: location)
            capture = ("rem", [])  // the rest of the \id line is a free description
        case "c":
            closeCapture()
            let value = Self.word(&rest, &column)
            guard let number = Int(value), number > 0 else { return diagnostics.error("\\c needs a chapter number (got '\(value)')", at: location) }
            guard builder != nil else { return diagnostics.error("\\c before \\id", at: location) }
            builder!.startChapter(number, at: location)
        case "v":
            closeCapture()
            let value = Self.word(&rest, &column)
            guard let number = Int(value.prefix { $0.isNumber }), number > 0 else {
                return diagnostics.error("\\v needs a verse number (got '\(value)')", at: location)
            }
            guard builder != nil else { return diagnostics.error("\\v before \\id", at: location) }
            builder!.startVerse(number, at: location)
        case "h", "toc2", "toc3", "mt", "mt1", "mt2", "mt3", "mt4", "d", "qa", "s", "s1", "s2", "ms", "mr", "sr", "r":
            closeCapture()
            if builder == nil { diagnostics.error("\\\(name) before \\id", at: location) }
            capture = (name, [])
        case _ where Self.paragraphs.contains(name):
            closeCapture()
            if ["p", "pi", "pi1", "pi2"].contains(name) { builder?.paragraphMark() }
            if name.hasPrefix("q") { builder?.poetryMark() }
        case _ where Self.ignoredLine.contains(name):
            closeCapture()
            capture = ("rem", [])
        default:
            diagnostics.error("unknown USFM marker \\\(name)", at: location)
        }
    }

    private mutating func identify(_ code: String, at location: SourceLocation) {
        closeCapture()
        if let open = builder { books.append(finishing(open)) }
        builder = nil
        guard let canon = Canon.book(usfm: code) else {
            return diagnostics.error("unknown book code '\(code)' in \\id (expected a USFM code such as GEN, PSA, MAT)", at: location)
        }
        builder = BookBuilder(canon: canon, file: file, at: location, versification: versification, diagnostics: diagnostics)
    }

    private mutating func character(_ name: String, style: Span.Style, closing: Bool, at location: SourceLocation) {
        if !closing {
            open.append((name, style, location))
            return
        }
        guard let last = open.last, last.marker == name else {
            return diagnostics.error("\\\(name)* closes nothing" + (open.last.map { " (\\\($0.marker) is open)" } ?? ""), at: location)
        }
        open.removeLast()
        if name == "w" { inWordAttributes = false }
    }

    private mutating func text(_ raw: String, at line: Int, _ column: Int) {
        guard noteDepth == 0 else { return }
        var value = raw
        if open.last?.marker == "w" {
            if inWordAttributes { return }
            if let bar = value.firstIndex(of: "|") {
                value = String(value[..<bar])
                inWordAttributes = true
            }
        }
        if capture != nil {
            capture!.spans.append(Span(value, style))
        } else if builder != nil {
            builder!.text(value, style: style, at: file.location(line: line, column: column))
        } else if value.contains(where: { !$0.isWhitespace }) {
            diagnostics.error("text before \\id", at: file.location(line: line, column: column))
        }
    }

    private mutating func closeCapture() {
        guard let captured = capture else { return }
        capture = nil
        let plain = SpanText.plain(captured.spans)
        switch captured.marker {
        case "h": builder?.name = plain
        case "toc3": builder?.abbreviation = plain
        case "mt", "mt1": builder?.title = plain
        case "d", "qa", "s", "s1", "s2": builder?.headingBeforeNextVerse(captured.spans)
        default: break
        }
    }
}
