import Foundation

/// Collects one book's text while a reader (OSIS or USFM) walks its source, and checks the
/// order of chapters and verses on the way. Both readers feed it the same events, which is
/// what makes an OSIS file and its USFM twin come out as the same `Book`.
struct BookBuilder {
    let canon: CanonBook
    let file: SourceFile
    let diagnostics: Diagnostics
    let start: SourceLocation
    var name: String?
    var title: String?
    var abbreviation: String?

    private var chapters: [Chapter] = []
    private var chapterNumber: Int?
    private var chapterLine = 0
    private var verses: [Verse] = []
    private var verseLines: [Int: Int] = [:]
    private var chapterLines: [Int: Int] = [:]

    // The verse being read.
    private var verseNumber: Int?
    private var spans: [Span] = []
    private var hasText = false
    private var headings: [[Span]] = []
    private var subscription: [Span] = []
    private var paragraph = false
    private var poetry = false
    // Marks seen before a verse's first word belong to that verse.
    private var pendingParagraph = false
    private var pendingPoetry = false
    private var pendingHeadings: [[Span]] = []

    init(canon: CanonBook, file: SourceFile, at start: SourceLocation, diagnostics: Diagnostics) {
        self.canon = canon
        self.file = file
        self.start = start
        self.diagnostics = diagnostics
    }

    var currentChapter: Int? { chapterNumber }
    var inVerse: Bool { verseNumber != nil }

    private func reference(_ chapter: Int, _ verse: Int? = nil) -> String {
        "\(canon.name) \(chapter)" + (verse.map { ":\($0)" } ?? "")
    }

    mutating func startChapter(_ number: Int, at location: SourceLocation) {
        endVerse()
        closeChapter()
        if let previous = chapterLines[number] {
            diagnostics.error("duplicate chapter \(reference(number)) (already at line \(previous))", at: location)
        } else if let last = chapters.last?.number, number < last {
            diagnostics.error("chapter \(reference(number)) comes after chapter \(last); chapters must be in order", at: location)
        }
        chapterLines[number] = location.line
        chapterNumber = number
        chapterLine = location.line
    }

    mutating func startVerse(_ number: Int, at location: SourceLocation) {
        endVerse()
        guard let chapter = chapterNumber else {
            diagnostics.error("verse \(number) of \(canon.name) comes before any chapter", at: location)
            return
        }
        if let previous = verseLines[number] {
            diagnostics.error("duplicate verse \(reference(chapter, number)) (already at line \(previous))", at: location)
        } else if let last = verses.last?.number, number < last {
            diagnostics.error("verse \(reference(chapter, number)) comes after verse \(last); verses must be in order", at: location)
        }
        verseLines[number] = location.line
        verseNumber = number
    }

    /// Text in the current style; whitespace between verses is layout and ignored.
    mutating func text(_ text: String, style: Span.Style, at location: @autoclosure () -> SourceLocation) {
        guard verseNumber != nil else {
            if !SpanText.isBlank(text) {
                diagnostics.error("text outside a verse: '\(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(40))'", at: location())
            }
            return
        }
        if !hasText, SpanText.isBlank(text) { return }
        if !hasText { takePendingMarks() }
        hasText = true
        if let last = spans.last, last.style == style {
            spans[spans.count - 1].text += text
        } else {
            spans.append(Span(text, style))
        }
    }

    /// A heading (psalm title, acrostic letter) before a verse, or a subscription after one.
    mutating func heading(_ heading: [Span]) {
        let cleaned = SpanText.normalize(heading)
        guard !cleaned.isEmpty else { return }
        if hasText { subscription += (subscription.isEmpty ? [] : [Span(" ")]) + cleaned } else { pendingHeadings.append(cleaned) }
    }

    /// USFM's headings (\d, \qa, \s) stand between verses: one ends the verse before it and
    /// belongs to the next; with no next verse in the chapter it closes the last one.
    mutating func headingBeforeNextVerse(_ heading: [Span]) {
        let cleaned = SpanText.normalize(heading)
        guard !cleaned.isEmpty else { return }
        endVerse()
        pendingHeadings.append(cleaned)
    }

