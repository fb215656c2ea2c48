import Foundation
@testable import SitegenSite
#if canImport(Glibc)
import Glibc
#endif

/// One change to a source file, made the way a person or an editor makes it.
enum FileOperation: CustomStringConvertible {
    /// An editor's save: a new file written beside the old one and renamed over it.
    case write(String, String)
    case delete(String)
    /// `mv`: the same file (inode, size, time) under another name.
    case move(String, to: String)
    /// A save by rename that keeps the length, with the old file's modification time put on the
    /// new one before the rename (an editor or a sync tool that preserves times): only the inode
    /// tells it from the old file.
    case saveKeepingSizeAndTime(String, String)
    /// The same bytes saved again (a new time and inode, nothing to rebuild).
    case touch(String)

    var description: String {
        switch self {
        case .write(let path, let text): return "write \(path) (\(text.utf8.count) bytes)"
        case .delete(let path): return "delete \(path)"
        case .move(let from, let to): return "move \(from) → \(to)"
        case .saveKeepingSizeAndTime(let path, _): return "save \(path) by rename, same size and time"
        case .touch(let path): return "save \(path) unchanged"
        }
    }

    /// The source paths it creates, changes or removes.
    var paths: [String] {
        switch self {
        case .write(let path, _), .delete(let path), .saveKeepingSizeAndTime(let path, _), .touch(let path): return [path]
        case .move(let from, let to): return [from, to]
        }
    }

    func apply(to site: TestSite) throws {
        switch self {
        case .write(let path, let text): try site.write(path, text)
        case .delete(let path): try site.delete(path)
        case .move(let from, let to): try site.fm.moveItem(at: site.url(from), to: site.url(to))
        case .saveKeepingSizeAndTime(let path, let text): try Self.saveKeepingSizeAndTime(site.url(path), text)
        case .touch(let path): try site.write(path, try site.read(path))
        }
    }

    /// Writes `text` (as long as the file, in bytes) to a file beside `url`, gives it the old
    /// file's modification time to the nanosecond, and renames it over the old one.
    static func saveKeepingSizeAndTime(_ url: URL, _ text: String) throws {
        var old = stat()
        guard stat(url.path, &old) == 0 else { throw CocoaError(.fileNoSuchFile) }
        let data = Data(text.utf8)
        guard data.count == Int(old.st_size) else { throw CocoaError(.fileWriteUnknown) }
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).oracle-save")
        try data.write(to: temporary)
        let times = [old.st_atim, old.st_mtim]
        guard utimensat(AT_FDCWD, temporary.path, times, 0) == 0,
              rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}

/// A step's edits: one or more operations, seen together by the watcher.
struct OracleEdit: CustomStringConvertible {
    var label: String
    var operations: [FileOperation]

    var description: String { "\(label): " + operations.map(\.description).joined(separator: "; ") }
    var paths: Set<String> { Set(operations.flatMap(\.paths)) }
}

/// The words edits put into sources: plain, and some a page must escape.
private let words = ["grace", "morning", "Zion", "light", "peace", "ünïcödé", "<b>bold</b>", "Tom & Jerry", "a \"quoted\" word"]
/// Words for a YAML value in double quotes, or a Markdown link text.
private let plainWords = ["grace", "morning", "Zion", "light", "peace", "ünïcödé", "<i>", "Tom & Jerry"]

/// A kind of source file the site reads, and the edits a volunteer makes to one: valid changes,
/// breaking ones, a new file. Delete, rename, an unchanged save and a same-size save are the same
/// for every kind (`OracleGenerator`).
struct SourceKind: Sendable {
    typealias Transform = @Sendable (inout OracleRandom, String) -> String?
    var name: String
    /// The files of the kind, by relative path ("Content/hymns/001.md").
    var files: @Sendable (TestSite) -> [String]
    var changes: [Transform]
    var breaks: [Transform] = []
    /// A new file (or files) of this kind; nil when it cannot have another.
    var add: @Sendable (inout OracleRandom, TestSite) throws -> OracleEdit? = { _, _ in nil }
    /// How a file is deleted (the hymns: the last one, with the count).
    var delete: (@Sendable (inout OracleRandom, TestSite, String) throws -> [FileOperation])?
}

