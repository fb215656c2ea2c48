import ArgumentParser
import Foundation
import SitegenSite

/// `sitegen rebuild-timings`: times incremental rebuilds (a `BuildSession`, as `sitegen serve`
/// uses it) after typical one-file edits, on a scratch copy of the sources, so nothing of the
/// user's is edited. A benchmark, not a test: it prints figures and checks nothing.
struct RebuildTimings: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild-timings",
        abstract: "Time incremental rebuilds after one-file edits (on a scratch copy of the sources).")

    @OptionGroup var site: SiteOptions

    @Option(help: "Scratch output folder (use tmpfs, e.g. /dev/shm/sitegen-rebuild); replaced.")
    var output: String

    @Option(help: "How many times each edit is made and undone.")
    var runs = 7

    @Option(help: "Only the edits whose name contains this (e.g. 'hymn'), for profiling.")
    var only: String?

    @Flag(help: "Print one JSON object of median seconds by edit kind, and by '<kind> settled' the settling after it (for scripts/bench), instead of the table.")
    var json = false

    /// One kind of edit: a source file and how to change its text.
    struct Edit: Sendable {
        let name: String
        /// The edit kind scripts/bench reports (hymn, chapter, schedule, template), if any.
        var benchKey: String? = nil
        let path: String
        let change: @Sendable (String) -> String
    }

    static let edits: [Edit] = [
        Edit(name: "hymn text", benchKey: "hymn", path: "Content/hymns/012.md") { $0 + "Amen, amen.\n" },
        Edit(name: "schedule line", benchKey: "schedule", path: "Content/schedule/congregations.yml") { replaceFirst($0, "start: \"11:00\"", "start: \"10:30\"") },
        Edit(name: "page", path: "Content/pages/about.md") { $0 + "\nOne more paragraph.\n" },
        Edit(name: "Bible verse", benchKey: "chapter", path: "Content/bible/kjv/01-Gen.osis.xml") { replaceFirst($0, "God created the heaven", "God made the heaven") },
        Edit(name: "WEB verse", path: "Content/bible/web/01-Gen.osis.xml") { replaceFirst($0, "In the beginning, God", "In the very beginning, God") },
        Edit(name: "hymn template", benchKey: "template", path: "Templates/hymn.mustache") { replaceFirst($0, "{{/head}}", "<meta name=\"x-edit\" content=\"1\">{{/head}}") },
        Edit(name: "stylesheet", path: "Templates/assets/site.css") { $0 + "\n/* edited */\n" },
        Edit(name: "site.yml (everything)", path: "Content/site.yml") { replaceFirst($0, "title: ", "title: Edited ") },
    ]

    static func replaceFirst(_ text: String, _ old: String, _ new: String) -> String {
        guard let range = text.range(of: old) else { return text + "\n" }
        return text.replacingCharacters(in: range, with: new)
    }

    func run() async throws {
        let fm = FileManager.default
        let outputURL = site.url(output)
        let scratch = outputURL.deletingLastPathComponent().appendingPathComponent(".\(outputURL.lastPathComponent)-sources")
        try? fm.removeItem(at: scratch)
        try fm.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: scratch) }
        try fm.copyItem(at: site.url(site.content), to: scratch.appendingPathComponent("Content"))
        try fm.copyItem(at: site.url(site.templates), to: scratch.appendingPathComponent("Templates"))
        var options = site.buildOptions(output: output, force: true)
        options.content = SourceTree(url: scratch.appendingPathComponent("Content"), displayPath: "Content")
        options.templates = SourceTree(url: scratch.appendingPathComponent("Templates"), displayPath: "Templates")

        let session = BuildSession(options: options)
        let (first, firstSeconds) = try await Self.timed { try await session.build() }
        var medians: [String: Double] = [:]
        if !json { print("full build in session: \(Self.ms(firstSeconds)) ms, \(first.written.count) files  " + Self.stages(first)) }
        for edit in Self.edits where only.map({ edit.name.contains($0) }) ?? true {
            let url = scratch.appendingPathComponent(edit.path)
            // A site without that file (no WEB, another hymn numbering) times the other edits.
            guard fm.fileExists(atPath: url.path) else {
                if !json { print("\(edit.name): skipped, this site has no \(edit.path)") }
                continue
            }
            let original = try String(contentsOf: url, encoding: .utf8)
            // As `sitegen serve` does: the edit's pages first (what the reader waits for), then,
            // timed apart, the search index and the apps' bundle it left to settle.
            var samples: [Double] = []
            var settling: [Double] = []
            var last: BuildReport?
            var lastSettle: BuildReport?
            for _ in 0..<runs {
                for text in [edit.change(original), original] {   // the edit, then undoing it
                    try text.write(to: url, atomically: true, encoding: .utf8)
                    let (report, seconds) = try await Self.timed { try await session.rebuild(changed: [url], deferSlow: true) }
                    samples.append(seconds)
                    last = report
                    if await session.isUnsettled {
                        let (settled, seconds) = try await Self.timed { try await session.settle() }
                        settling.append(seconds)
                        lastSettle = settled
                    }
                }
            }
            if let key = edit.benchKey {
                medians[key] = Self.median(samples)
                // What serve settles when the edits pause (the search index, the bundle), after the page.
                if !settling.isEmpty { medians[key + " settled"] = Self.median(settling) }
            }
            if !json {
                print(Self.line(edit.name, samples, last))
                if !settling.isEmpty {
                    print("  then search index and app data: median \(Self.ms(Self.median(settling))) ms  "
                          + (lastSettle.map { "\($0.written.count) written  " + Self.stages($0) } ?? ""))
                }
            }
        }
        var idle: [Double] = []
        var last: BuildReport?
        for _ in 0..<runs {
            let (report, seconds) = try await Self.timed { try await session.rebuild(changed: []) }
            idle.append(seconds)
            last = report
        }
        medians["no change"] = Self.median(idle)
        if json {
            let data = try JSONSerialization.data(withJSONObject: medians, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(Self.line("no change (every source looked at)", idle, last))
        }
    }

    static func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }

    static func timed(_ body: () async throws -> BuildReport) async throws -> (BuildReport, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let report = try await body()
        return (report, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    static func line(_ name: String, _ samples: [Double], _ report: BuildReport?) -> String {
        let sorted = samples.sorted()
        let median = sorted[sorted.count / 2]
        let padded = name.padding(toLength: 36, withPad: " ", startingAt: 0)
        let counts = report.map { "\($0.written.count) written, \($0.rendered) rendered  " + stages($0) } ?? ""
        return "\(padded) median \(ms(median)) ms (min \(ms(sorted.first!)), max \(ms(sorted.last!)), n=\(samples.count))  \(counts)"
    }

    static func stages(_ report: BuildReport) -> String {
        report.timings.map { "\($0.0) \(ms($0.1))" }.joined(separator: ", ")
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
}
