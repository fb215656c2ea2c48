import Foundation

/// Reads OSIS XML (CrossWire/SWORD, `mod2imp` output wrapped by scripts/import-sword) into books.
/// OSIS marks verses, chapters, paragraphs and lines with milestones (`sID`/`eID`) so they can
/// cross each other; only inline markup (`transChange`, `q`, `divineName`…) nests.
enum OSISReader {
    /// `versification`: what book, chapter and verse numbers the text may use (nil: any).
    static func read(_ file: SourceFile, versification: Versification? = nil, diagnostics: Diagnostics) -> [Book] {
        if let declared = declaredEncoding(file.text), !["utf-8", "utf8"].contains(declared.lowercased()) {
            // The bytes were checked as UTF-8; libxml2 would re-read them as the declared encoding
            // and turn every accented letter into mojibake, silently.
            diagnostics.error("the XML declaration says encoding '\(declared)', but sitegen reads every file as UTF-8; "
                              + "convert the file to UTF-8 and declare encoding=\"UTF-8\"", at: file.location(line: 1))
            return []
        }
        let handler = OSISHandler(file: file, versification: versification, diagnostics: diagnostics)
        if let failure = XMLStream.parse(file.text, delegate: handler, setup: { handler.stream = $0 }) {
            diagnostics.error("malformed XML: \(failure.message)", at: file.location(line: failure.line, column: failure.column))
            return []
        }
        return handler.books
    }
}

extension OSISReader {
    /// The `encoding` of a leading `<?xml …?>` declaration, if it has one.
    static func declaredEncoding(_ text: String) -> String? {
        // Only the declaration is searched: `range(of:)` on the whole text would index a
        // megabyte-long book for nothing.
        guard text.hasPrefix("<?xml") else { return nil }
        let head = String(decoding: text.utf8.prefix(256), as: UTF8.self)
        guard let end = head.range(of: "?>") else { return nil }
        let declaration = head[..<end.lowerBound]
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }
}

/// The SAX event handler: a small state machine over OSIS elements.
private final class OSISHandler: XMLStreamDelegate {
    /// What a start tag did, undone by its end tag.
    private enum Frame { case plain, style(Span.Style), title, book, skip }

    let file: SourceFile
    let versification: Versification?
    let diagnostics: Diagnostics
    /// Set before the first event (for line and column); the stream does not hold the handler back.
    var stream: XMLStream?
    var books: [Book] = []

    private var frames: [Frame] = []
    private var builder: BookBuilder?
    private var skipDepth = 0
    private var styles: [Span.Style] = []
    private var style: Span.Style = []
    private var jesusMilestone = false
    private var title: (main: Bool, spans: [Span])?

    init(file: SourceFile, versification: Versification?, diagnostics: Diagnostics) {
        self.file = file
        self.versification = versification
        self.diagnostics = diagnostics
    }

    private var here: SourceLocation { file.location(line: stream?.line ?? 1, column: stream?.column ?? 1) }

    func startElement(_ name: XMLName, attributes: XMLAttributes) {
        if skipDepth > 0 { skipDepth += 1; frames.append(.skip); return }
        frames.append(frame(for: name, attributes))
    }

    private func frame(for name: XMLName, _ attributes: XMLAttributes) -> Frame {
        switch name {
        case "verse": verse(attributes)   // the most frequent element first
        case "transChange":
            return attributes.has("type", equalTo: "added") ? push(.added) : .plain
        case "header", "note":
            // Notes (translators' margin) and the work header are kept in the source, not read.
            skipDepth = 1
            return .skip
        case "div": return division(attributes)
        case "divineName": return push(.divineName)
        case "lb":
            if attributes.has("type", equalTo: "x-p") { builder?.paragraphMark() }
        case "l":
            if !attributes.has("eID") { builder?.poetryMark() }
        case "milestone": bookNames(attributes)
        case "chapter": chapter(attributes)
        case "title":
            title = (attributes.has("type", equalTo: "main"), [])
            return .title
        case "speaker":
            // The Song of Solomon's "Beloved", "Lover": a heading before the verse it introduces.
            title = (false, [])
            return .title
        case "foreign": return push(.foreign)
        case "q": return quotation(attributes)
        default: break
        }
        return .plain
    }

    private func push(_ added: Span.Style) -> Frame {
        styles.append(style)
        style.formUnion(added)
        return .style(added)
    }

    private var currentStyle: Span.Style { jesusMilestone ? style.union(.jesus) : style }

    private func division(_ attributes: XMLAttributes) -> Frame {
        guard let type = attributes.value("type") else { return .plain }
        if type == "book", !attributes.has("sID"), !attributes.has("eID") {
            let id = attributes["osisID"] ?? ""
            guard let canon = Canon.book(osis: id) else {
                diagnostics.error("unknown book '\(id)' (expected an OSIS book id such as Gen, Ps, Matt)", at: here)
                skipDepth = 1
                return .skip
            }
            if let open = builder { books.append(finish(open)) }
            builder = BookBuilder(canon: canon, file: file, at: here, versification: versification, diagnostics: diagnostics)
            return .book
        }
        if type == "x-p", attributes.has("sID") { builder?.paragraphMark() }
        return .plain
    }