extension SourceKind {
    /// Every kind of source of the oracle's site: each content kind's files, the settings, the
    /// string table, the static files, page and partial templates, the theme's assets.
    static let all: [SourceKind] = [hymn, hymnal, bibleBook, translation, plan, dailyVerses, schedule, locality, page,
                                    settings, strings, staticFile, pageTemplate, partialTemplate, asset]

    static let hymn = SourceKind(
        name: "hymn",
        files: { $0.listed("Content/hymns").filter { $0.hasSuffix(".md") } },
        changes: [
            { random, text in text + "A line of \(random.pick(words)) we sing,\n" },
            { random, text in text.appending(toLineStarting: "title: ", random.pick(words)) },
            { random, text in text + "\nA new stanza of \(random.pick(words)),\nSung twice.\n" },
        ],
        breaks: [
            { _, text in text.replacingFirst("\nnumber: ", with: "\nnumber: x") },
            { _, text in text.replacingFirst("\n---\n", with: "\n") },   // the front matter never closes
        ],
        add: { random, site in
            let count = try site.hymnCount()
            let number = count + 1
            let path = "Content/hymns/" + String(format: "%03d.md", number)
            var operations = [FileOperation.write(path, "---\nnumber: \(number)\ntitle: \(random.pick(words))\n---\nA new hymn,\nOf \(random.pick(words)).\n")]
            // Mostly with the count raised, as `sitegen new hymn` does; else a hymn past the count.
            if random.chance(0.8), site.exists("Content/hymns/hymnal.yml") {
                operations.append(.write("Content/hymns/hymnal.yml", try site.read("Content/hymns/hymnal.yml")
                    .replacingOccurrences(of: "count: \(count)", with: "count: \(number)")))
            }
            return OracleEdit(label: "hymn \(number) added", operations: operations)
        },
        delete: { random, site, path in
            // Mostly the last hymn with the count lowered; else a gap.
            let count = try site.hymnCount()
            let last = "Content/hymns/" + String(format: "%03d.md", count)
            guard random.chance(0.7), site.exists(last), count > 1, site.exists("Content/hymns/hymnal.yml") else { return [.delete(path)] }
            return [.delete(last), .write("Content/hymns/hymnal.yml", try site.read("Content/hymns/hymnal.yml")
                .replacingOccurrences(of: "count: \(count)", with: "count: \(count - 1)"))]
        })

    static let hymnal = SourceKind(
        name: "hymnal.yml",
        files: { site in ["Content/hymns/hymnal.yml"].filter(site.exists) },
        changes: [{ random, text in text.replacingFirst("title: \"", with: "title: \"\(random.pick(plainWords)) ") }],
        breaks: [{ _, text in text.replacingFirst("count: ", with: "count: many") }])

