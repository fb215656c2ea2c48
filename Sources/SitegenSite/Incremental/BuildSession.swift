import Foundation

/// What one build or rebuild of a session did.
public struct RebuildReport: Sendable {
    /// Output paths written (relative to the output folder), sorted.
    public var written: [String]
    /// Output paths deleted because no source produces them any more, sorted.
    public var removed: [String]
    public var seconds: Double
    /// (stage, seconds): scan, load, render, write.
    public var timings: [(String, Double)]
    /// Source files that really changed (bytes, added or deleted), relative display paths.
    public var changedSources: [String] = []
    /// Pages rendered through their templates in this run.
    public var rendered: Int = 0
    public var warnings: [Diagnostic] = []
}

/// A build that remembers: the first `build()` writes the whole site like `sitegen build`; each
/// `rebuild(changed:)` reads only the changed sources, renders only the outputs that depend on
/// them, and writes only files whose bytes differ, so that the output folder always holds
/// exactly what a fresh full build would write. A bad edit throws `BuildFailed` and leaves the
/// output (and the session's memory of the last good build) as they were.
public actor BuildSession {
    public let options: BuildOptions
    private var fingerprints: SourceFingerprints
    private let reader = SessionReader()
    private var state: State?
    /// Sources named by failed rebuilds: looked at again next time, whatever the watcher says.
    private var pending = Set<String>()

    /// The last good build.
    private struct State {
        var config: SiteConfig
        var asOf: CalendarDate
        var site: Site
        var graph: TemplateGraph
        var cache: RenderCache
        var outputs: [String: OutputFile]
    }

    public init(options: BuildOptions) {
        self.options = options
        self.fingerprints = SourceFingerprints(roots: [options.content.url, options.templates.url])
    }

    /// Full build into `options.output` (same bytes as `sitegen build`); remembers everything.
    public func build() async throws -> RebuildReport {
        var clock = StageClock()
        var fresh = SourceFingerprints(roots: fingerprints.roots)
        let scan = fresh.changes(among: Set(fresh.scanAll()))
        fresh.record(scan.updates)
        let scanTime = clock.lap()
        reader.forgetAll()
        var (next, result, timings) = try await produce(changes: .all, previous: nil)
        _ = clock.lap()   // produce timed its own stages
        let writer = OutputWriter(destination: options.output, force: options.force, jobs: options.jobs)
        try await writer.write(result.files)
        timings.append(("write", clock.lap()))
        next.outputs = Dictionary(result.files.map { ($0.path, $0) }) { a, _ in a }
        state = next
        fingerprints = fresh
        pending = []
        return RebuildReport(written: result.files.map(\.path).sorted(), removed: [], seconds: 0,
                             timings: [("scan", scanTime)] + timings, rendered: result.rendered, warnings: result.warnings)
            .totalled()
    }

    /// Rebuild after these files changed (absolute paths under Content/ or Templates/, added,
    /// edited or deleted; folders stand for everything in them). An empty set means "look at
    /// every source file" (a no-change rebuild finds nothing and writes nothing).
    public func rebuild(changed: Set<URL>) async throws -> RebuildReport {
        guard let previous = state else { return try await build() }
        var clock = StageClock()
        let candidates = changed.isEmpty ? Set(fingerprints.scanAll()).union(fingerprints.entries.keys)
                                         : Set(changed.map(normalize)).union(pending)
        let scan = fingerprints.changes(among: candidates)
        let changes = ChangeSet(paths: scan.changed, content: options.content.url, templates: options.templates.url)
        let scanTime = clock.lap()
        var report = RebuildReport(written: [], removed: [], seconds: 0, timings: [("scan", scanTime)],
                                   changedSources: scan.changed.sorted())
        if changes.isEmpty {
            fingerprints.record(scan.updates)
            pending = []
            return report.totalled()
        }
        let structural = scan.changed.contains { fingerprints.entries[$0] == nil || scan.updates[$0] == .some(nil) }
        reader.invalidate(scan.changed, structural: structural)
        do {
            var (next, result, timings) = try await produce(changes: changes, changed: scan.changed, previous: previous)
            _ = clock.lap()   // produce timed its own stages
            let (write, remove) = Self.difference(from: previous.outputs, to: result)
            try await OutputSync(root: options.output).apply(write: write, remove: remove, jobs: options.jobs)
            timings.append(("write", clock.lap()))
            next.outputs = Dictionary(result.files.map { ($0.path, $0) }) { a, _ in a }
            state = next
            fingerprints.record(scan.updates)
            pending = []
            report.timings += timings
            report.written = write.map(\.path).sorted()
            report.removed = remove.sorted()
            report.rendered = result.rendered
            report.warnings = result.warnings
            return report.totalled()
        } catch {
            // Not recorded as built: looked at again next time. The memos hold what this failed run
            // read (maybe a bad file that is reverted before the next run): forget it.
            pending.formUnion(scan.changed)
            reader.forgetFailedRun(scan.changed, changes: changes)
            throw error
        }
    }

    private struct Produced {
        var files: [OutputFile]
        var fresh: Set<String>
        var rendered: Int
        var warnings: [Diagnostic]
    }

    /// Read → render → check for the changed kinds, starting from `previous` (nil: from nothing).
    private func produce(changes: ChangeSet, changed: Set<String> = [], previous: State?) async throws -> (State, Produced, [(String, Double)]) {
        var clock = StageClock()
        let diagnostics = Diagnostics()
        let old = changes.everything ? nil : previous
        let config: SiteConfig
        let asOf: CalendarDate
        if let old {
            (config, asOf) = (old.config, old.asOf)
        } else {
            guard let read = SiteConfig.read(from: options.content, diagnostics: diagnostics) else { throw BuildFailed(diagnostics.all) }
            guard let day = options.asOf ?? BuildOptions.defaultAsOf(timeZone: read.timeZone) else {
                diagnostics.error("SOURCE_DATE_EPOCH must be a whole number of seconds", at: SourceLocation(path: "SOURCE_DATE_EPOCH"))
                throw BuildFailed(diagnostics.all)
            }
            (config, asOf) = (read, day)
        }
        let site = await reader.load(options, config: config, previous: old?.site, changes: changes, diagnostics: diagnostics)
        let graph = old != nil && !changes.kinds.contains(.templates) ? old!.graph : TemplateGraph(library: site.templates)
        var timings = [("load", clock.lap())]
        if diagnostics.hasErrors { throw BuildFailed(diagnostics.all) }

        let context = RenderContext(config: config, baseURL: options.baseURL ?? config.baseURL, asOf: asOf,
                                    templates: site.templates, diagnostics: diagnostics, jobs: options.jobs,
                                    generator: SiteBuilder.generator)
        var cache = old?.cache ?? RenderCache()
        let result = try await cache.render(site, context: context, stale: old == nil ? Set(RenderCache.Group.allCases) : RenderCache.groups(for: changes),
                                            templates: old == nil ? nil : graph.affected(by: changes.templates),
                                            staticsChanged: old == nil || changes.kinds.contains(.statics),
                                            changedSources: Set(changed.map(display)), freshBooks: reader.takeFreshBooks())
        let beforeValidate = clock.lap()
        // Paths are checked (plain, unique) unless they are exactly the last good build's, all distinct.
        if !Self.samePaths(result.files, as: previous?.outputs) {
            OutputWriter.validate(result.files, diagnostics: diagnostics, outputName: options.output.lastPathComponent)
        }
        let validateTime = clock.lap()
        timings.append(("render", beforeValidate + validateTime))
        if diagnostics.hasErrors { throw BuildFailed(diagnostics.all) }
        let state = State(config: config, asOf: asOf, site: site, graph: graph, cache: cache, outputs: [:])
        return (state, Produced(files: result.files, fresh: result.fresh, rendered: result.rendered, warnings: diagnostics.all), timings)
    }

    static func samePaths(_ files: [OutputFile], as old: [String: OutputFile]?) -> Bool {
        guard let old, files.count == old.count else { return false }
        let paths = Set(files.map(\.path))
        return paths.count == files.count && paths.allSatisfy { old[$0] != nil }
    }

    /// Files to write (produced in this run and different from what is on disk) and paths to delete.
    private static func difference(from old: [String: OutputFile], to new: Produced) -> ([OutputFile], [String]) {
        let write = new.files.filter { file in new.fresh.contains(file.path) && old[file.path]?.data != file.data }
            + new.files.filter { !new.fresh.contains($0.path) && old[$0.path] == nil }
        let live = Set(new.files.map(\.path))
        return (write, old.keys.filter { !live.contains($0) })
    }

    /// `/…/Content/hymns/012.md` → `Content/hymns/012.md`, as diagnostics and models name sources.
    private func display(_ path: String) -> String {
        for tree in [options.content, options.templates] {
            let root = tree.url.standardizedFileURL.path + "/"
            if path.hasPrefix(root) { return tree.display(String(path.dropFirst(root.count))) }
        }
        return path
    }

    /// The watcher's URL as the fingerprint table spells it (standardized, below the roots as given).
    private func normalize(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        for root in [options.content.url, options.templates.url] {
            let given = root.standardizedFileURL.path
            let resolved = root.resolvingSymlinksInPath().standardizedFileURL.path
            if given != resolved, path == resolved || path.hasPrefix(resolved + "/") {
                return given + path.dropFirst(resolved.count)
            }
        }
        return path
    }
}

extension RebuildReport {
    func totalled() -> RebuildReport {
        var report = self
        report.seconds = timings.reduce(0) { $0 + $1.1 }
        return report
    }
}
