import Foundation

/// Reads one `Content/hymns/NNN.md`: front matter (number, title, removed, author, tune, meter,
/// language) and the stanzas. Checks what one file can check; the hymnal-wide checks
/// (duplicates, gaps, range) are `HymnalValidator`'s.
public enum HymnFileReader {
    /// The largest hymn file read (the bundled hymnal's largest is under 2 KB).
    public static let maximumBytes = 64 * 1024

    public static func read(_ file: SourceFile, diagnostics: Diagnostics) -> Hymn? {
        guard file.isWithin(maximumBytes, what: "a hymn file", diagnostics: diagnostics),
              let document = FrontMatterDocument.split(file, diagnostics: diagnostics) else { return nil }
        guard document.yaml != nil else {
            diagnostics.error("a hymn file starts with front matter: a '---' line, 'number: N', a '---' line",
                              at: file.location(line: 1))
            return nil
        }
        guard let fields = document.fields(diagnostics: diagnostics) else { return nil }
        defer { fields.reportUnknownKeys() }
        // Wider than `count` allows: the hymnal-wide check names the numbers outside 1…count.
        let number = fields.int("number", in: 0...99_999, required: true)
        let title = fields.string("title")
        let removed = fields.bool("removed") ?? false
        let author = fields.string("author")
        let tune = fields.string("tune")
        let meter = fields.string("meter")
        if let meter, let problem = Meter.problem(meter) {
            fields.error(problem, at: "meter")
        }
        let language = fields.string("language")
        if let language, !isLanguageTag(language) {
            fields.error("'language' must be a language tag such as 'en' or 'fi' (got '\(language)')", at: "language")
        }
        checkFileName(file, number: number, fields: fields)

        let body = HymnBodyParser(file: file, firstLine: document.bodyFirstLine, diagnostics: diagnostics).parse(document.body)
        if removed, let line = body.firstTextLine {
            diagnostics.error("hymn is marked 'removed: true' but still has text; delete the text or the 'removed' line",
                              at: file.location(line: line))
        }
        if !removed, body.stanzas.isEmpty {
            let what = body.isEmpty ? "has no stanzas" : "has a chorus or refrain but no stanza"
            diagnostics.error("hymn \(what); write its stanzas below the front matter, or mark it 'removed: true'",
                              at: file.location(line: body.firstTextLine ?? document.bodyFirstLine - 1))
        }
        guard let number else { return nil }
        return Hymn(number: number, explicitTitle: title, removed: removed, stanzas: body.stanzas,
                    chorus: body.chorus, refrain: body.refrain, author: author, tune: tune, meter: meter,
                    language: language, source: file.location(line: 1),
                    numberLocation: fields.location(ofKey: "number"))
    }

    /// `123.md` must hold hymn 123, so that a file name never lies about its content.
    static func checkFileName(_ file: SourceFile, number: Int?, fields: YAMLFields) {
        guard let number else { return }
        let stem = file.url.deletingPathExtension().lastPathComponent
        guard !stem.isEmpty, stem.allSatisfy(\.isASCIIDigit), let named = Int(stem), named != number else { return }
        fields.error("file \(file.url.lastPathComponent) holds 'number: \(number)'; rename the file or fix the number", at: "number")
    }

    static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        } && parts[0].allSatisfy(\.isLetter)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