    private func bookNames(_ attributes: XMLAttributes) {
        guard let value = attributes["n"], let type = attributes.value("type") else { return }
        if type == "x-usfm-h" { builder?.name = value }
        if type == "x-usfm-toc3" { builder?.abbreviation = value }
    }

    private func chapter(_ attributes: XMLAttributes) {
        guard !attributes.has("eID") else { return }
        guard builder != nil else { return diagnostics.error("chapter outside a book", at: here) }
        let id = attributes["osisID"] ?? attributes["sID"] ?? ""
        let parts = id.split(separator: ".")
        guard parts.count == 2, let number = Int(parts[1]), number > 0 else {
            return diagnostics.error("chapter osisID must look like 'Gen.1' (got '\(id)')", at: here)
        }
        if parts[0] != builder!.canon.osis {
            diagnostics.error("chapter '\(id)' is not in the book \(builder!.canon.osis)", at: here)
        }
        builder!.startChapter(number, at: here)
    }

    private func verse(_ attributes: XMLAttributes) {
        if attributes.has("eID") { builder?.endVerse(); return }
        guard builder != nil else { return diagnostics.error("verse outside a book", at: here) }
        let raw = attributes.value("osisID") ?? attributes.value("sID")
        if let raw, let (chapter, number) = OSISVerseID.parse(raw.bytes, book: builder!.canon.osis),
           chapter == builder!.currentChapter {
            return builder!.startVerse(number, at: here)
        }
        // Anything but a plain "Gen.1.1" of the current chapter: the general (and reporting) path.
        // A verse may span several ids ("Gen.1.1 Gen.1.2"); it is filed under the first.
        let id = (attributes["osisID"] ?? attributes["sID"] ?? "").split(separator: " ").first.map(String.init) ?? ""
        let parts = id.split(separator: ".")
        guard parts.count == 3, let chapter = Int(parts[1]), let number = Int(parts[2]), number > 0 else {
            return diagnostics.error("verse osisID must look like 'Gen.1.1' (got '\(id)')", at: here)
        }
        if parts[0] != builder!.canon.osis || chapter != builder!.currentChapter {
            let where_ = builder!.currentChapter.map { "\(builder!.canon.osis).\($0)" } ?? builder!.canon.osis
            diagnostics.error("verse '\(id)' is not in \(where_)", at: here)
        }
        builder!.startVerse(number, at: here)
    }

    private func quotation(_ attributes: XMLAttributes) -> Frame {
        guard attributes.has("who", equalTo: "Jesus") else { return .plain }
        if attributes.has("sID") { jesusMilestone = true; return .plain }
        if attributes.has("eID") { jesusMilestone = false; return .plain }
        return push(.jesus)
    }

    func endElement(_ name: XMLName) {
        guard let frame = frames.popLast() else { return }
        switch frame {
        case .skip: skipDepth -= 1
        case .style: style = styles.popLast() ?? []
        case .title: closeTitle()
        case .book:
            if let open = builder { books.append(finish(open)) }
            builder = nil
        case .plain: break
        }
    }

    private func closeTitle() {
        guard let captured = title else { return }
        title = nil
        if captured.main {
            builder?.title = SpanText.plain(captured.spans)
        } else {
            builder?.heading(captured.spans)
        }
    }

    private func finish(_ open: BookBuilder) -> Book {
        var open = open
        return open.finish()
    }

    func characters(_ text: UnsafeBufferPointer<UInt8>) {
        guard skipDepth == 0 else { return }
        if title != nil {
            title!.spans.append(Span(String(decoding: text, as: UTF8.self), currentStyle))
        } else if builder != nil {
            builder!.text(text, style: currentStyle, at: here)
        } else if String(decoding: text, as: UTF8.self).contains(where: { !$0.isWhitespace }), !frames.isEmpty {
            diagnostics.error("text outside a book", at: here)
        }
    }
}

/// A verse's `osisID` of the plain form `Gen.1.1` (optionally followed by more ids after a space),
/// read from the attribute's bytes: the 31,102 verse tags are the bulk of the OSIS elements.
enum OSISVerseID {
    /// (chapter, verse) when `id` is `<book>.<digits>.<digits>` with a positive verse; nil for
    /// anything else, which the reader's general path handles and reports.
    static func parse(_ id: UnsafeBufferPointer<UInt8>, book: String) -> (chapter: Int, verse: Int)? {
        var book = book
        return book.withUTF8 { osis -> (Int, Int)? in
            guard id.count > osis.count, id[osis.count] == UInt8(ascii: "."),
                  memcmp(id.baseAddress!, osis.baseAddress!, osis.count) == 0 else { return nil }
            var i = osis.count + 1
            guard let chapter = number(id, &i), i < id.count, id[i] == UInt8(ascii: ".") else { return nil }
            i += 1
            guard let verse = number(id, &i), verse > 0, i == id.count || id[i] == UInt8(ascii: " ") else { return nil }
            return (chapter, verse)
        }
    }

    /// One to six ASCII digits from `i` on.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Int? {
        var value = 0, digits = 0
        while i < bytes.count, digits < 7, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            value = value * 10 + Int(bytes[i] - 0x30)
            i += 1
            digits += 1
        }
        return digits == 0 || digits > 6 ? nil : value
    }
}
