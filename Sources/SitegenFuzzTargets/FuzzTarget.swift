import Foundation
@testable import SitegenBible
@testable import SitegenCore
@testable import SitegenHymns
@testable import SitegenSchedule
@testable import SitegenSnapshots

/// The fuzz targets: every parser that reads content, each fed arbitrary bytes the way a
/// hostile or careless content file would reach it. A target must return (no crash, no hang,
/// no unbounded memory); problems go to a `Diagnostics` like any bad content.
///
/// Used by `sitegen-fuzz` (libFuzzer, or a seeded mutation loop; see `make fuzz`) and by
/// `FuzzRegressionTests`, which replays every input kept in `Tests/FuzzRegressionTests/Corpus`.
/// (`@testable`: the parsers are internal; `make fuzz` and `swift test` build in debug mode.)
public enum FuzzTarget: String, CaseIterable, Sendable {
    case frontMatter = "front-matter"
    case hymn
    case recurrence
    case template
    case osis
    case usfm
    case reference
    case markdown
    case rawHTML = "raw-html"
    case syncManifest = "sync-manifest"
    /// Issue 41: the schedule and strings readers, and the importers as `sitegen import` runs
    /// them (input limit, importer, then the build's own check of what it would write).
    case schedule
    case strings
    case scheduleCSV = "schedule-csv"
    case localitiesJSON = "localities-json"

    /// The longest one input may take; past it the target stops the process, so libFuzzer keeps
    /// a slow input as it keeps a crash (issue 25: the sanitizer was quadratic, 60 KB took a minute).
    public var timeBudget: Duration? {
        switch self {
        case .rawHTML, .syncManifest, .schedule, .strings, .scheduleCSV, .localitiesJSON: .seconds(2)
        default: nil
        }
    }

    /// Runs one input through the parser, within its time budget. The budget counts this
    /// thread's CPU time, not the wall clock: on a shared machine (load 16 on 2 cores) the wall
    /// clock measures the neighbours.
    public func run(_ data: Data) {
        let start = Self.threadCPUTime()
        runParser(data)
        let spent = Self.threadCPUTime() - start
        if let budget = timeBudget, spent > budget {
            fatalError("\(rawValue): one input of \(data.count) bytes took \(spent) of CPU, more than \(budget)")
        }
    }

    /// CPU time of the calling thread.
    public static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    private func runParser(_ data: Data) {
        if self == .syncManifest { return SyncManifestFuzz.run(data) }
        if let imports = ImportFuzz(target: self) { return imports.run(data) }
        let diagnostics = Diagnostics()
        // The bytes go through the same UTF-8 check as every source file.
        guard let file = SourceFile.decode(data, url: URL(fileURLWithPath: "/fuzz/input"), displayPath: "input",
                                           diagnostics: diagnostics) else { return }
        switch self {
        case .frontMatter:
            guard let document = FrontMatterDocument.split(file, diagnostics: diagnostics),
                  let fields = document.fields(diagnostics: diagnostics) else { return }
            for key in ["title", "description", "base_url", "count", "number", "year", "date", "latitude", "draft", "menu", "address"] {
                _ = fields.string(key); _ = fields.int(key, in: 0...1000); _ = fields.double(key, in: -1...1)
                _ = fields.bool(key); _ = fields.date(key); _ = fields.stringList(key); _ = fields.mappingList(key)
            }
            _ = SiteConfig.parse(fields, diagnostics: diagnostics)
        case .hymn:
            _ = HymnFileReader.read(file, diagnostics: diagnostics)
        case .recurrence:
            guard let fields = YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: diagnostics) else { return }
            let events = ScheduleReader.parse(fields, fileStem: "fuzz", localities: [:], diagnostics: diagnostics)
            for event in events {
                _ = event.recurrence?.dates(from: event.date, through: event.date.adding(days: 3_660))
                _ = event.recurrence?.summary
            }
        case .template:
            guard let template = try? TemplateParser.parse(file.text, name: "t") else { return }
            let library = TemplateLibrary(templates: ["t": file.text], tree: SourceTree(url: URL(fileURLWithPath: "/fuzz"), displayPath: "fuzz"),
                                          diagnostics: diagnostics)
            _ = template.references
            _ = library.render("t", frames: [["page": ["title": "T"], "items": [["a": 1], ["a": 2]], "flag": true]])
        case .osis:
            _ = OSISReader.read(file, diagnostics: diagnostics)
        case .usfm:
            _ = USFMReader.read(file, diagnostics: diagnostics)
        case .reference:
            for line in file.text.split(separator: "\n").prefix(1_000) {
                for part in line.split(separator: ",") {
                    if let (_, numbers) = splitBookAndNumbers(collapsingWhitespace(String(part))) { _ = PassageNumbers(numbers) }
                }
            }
        case .markdown:
            if MarkdownLimits.check(file.text) == nil {
                _ = MarkdownRenderer(allowRawHTML: true).render(file.text)
                _ = MarkdownRenderer().references(in: file.text)
            }
        case .rawHTML:
            let html = RawHTMLSanitizer.sanitize(file.text)
            precondition(SanitizedHTML.isBalanced(html), "unbalanced output for a \(data.count)-byte input")
            precondition(!SanitizedHTML.hasHandler(html), "an on… or style attribute passed")
            if MarkdownLimits.check(file.text) == nil { _ = MarkdownRenderer(allowRawHTML: true).render(file.text) }
        case .syncManifest, .schedule, .strings, .scheduleCSV, .localitiesJSON:
            break
        }
        _ = diagnostics.all.map(\.description)
    }
}