    static let bibleBook = SourceKind(
        name: "Bible book",
        files: { $0.listed("Content/bible/kjv").filter { $0.hasSuffix(".osis.xml") } },
        changes: [
            { random, text in text.inserting("very ", afterOneOf: " the ", &random) },
            { random, text in text.replacingFirst("<milestone n=\"", with: "<milestone n=\"\(random.pick(["Second", "Third", "Holy"])) ") },
        ],
        breaks: [
            { _, text in text.replacingFirst("</osis>", with: "") },   // malformed XML
            { _, text in
                // A verse twice.
                guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("<verse osisID=") }) else { return nil }
                return text.replacingFirst(String(line), with: line + "\n" + line)
            },
        ],
        add: { random, site in
            // Another book of the repository's KJV, whole (one chapter each).
            let books = ["57-Phlm.osis.xml", "63-2John.osis.xml", "64-3John.osis.xml", "65-Jude.osis.xml"]
                .filter { !site.exists("Content/bible/kjv/\($0)") }
            guard !books.isEmpty else { return nil }
            let book = random.pick(books)
            let text = try String(contentsOf: TestSite.repository.appendingPathComponent("Content/bible/kjv/\(book)"), encoding: .utf8)
            return OracleEdit(label: "Bible book added", operations: [.write("Content/bible/kjv/\(book)", text)])
        })

    static let translation = SourceKind(
        name: "translation.yml",
        files: { site in ["Content/bible/kjv/translation.yml"].filter(site.exists) },
        changes: [
            { random, text in text.appending(toLineStarting: "name: ", random.pick(["(1769)", "Revised", "ünïcödé"])) },
            { _, text in text.replacingFirst("abbreviation: KJV", with: "abbreviation: KJ") },
        ],
        breaks: [{ _, text in text + "colour: red\n" }])   // an unknown key

    static let plan = SourceKind(
        name: "plan.yml",
        files: { site in ["Content/bible/plan.yml"].filter(site.exists) },
        changes: [
            { random, text in text.appending(toLineStarting: "title: ", random.pick(words)) },
            { _, text in text.replacingFirst("3 John 1:9ff", with: "3 John 1:10ff") },
            { _, text in text.contains("12-25:") ? nil : text + "  12-25: [3 John 1:2, 2 John 1:3-5]\n" },
        ],
        breaks: [{ _, text in text.contains("12-31:") ? nil : text + "  12-31: [3 John 2, 2 John 1]\n" }],   // no chapter 2
        add: { _, site in
            site.exists("Content/bible/plan.yml") ? nil
                : OracleEdit(label: "plan added", operations: [.write("Content/bible/plan.yml", "days:\n  01-01: [3 John 1]\n")])
        })

    static let dailyVerses = SourceKind(
        name: "daily-verses.yml",
        files: { site in ["Content/bible/daily-verses.yml"].filter(site.exists) },
        changes: [{ random, text in text + "  - 3 John 1:\(random.number(1...14))\n" }],
        breaks: [{ _, text in text + "  - 3 John 1:40\n" }])

    static let schedule = SourceKind(
        name: "schedule file",
        files: { $0.listed("Content/schedule").filter { $0.hasSuffix(".yml") } },
        changes: [
            { random, text in text.replacingFirst("start: \"", with: "start: \"0\(random.number(7...9)):\(random.pick(["00", "15", "45"]))\"", dropping: 6) },
            { random, text in text.replacingFirst("title: \"", with: "title: \"\(random.pick(plainWords)) ") },
            { random, text in text.replacingFirst("locality: home-church", with: "locality: \(random.pick(["lakeside", "home-church"]))") },
        ],
        breaks: [
            { _, text in text.replacingFirst("locality: ", with: "locality: nowhere-") },
            { _, text in text.replacingFirst("start: \"", with: "start: \"25:00\"", dropping: 6) },
        ],
        add: { random, site in
            let path = site.unused("Content/schedule/extra", ".yml")
            let day = random.number(1...28)
            return OracleEdit(label: "schedule file added", operations: [.write(path, """
                title: "Extra \(random.pick(plainWords))"
                events:
                  - { id: visit-\(day), date: 2026-12-\(String(format: "%02d", day)), locality: \(random.pick(["home-church", "lakeside"])), sessions: [{ start: "19:00", end: "21:00" }] }

                """)])
        })

    static let locality = SourceKind(
        name: "locality",
        files: { $0.listed("Content/localities").filter { $0.hasSuffix(".md") } },
        changes: [
            { random, text in text.replacingFirst("name: \"", with: "name: \"\(random.pick(plainWords)) ") },
            { random, text in text.replacingLine(starting: "time_zone: ", with: "time_zone: \(random.pick(["Europe/Helsinki", "America/Denver"]))") },
            { random, text in text + "Ask for \(random.pick(words)) at the door.\n" },
        ],
        breaks: [{ _, text in text.replacingFirst("\n---\n", with: "\ncolour: red\n---\n") }],   // an unknown key
        add: { random, site in
            let path = site.unused("Content/localities/new", ".md")
            return OracleEdit(label: "locality added", operations: [.write(path, """
                ---
                name: "\(random.pick(plainWords))"
                country: US
                time_zone: America/Chicago
                ---
                A new place.

                """)])
        })

    static let page = SourceKind(
        name: "Markdown page",
        files: { $0.listed("Content/pages").filter { $0.hasSuffix(".md") } },
        changes: [
            { random, text in text + "\nMore about \(random.pick(words)), and the [hymns](/hymns/).\n" },
            { random, text in text.appending(toLineStarting: "title: ", random.pick(words)) },
        ],
        breaks: [
            { _, text in text.replacingFirst("title: ", with: "title: [") },   // malformed YAML
            { _, text in text + "\nA link to [nowhere](/no-such-page/).\n" },   // a link to nothing
        ],
        add: { random, site in
            let path = site.unused("Content/pages/page", ".md")
            return OracleEdit(label: "page added", operations: [.write(path, "---\ntitle: \(random.pick(words))\n---\nA new page about *\(random.pick(words))*.\n")])
        })

    static let settings = SourceKind(
        name: "site.yml",
        files: { site in ["Content/site.yml"].filter(site.exists) },
        changes: [
            { random, text in text.appending(toLineStarting: "title: ", random.pick(words)) },
            { random, text in text.appending(toLineStarting: "footer: ", random.pick(words)) },
            { _, text in text.contains("url: /news/") ? nil : text + "  - { title: News, url: /news/ }\n" },   // a menu item
        ],
        breaks: [
            { _, text in text + "colour: red\n" },
            { _, text in text.replacingFirst("time_zone: ", with: "time_zone: Mars/") },
        ])

    static let strings = SourceKind(
        name: "string table",
        files: { site in ["Content/strings/en.yml"].filter(site.exists) },
        changes: [
            { random, text in text.appending(toLineStarting: "menu.hymns: ", random.pick(plainWords)) },
            { _, text in text.contains("\nsearch: ") ? nil : text + "search: Find\n" },
        ],
        breaks: [{ _, text in text + "no.such.key: Nothing\n" }],
        add: { _, site in
            site.exists("Content/strings/en.yml") ? nil
                : OracleEdit(label: "string table added", operations: [.write("Content/strings/en.yml", "menu.bible: Scripture\n")])
        })

    static let staticFile = SourceKind(
        name: "static file",
        files: { $0.listed("Content/static") },
        changes: [{ random, text in text + "\(random.pick(words))\n" }],
        add: { random, site in
            // Sometimes a file at a page's path: two sources for one output, an error.
            if random.chance(0.15) { return OracleEdit(label: "static file over a page", operations: [.write("Content/static/hymns/index.html", "<p>clash</p>\n")]) }
            return OracleEdit(label: "static file added", operations: [.write(site.unused("Content/static/file", ".txt"), "\(random.pick(words))\n")])
        })

    static let pageTemplate = templateKind("page template", ["page", "hymn", "locality", "layout"])
    static let partialTemplate = templateKind("partial template", ["hymn-finder", "plan-readings"])

    /// Overrides of the built-in theme's templates: added (a copy of the built-in one, marked),
    /// changed, broken (a section never closed), deleted (the built-in one again).
    static func templateKind(_ name: String, _ templates: [String]) -> SourceKind {
        SourceKind(
            name: name,
            files: { site in templates.map { "Templates/\($0).mustache" }.filter(site.exists) },
            changes: [{ random, text in text.markedForTheOracle(random.pick(words)) }],
            breaks: [{ _, text in text + "{{#oracle}}\n" }],
            add: { random, site in
                let missing = templates.filter { !site.exists("Templates/\($0).mustache") }
                guard !missing.isEmpty else { return nil }
                let template = random.pick(missing)
                let builtIn = try String(contentsOf: TestSite.repository.appendingPathComponent("Templates/\(template).mustache"), encoding: .utf8)
                return OracleEdit(label: "\(template).mustache overridden",
                                  operations: [.write("Templates/\(template).mustache", builtIn.markedForTheOracle(random.pick(words)))])
            })
    }

    static let asset = SourceKind(
        name: "theme asset",
        files: { site in site.listed("Templates/assets").filter { $0.hasSuffix(".css") || $0.hasSuffix(".js") } },
        changes: [{ random, text in text + "\n/* oracle \(random.number(1...99)) */\n" }],
        add: { _, site in
            site.exists("Templates/assets/custom.css") ? nil
                : OracleEdit(label: "custom.css added", operations: [.write("Templates/assets/custom.css", "body { margin: 0; }\n")])
        })
}