    mutating func paragraphMark() { pendingParagraph = true }
    mutating func poetryMark() { pendingPoetry = true }

    private mutating func takePendingMarks() {
        paragraph = pendingParagraph
        poetry = pendingPoetry
        headings = pendingHeadings
        pendingParagraph = false
        pendingPoetry = false
        pendingHeadings = []
    }

    mutating func endVerse() {
        guard let number = verseNumber else { return }
        if !hasText { takePendingMarks() }
        verses.append(Verse(number: number, headings: headings, spans: SpanText.normalize(spans), paragraph: paragraph,
                            poetry: poetry, subscription: SpanText.normalize(subscription)))
        verseNumber = nil
        spans = []
        hasText = false
        headings = []
        subscription = []
        paragraph = false
        poetry = false
    }

    private mutating func closeChapter() {
        guard let number = chapterNumber else { return }
        if !pendingHeadings.isEmpty, let last = verses.popLast() {
            let closing = pendingHeadings.flatMap { ($0 == pendingHeadings.first ? [] : [Span(" ")]) + $0 }
            verses.append(Verse(number: last.number, headings: last.headings, spans: last.spans, paragraph: last.paragraph,
                                poetry: last.poetry, subscription: SpanText.normalize(last.subscription + closing)))
            pendingHeadings = []
        }
        if verses.isEmpty {
            diagnostics.error("chapter \(reference(number)) has no verses", at: file.location(line: chapterLine))
        }
        if chapterLines[number] == chapterLine, !chapters.contains(where: { $0.number == number }) {
            chapters.append(Chapter(number: number, verses: verses))
        }
        verses = []
        verseLines = [:]
        chapterNumber = nil
    }

    mutating func finish() -> Book {
        endVerse()
        closeChapter()
        if chapters.isEmpty { diagnostics.error("book \(canon.name) has no chapters", at: start) }
        return Book(canon: canon, name: name ?? canon.name, title: title ?? name ?? canon.name,
                    abbreviation: abbreviation ?? canon.osis, chapters: chapters.sorted { $0.number < $1.number })
    }
}

/// Whitespace rules for verse text: sources break lines and indent freely; readers see single
/// spaces, no leading or trailing space, and adjacent runs of one style merged.
enum SpanText {
    static func normalize(_ spans: [Span]) -> [Span] {
        var result: [Span] = []
        var lastWasSpace = true  // drops leading whitespace
        var bytes: [UInt8] = []
        for span in spans {
            bytes.removeAll(keepingCapacity: true)
            // Bytes, not String appends: this runs over every word of the Bible on each build.
            for scalar in span.text.unicodeScalars {
                if isSpace(scalar.value) {
                    if !lastWasSpace { bytes.append(0x20) }
                    lastWasSpace = true
                } else {
                    if scalar.isASCII { bytes.append(UInt8(scalar.value)) } else { UTF8.encode(scalar) { bytes.append($0) } }
                    lastWasSpace = false
                }
            }
            guard !bytes.isEmpty else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            if let last = result.last, last.style == span.style {
                result[result.count - 1].text += text
            } else {
                result.append(Span(text, span.style))
            }
        }
        // Trailing space: trim the last span, and drop it if nothing is left.
        while let last = result.last, last.text.hasSuffix(" ") {
            let trimmed = String(last.text.dropLast())
            if trimmed.isEmpty { result.removeLast() } else { result[result.count - 1].text = trimmed }
        }
        return result
    }

    /// Unicode White_Space, by value: `Unicode.Scalar.Properties` lookups were the read
    /// stage's hottest spot.
    @inline(__always) static func isSpace(_ v: UInt32) -> Bool {
        switch v {
        case 0x20, 0x09...0x0D, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    static func isBlank(_ text: String) -> Bool { text.unicodeScalars.allSatisfy { isSpace($0.value) } }

    static func plain(_ spans: [Span]) -> String { normalize(spans).map(\.text).joined() }
}