/// Properties of `RawHTMLSanitizer`'s output: every `<` in it starts a tag it wrote (text `<`
/// becomes `&lt;`, attribute values are escaped), so the tags can be read back plainly.
enum SanitizedHTML {
    static let void: Set<Substring> = ["br", "hr", "img", "wbr"]

    static func tags(_ html: String) -> [Substring] {
        html.split(separator: "<", omittingEmptySubsequences: false).dropFirst().map { $0.prefix { $0 != ">" } }
    }

    static func isBalanced(_ html: String) -> Bool {
        var open: [Substring] = []
        for tag in tags(html) {
            let name = tag.drop { $0 == "/" }.prefix { $0 != " " }
            if tag.hasPrefix("/") {
                guard open.popLast() == name else { return false }
            } else if !void.contains(name) {
                open.append(name)
            }
        }
        return open.isEmpty
    }

    static func hasHandler(_ html: String) -> Bool {
        // An attribute starts a space-separated piece with `name="` (a value cannot hold a raw `"`).
        tags(html).contains { tag in
            tag.split(separator: " ").dropFirst().contains { piece in
                guard let equals = piece.range(of: "=\"") else { return false }
                let name = piece[..<equals.lowerBound].lowercased()
                return name.hasPrefix("on") || name == "style"
            }
        }
    }
}

/// The sync's manifest check (`SyncPlan.check`) on arbitrary bytes, with small limits: it must
/// refuse or accept quickly, and what it accepts must hold to every rule the sync relies on.
enum SyncManifestFuzz {
    static func run(_ data: Data) {
        var limits = SyncLimits()
        limits.files = 500
        limits.totalBytes = 1 << 30
        guard let manifest = try? SyncPlan.check(data, supported: SnapshotModels.schemaVersions, bundleVersion: SnapshotModels.bundleVersion, limits: limits) else { return }
        let entries = SyncPlan.entries(manifest)
        precondition(entries.count <= limits.files, "more files than the limit accepted")
        precondition(Set(entries.map(\.path)).count == entries.count, "a path listed twice accepted")
        for entry in entries {
            precondition(SyncPlan.isPlain(entry.path) && !entry.path.hasPrefix("/"), "path '\(entry.path)' accepted")
            precondition((0...limits.fileBytes).contains(entry.bytes), "size \(entry.bytes) accepted")
        }
        for file in manifest.files {
            let known = SnapshotModels.schemaVersions[file.schemaName]
            precondition(known != nil && file.schemaVersion <= known!, "schema '\(file.schema)' v\(file.schemaVersion) accepted")
        }
    }
}

/// The readers and importers of issue 41, each with the size limit it has in the build or the
/// command; what an importer makes goes through the build's check of it, as `sitegen import` does.
struct ImportFuzz {
    let target: FuzzTarget
    static let content = SourceTree(url: URL(fileURLWithPath: "/fuzz/Content"), displayPath: "Content")
    /// The one locality the schedule inputs may name, read as the build reads one.
    static let locality: Locality = {
        let tree = content.overlaying(["localities/aberdeen.md": Data("---\nname: Aberdeen\ntime_zone: America/Chicago\n---\n".utf8)])
        return LocalityReader.readFile(tree.subtree("localities"), "aberdeen.md", tree.subtree("static"), Diagnostics())!
    }()

    init?(target: FuzzTarget) {
        guard [.schedule, .strings, .scheduleCSV, .localitiesJSON].contains(target) else { return nil }
        self.target = target
    }

    func run(_ data: Data) {
        let diagnostics = Diagnostics()
        switch target {
        case .schedule:
            let tree = Self.content.overlaying(["schedule/input.yml": data])
            _ = ScheduleReader.check(tree, "schedule/input.yml", localities: [Self.locality], diagnostics: diagnostics)
        case .strings:
            guard let file = source(data, limit: .strings, diagnostics) else { return }
            _ = StringTable.table(file, known: StringTable.english, diagnostics: diagnostics)
        case .scheduleCSV:
            guard let file = source(data, limit: .scheduleCSV, diagnostics), let sessions = try? SessionDefaults() else { return }
            let events = CSVScheduleImporter(sessions: sessions, localities: [Self.locality]).run(file, diagnostics: diagnostics)
            guard diagnostics.errors.isEmpty else { return }
            let text = ScheduleYAMLWriter.text(title: "fuzz", note: "fuzz", events: events)
            let tree = Self.content.overlaying(["schedule/input.yml": Data(text.utf8)])
            _ = ScheduleReader.check(tree, "schedule/input.yml", localities: [Self.locality], diagnostics: diagnostics)
        case .localitiesJSON:
            guard let file = source(data, limit: .importJSON, diagnostics) else { return }
            let outputs = AppLocalitiesImporter.run(file, diagnostics: diagnostics)
            let tree = Self.content.overlaying(Dictionary(outputs.map { ("localities/\($0.slug).md", Data($0.text.utf8)) },
                                                          uniquingKeysWith: { a, _ in a }))
            for output in outputs {
                _ = LocalityReader.readFile(tree.subtree("localities"), "\(output.slug).md", tree.subtree("static"), diagnostics)
            }
        default:
            return
        }
        _ = diagnostics.all.map(\.description)
    }

    private func source(_ data: Data, limit: SourceLimit, _ diagnostics: Diagnostics) -> SourceFile? {
        guard data.count <= limit.bytes else { return nil }
        return SourceFile.decode(data, url: URL(fileURLWithPath: "/fuzz/input"), displayPath: "input", diagnostics: diagnostics)
    }
}