extension String {
    func replacingFirst(_ old: String, with new: String, dropping extra: Int = 0) -> String? {
        guard let range = range(of: old) else { return nil }
        let end = index(range.upperBound, offsetBy: extra, limitedBy: endIndex) ?? endIndex
        return replacingCharacters(in: range.lowerBound..<end, with: new)
    }

    /// The first line that starts with `prefix` replaced whole.
    func replacingLine(starting prefix: String, with line: String) -> String? {
        var lines = components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else { return nil }
        lines[index] = line
        return lines.joined(separator: "\n")
    }

    /// `word` added at the end of the first line that starts with `prefix`.
    func appending(toLineStarting prefix: String, _ word: String) -> String? {
        var lines = components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else { return nil }
        lines[index] += " " + word
        return lines.joined(separator: "\n")
    }

    /// `word` put after one of the occurrences of `anchor`, chosen at random.
    func inserting(_ word: String, afterOneOf anchor: String, _ random: inout OracleRandom) -> String? {
        var ranges: [Range<Index>] = []
        var from = startIndex
        while let found = range(of: anchor, range: from..<endIndex) {
            ranges.append(found)
            from = found.upperBound
        }
        guard !ranges.isEmpty else { return nil }
        var text = self
        text.insert(contentsOf: word, at: random.pick(ranges).upperBound)
        return text
    }

