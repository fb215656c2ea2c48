import Foundation

/// Collects one book's text while a reader (OSIS or USFM) walks its source, and checks the
/// order of chapters and verses on the way. Both readers feed it the same events, which is
/// what makes an OSIS file and its USFM twin come out as the same `Book`.
struct BookBuilder {
    let canon: CanonBook
    let file: SourceFile
    /// The numbering the text must keep to (nil: any, as in a lone file's checks).
    let versification: Versification?
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
    /// The verse's text, whitespace-normalised as it arrives.
    private var spans = SpanCollector()
    private var hasText = false
    private var headings: [[Span]] = []
    private var subscription: [Span] = []
    private var paragraph = false
    private var poetry = false
    // Marks seen before a verse's first word belong to that verse.
    private var pendingParagraph = false
    private var pendingPoetry = false
    private var pendingHeadings: [[Span]] = []

    init(canon: CanonBook, file: SourceFile, at start: SourceLocation, versification: Versification? = nil,
         diagnostics: Diagnostics) {
        self.canon = canon
        self.file = file
        self.start = start
        self.versification = versification
        self.diagnostics = diagnostics
        if let versification, !versification.has(canon) {
            diagnostics.error("book \(canon.name) is not in the \(versification.name) versification", at: start)
        }
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
        if let versification, versification.has(canon), let count = versification.chapterCount(canon), number > count {
            diagnostics.error("chapter \(reference(number)) is outside the \(versification.name) versification "
                              + "(\(canon.name) has \(count) chapter\(count == 1 ? "" : "s"))", at: location)
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
        if let versification, let count = versification.verseCount(canon, chapter), number > count {
            diagnostics.error("verse \(reference(chapter, number)) is outside the \(versification.name) versification "
                              + "(\(reference(chapter)) has \(count) verses)", at: location)
        }
        verseLines[number] = location.line
        verseNumber = number
    }

    /// Text in the current style; whitespace between verses is layout and ignored.
    mutating func text(_ text: String, style: Span.Style, at location: @autoclosure () -> SourceLocation) {
        var text = text
        text.withUTF8 { self.text($0, style: style, at: location()) }
    }

    /// The same, from UTF-8 bytes (the OSIS reader's text events, never copied into a String).
    mutating func text(_ text: UnsafeBufferPointer<UInt8>, style: Span.Style, at location: @autoclosure () -> SourceLocation) {
        guard verseNumber != nil else {
            if !SpanText.isBlank(text) {
                let words = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).prefix(40)
                diagnostics.error("text outside a verse: '\(words)'", at: location())
            }
            return
        }
        if !hasText, SpanText.isBlank(text) { return }
        if !hasText { takePendingMarks() }
        hasText = true
        spans.append(text, style: style)
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
        verses.append(Verse(number: number, headings: headings, spans: spans.finish(), paragraph: paragraph,
                            poetry: poetry, subscription: SpanText.normalize(subscription)))
        verseNumber = nil
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
        guard !spans.isEmpty else { return [] }
        var collector = SpanCollector()
        for span in spans {
            var text = span.text
            text.withUTF8 { collector.append($0, style: span.style) }
        }
        return collector.finish()
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

    static func isBlank(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < text.count {
            let (scalar, length) = SpanCollector.scalar(text, at: i)
            if !isSpace(scalar) { return false }
            i += length
        }
        return true
    }

    static func plain(_ spans: [Span]) -> String { normalize(spans).map(\.text).joined() }
}

/// `SpanText.normalize` done as the text arrives, in one pass over its UTF-8 bytes: each run
/// of whitespace becomes one space (none at the start), a run of text in the style of the span
/// before it joins that span, and the trailing space goes at the end. Feeding it the pieces of a
/// text gives the same spans as feeding it the whole (the reader gets text in pieces).
struct SpanCollector {
    private var spans: [Span] = []
    /// The last span's text, still bytes (a String is made once, when the span is complete).
    private var bytes: [UInt8] = []
    private var style: Span.Style = []
    private var lastWasSpace = true   // drops leading whitespace

    mutating func append(_ text: UnsafeBufferPointer<UInt8>, style newStyle: Span.Style) {
        // A new span starts only when this text has something to show and its style differs.
        var sameSpan = !bytes.isEmpty && newStyle == style
        var i = 0
        while i < text.count {
            // A run of printable ASCII with single spaces (most of the Bible) is copied as it is;
            // anything else (a line break, a second space, a non-ASCII letter) one scalar at a time.
            var end = i, endsInSpace = lastWasSpace
            while end < text.count, text[end] < 0x80, text[end] > 0x20 || (text[end] == 0x20 && !endsInSpace) {
                endsInSpace = text[end] == 0x20
                end += 1
            }
            let isRun = end > i
            if !isRun {
                let (scalar, length) = Self.scalar(text, at: i)
                endsInSpace = SpanText.isSpace(scalar)
                end = i + length
                if endsInSpace && lastWasSpace { i = end; continue }
            }
            if !sameSpan {
                flush()
                style = newStyle
                sameSpan = true
            }
            if !isRun && endsInSpace {
                bytes.append(0x20)
            } else {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[i..<end]))
            }
            lastWasSpace = endsInSpace
            i = end
        }
    }

    /// The spans collected since the last `finish`, without the trailing space; starts afresh.
    mutating func finish() -> [Span] {
        if bytes.last == 0x20 { bytes.removeLast() }
        flush()
        var result = spans
        spans = []
        lastWasSpace = true
        // The last span lost its trailing space above (and was dropped if nothing was left);
        // a span before it ending in a space too is trimmed the same way (it cannot happen:
        // no two spaces follow each other, but the rule is "no trailing space", not a count).
        while let last = result.last, last.text.hasSuffix(" ") {
            let trimmed = String(last.text.dropLast())
            if trimmed.isEmpty { result.removeLast() } else { result[result.count - 1].text = trimmed }
        }
        return result
    }

    private mutating func flush() {
        guard !bytes.isEmpty else { return }
        spans.append(Span(String(decoding: bytes, as: UTF8.self), style))
        bytes.removeAll(keepingCapacity: true)
    }

    /// The scalar at `i` of valid UTF-8 and its length in bytes.
    @inline(__always) static func scalar(_ text: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
        let lead = UInt32(text[i])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(text[i + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(text[i + 1] & 0x3F) << 6 | UInt32(text[i + 2] & 0x3F), 3)
        }
        return ((lead & 0x07) << 18 | UInt32(text[i + 1] & 0x3F) << 12 | UInt32(text[i + 2] & 0x3F) << 6
                    | UInt32(text[i + 3] & 0x3F), 4)
    }
}
