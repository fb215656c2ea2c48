import Foundation
import SitegenSnapshots

/// `sitegen import hymnal-json`: the app's hymns.json → `Content/hymns/` (one file per hymn,
/// `hymnal.yml`). Pure: returns the files to write; the command writes them.
public enum HymnalImporter {
    public struct Options: Sendable {
        public var title: String
        public init(title: String = "Hymnal") { self.title = title }
    }

    /// Relative path in `Content/hymns/` → file text, sorted by path. Nil when the input has
    /// problems (each reported against `path`).
    public static func files(from data: Data, path: String, options: Options = Options(),
                             diagnostics: Diagnostics) -> [(path: String, text: String)]? {
        guard let app = decode(data, path: path, diagnostics: diagnostics),
              let hymnal = hymnal(from: app, path: path, options: options, diagnostics: diagnostics) else { return nil }
        let width = max(3, String(hymnal.count).count)
        var files = hymnal.hymns.map { hymn in
            (path: String(hymn.number).leftPadded(to: width) + ".md",
             text: HymnFileWriter.text(hymn))
        }
        files.append((path: HymnalReader.settingsFile, text: settingsText(hymnal)))
        return files.sorted { $0.path < $1.path }
    }

    static func decode(_ data: Data, path: String, diagnostics: Diagnostics) -> AppHymnal? {
        do {
            return try JSONDecoder().decode(AppHymnal.self, from: data)
        } catch {
            diagnostics.error(JSONProblem.describe(error, data: data), at: SourceLocation(path: path))
        }
        return nil
    }

    /// The app's hymnal as the typed model; every markup problem is reported.
    public static func hymnal(from app: AppHymnal, path: String, options: Options = Options(),
                              diagnostics: Diagnostics) -> Hymnal? {
        var failed = false
        func passage(_ text: String, _ where_: String) -> Passage? {
            do {
                var lines: [Line] = []
                for line in try lineTexts(text) { lines.append(Line(try AppMarkup.segments(line))) }
                return Passage(lines: lines)
            } catch {
                diagnostics.error("\(where_): \(error.description)", at: SourceLocation(path: path))
                failed = true
                return nil
            }
        }
        for problem in rangeProblems(app) {
            diagnostics.error(problem, at: SourceLocation(path: path))
            failed = true
        }
        let hymns = app.hymns.enumerated().map { index, entry in
            let number = index + 1
            let stanzas = entry.verses.enumerated().compactMap { passage($1, "hymns[\(index)].verses[\($0)] (hymn \(number))") }
            let removed = entry.verses.isEmpty && entry.chorus == nil && entry.refrain == nil
            if entry.verses.isEmpty, !removed {
                diagnostics.error("hymns[\(index)] (hymn \(number)): a chorus or refrain but no stanza (a hymn file needs one)",
                                  at: SourceLocation(path: path))
                failed = true
            }
            return Hymn(number: number, removed: removed, stanzas: stanzas,
                        chorus: entry.chorus.flatMap { passage($0, "hymns[\(index)].chorus (hymn \(number))") },
                        refrain: entry.refrain.flatMap { passage($0, "hymns[\(index)].refrain (hymn \(number))") },
                        language: LanguageGuess.language(of: stanzas, hymnalLanguage: app.language),
                        source: SourceLocation(path: path))
        }
        if app.hymns.isEmpty {
            diagnostics.error("the hymnal has no hymns", at: SourceLocation(path: path))
            failed = true
        }
        return failed ? nil : Hymnal(title: options.title, language: app.language, year: app.year,
                                     count: hymns.count, hymns: hymns)
    }

    /// What `hymnal.yml` could not hold: the build's own ranges for `year` and `count`.
    static func rangeProblems(_ app: AppHymnal) -> [String] {
        var problems: [String] = []
        if let year = app.year, !HymnalSettings.years.contains(year) {
            problems.append("year: \(year) is not a year a hymnal can have (\(HymnalSettings.years.lowerBound) to \(HymnalSettings.years.upperBound))")
        }
        if app.hymns.count > HymnalSettings.numbers.upperBound {
            problems.append("hymns: \(app.hymns.count) hymns, more than the \(HymnalSettings.numbers.upperBound) a hymnal may have")
        }
        return problems
    }

    /// A stanza's text as the lines of a hymn file: split at each `\n` (the lines as sung, as
    /// the site's own export writes them; the app's bundled file has one line a stanza), each
    /// without the trailing whitespace the reader would trim. Refused: a carriage return, and a
    /// line with nothing left (a blank line would end the stanza in the file).
    static func lineTexts(_ text: String) throws(AppMarkup.Problem) -> [String] {
        if text.unicodeScalars.contains("\r") {
            throw AppMarkup.Problem(description: "a carriage return in the text; lines are separated by a line feed (\\n)")
        }
        var lines: [String] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var scalars = raw.unicodeScalars
            while let last = scalars.last, HymnBodyParser.isWhitespace(last) { scalars.removeLast() }
            guard !scalars.isEmpty else {
                throw AppMarkup.Problem(description: index == 0 && !text.contains("\n") ? "no text (an empty stanza would vanish)"
                                        : "line \(index + 1) has no text (a blank line would end the stanza)")
            }
            lines.append(String(scalars))
        }
        return lines
    }

    static func settingsText(_ hymnal: Hymnal) -> String {
        var text = """
        # The hymnal as a whole. Every number 1…count has a file NNN.md in this folder;
        # a removed hymn keeps its file with 'removed: true'.
        title: \(YAMLText.quoted(hymnal.title))
        language: \(YAMLText.quoted(hymnal.language))

        """
        if let year = hymnal.year { text += "year: \(year)\n" }
        text += "count: \(hymnal.count)\n"
        return text
    }
}