    /// A template with a visible mark: in its main block, or at the end (a partial).
    func markedForTheOracle(_ word: String) -> String {
        let mark = "<p class=\"oracle\">\(word.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;"))</p>"
        if let marked = replacingFirst("{{$main}}", with: "{{$main}}" + mark) { return marked }
        if let marked = replacingFirst("</head>", with: mark.replacingOccurrences(of: "p class", with: "meta name") + "</head>") { return marked }
        return self + mark + "\n"
    }

    /// One lowercase ASCII letter replaced by another: the same length in bytes.
    func withOneLetterChanged(_ random: inout OracleRandom) -> String? {
        var bytes = Array(utf8)
        let letters = bytes.indices.filter { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[$0]) }
        guard !letters.isEmpty else { return nil }
        let at = random.pick(letters)
        bytes[at] = bytes[at] == UInt8(ascii: "e") ? UInt8(ascii: "o") : UInt8(ascii: "e")
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension TestSite {
    func exists(_ path: String) -> Bool { fm.fileExists(atPath: url(path).path) }

    /// The regular files below a folder of the site (every level), by relative path.
    func listed(_ folder: String) -> [String] {
        SourceFingerprints.files(below: url(folder)).map { String($0.dropFirst(root.standardizedFileURL.path.count + 1)) }.sorted()
    }

    /// The hymnal's count (0 without `hymnal.yml`, renamed or deleted by an edit).
    func hymnCount() throws -> Int {
        guard exists("Content/hymns/hymnal.yml") else { return 0 }
        let line = try read("Content/hymns/hymnal.yml").split(separator: "\n").first { $0.hasPrefix("count: ") }
        return Int(line?.dropFirst("count: ".count) ?? "") ?? 0
    }

    /// `prefix-N.suffix` for the first N not taken.
    func unused(_ prefix: String, _ suffix: String) -> String {
        var number = 1
        while exists("\(prefix)-\(number)\(suffix)") { number += 1 }
        return "\(prefix)-\(number)\(suffix)"
    }
}
