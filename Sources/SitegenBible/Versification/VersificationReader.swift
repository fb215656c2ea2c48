import Foundation

/// Reads a versification file (`.vrs`):
///
///     # comment
///     versification NRSVA
///     Gen 31 25 24 …            one line per book: OSIS id, then the verses of each chapter
///     map 3John.1.15 3John.1.14 a verse the KJV does not number, and the KJV verse with its words
///
/// The built-in ones (KJV, NRSVA) are made by `scripts/import-sword --versification` from SWORD's
/// own tables; a site adds its own as `Content/bible/versifications/<NAME>.vrs`.
public enum VersificationReader {
    public static let folder = "versifications"

    /// The versifications sitegen knows without a site's help.
    public static let builtIn: [String: Versification] = {
        var known: [String: Versification] = [:]
        for (name, bytes) in [("KJV", PackageResources.KJV_vrs), ("NRSVA", PackageResources.NRSVA_vrs)] {
            let path = "Sources/SitegenBible/Versification/\(name).vrs"
            let file = SourceFile(path: path, url: URL(fileURLWithPath: path), text: String(decoding: bytes, as: UTF8.self))
            let diagnostics = Diagnostics()
            guard let v = read(file, kjv: known[Versification.kjvName], diagnostics: diagnostics), diagnostics.all.isEmpty else {
                preconditionFailure("built-in versification \(name) is invalid: \(diagnostics.all)")
            }
            known[v.name] = v
        }
        return known
    }()

    /// The built-in versifications and the site's own in `Content/bible/versifications/`.
    public static func all(_ root: SourceTree, diagnostics: Diagnostics) -> [String: Versification] {
        var known = builtIn
        let folder = root.subtree(folder)
        guard folder.exists else { return known }
        for relative in folder.files(withExtensions: ["vrs"], diagnostics: diagnostics) {
            guard let file = folder.read(relative, diagnostics: diagnostics),
                  let v = read(file, diagnostics: diagnostics) else { continue }
            if known[v.name] != nil, builtIn[v.name] == nil {
                diagnostics.error("versification \(v.name) is defined twice", at: file.location(line: 1))
            }
            known[v.name] = v
        }
        return known
    }

    /// The most chapters of a book and verses of a chapter: a verse's id in the apps' bundle
    /// is book × 10⁶ + chapter × 10³ + verse (docs/app-data.md), so a 1,000th verse would be
    /// another verse's id. Real versifications stop at 150 chapters and 176 verses.
    public static let maximumChapters = 999
    public static let maximumVerses = 999

    /// The first chapter count (or the chapter list) past the limits, with its column in `line`.
    static func beyondLimits(_ counts: [Int], in line: String, book: String) -> (message: String, column: Int)? {
        let columns = wordColumns(line)
        if counts.count > maximumChapters {
            return ("\(book): \(counts.count) chapters, more than the \(maximumChapters) a book may have", columns[maximumChapters + 1])
        }
        guard let chapter = counts.firstIndex(where: { $0 > maximumVerses }) else { return nil }
        return ("\(book) \(chapter + 1): \(counts[chapter]) verses, more than the \(maximumVerses) a chapter may have", columns[chapter + 1])
    }

    /// The 1-based column where each space-separated word of `line` starts.
    static func wordColumns(_ line: String) -> [Int] {
        var columns: [Int] = [], previous: Character = " ", column = 0
        for character in line {
            column += 1
            if character != " ", character != "\t", previous == " " || previous == "\t" { columns.append(column) }
            previous = character
        }
        return columns
    }

    /// `kjv`: what `map` lines point into (nil only while the KJV itself is read).
    public static func read(_ file: SourceFile, kjv: Versification? = builtIn[Versification.kjvName],
                            diagnostics: Diagnostics) -> Versification? {
        var name: String?
        var counts: [CanonBook: [Int]] = [:]
        var maps: [VerseRef: VerseRef] = [:]
        var mapLines: [(VerseRef, VerseRef, Int)] = []
        for (index, raw) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let first = words.first, !first.hasPrefix("#") else { continue }
            let at = file.location(line: line, column: 1)
            switch first {
            case "versification":
                guard words.count == 2, name == nil else {
                    diagnostics.error("expected one 'versification NAME' line", at: at); continue
                }
                name = words[1]
            case "map":
                guard words.count == 3, let from = VerseRef(osis: words[1]), let to = VerseRef(osis: words[2]) else {
                    diagnostics.error("expected 'map <verse> <KJV verse>' like 'map 3John.1.15 3John.1.14'", at: at); continue
                }
                mapLines.append((from, to, line))
            default:
                guard let book = Canon.book(osis: first) else {
                    diagnostics.error("unknown book '\(first)' (expected an OSIS book id such as Gen, Tob, Matt)", at: at); continue
                }
                let numbers = words.dropFirst().map { Int($0) }
                guard !numbers.isEmpty, numbers.allSatisfy({ ($0 ?? 0) > 0 }) else {
                    diagnostics.error("\(first): expected the number of verses of each chapter, like '\(first) 31 25 24'", at: at)
                    continue
                }
                if let problem = beyondLimits(numbers.map { $0! }, in: String(raw), book: first) {
                    diagnostics.error(problem.message, at: file.location(line: line, column: problem.column))
                    continue
                }
                if counts[book] != nil { diagnostics.error("book \(first) is listed twice", at: at) }
                counts[book] = numbers.map { $0! }
            }
        }
        guard let name else {
            diagnostics.error("missing the 'versification NAME' line", at: file.location(line: 1))
            return nil
        }
        let partial = Versification(name: name, verseCounts: counts)
        let kjv = name == Versification.kjvName ? partial : kjv
        for (from, to, line) in mapLines {
            if !partial.contains(from) {
                diagnostics.error("\(from.osis) is not a verse of \(name)", at: file.location(line: line, column: 5))
            } else if let kjv, !kjv.contains(to) {
                diagnostics.error("\(to.osis) is not a verse of the KJV", at: file.location(line: line, column: 6 + from.osis.count))
            } else {
                maps[from] = to
            }
        }
        return Versification(name: name, verseCounts: counts, intoKJV: maps)
    }
}
