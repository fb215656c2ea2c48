import Foundation

/// The one build pipeline: read → render → check → write.
///
/// `sitegen build` and `check` are a session's first `build()`, with every cache empty.
/// `sitegen serve` keeps the session: each `rebuild(changed:)` reads only the changed sources
/// (the kinds whose folders they are in, and within a kind only the changed files), renders only
/// the pages whose values or templates changed, and writes only files whose bytes differ, so the
/// output folder always holds exactly what a fresh full build would write. A bad edit throws
/// `BuildFailed` and leaves the output (and the session's memory of the last good build) as they were.
public actor BuildSession {
    public enum Mode: Sendable { case build, check }

    public let options: BuildOptions
    private var fingerprints: SourceFingerprints
    /// The last good build.
    private var state: SiteState?
    /// Sources named by failed rebuilds: looked at again next time, whatever the watcher says.
    private var pending = Set<String>()

    public init(options: BuildOptions) {
        self.options = options
        self.fingerprints = SourceFingerprints(roots: [options.content.url, options.templates.url])
    }

    /// Full build into `options.output`, remembering every source's fingerprint (for `serve`).
    public func build() async throws -> BuildReport {
        try await build(mode: .build, watching: true)
    }

    /// Full build into `options.output` (or, in `check` mode, everything but the writing);
    /// remembers everything. `watching`: record every source's fingerprint, so that later
    /// `rebuild(changed:)` calls can tell a real edit from a touch (not needed by `sitegen build`).
    public func build(mode: Mode, watching: Bool) async throws -> BuildReport {
        if mode == .build { try OutputWriter.checkDestination(options.output, force: options.force) }
        var clock = StageClock()
        var fresh = SourceFingerprints(roots: fingerprints.roots)
        var report = BuildReport()
        if watching {
            fresh.record(fresh.changes(among: Set(fresh.scanAll())).updates)
            report.timings.append(("scan", clock.lap()))
        }
        // `sitegen build` writes the pages as they are rendered (memory holds a batch of them);
        // `serve` keeps every page in memory, to compare the next rebuild's with.
        let writer = OutputWriter(destination: options.output, force: options.force, jobs: options.jobs)
        let staging = mode == .build && !watching ? try await writer.begin() : nil
        let engine = QueryEngine()
        if watching { fresh.feed(engine) }
        let run: SiteRun
        do {
            run = try await SiteRun.make(options, changes: .all(kindCount: options.kinds.count), previous: nil, engine: engine,
                                         mode: staging.map { StagedBuild(folder: $0) } ?? SessionBuild())
        } catch {
            await staging?.abandon()
            throw error
        }
        report.timings += run.timings
        _ = clock.lap()   // the run timed its own stages
        report.asOf = run.state.settings.asOf
        report.address = run.state.settings.address
        report.count(run)
        if mode == .build {
            if let staging { try await staging.commit(run.files) } else { try await writer.write(run.files) }
            report.timings.append(("write", clock.lap()))
            report.written = run.files.map(\.path).sorted()
        }
        // A staged build's pages are on disk, its page lists unmade: nothing for a rebuild to
        // compare with (one after it starts from nothing).
        state = staging == nil ? run.state : nil
        fingerprints = fresh
        pending = []
        report.seconds = clock.total
        return report
    }

    /// Rebuild after these files changed (absolute paths under Content/ or Templates/, added,
    /// edited or deleted; folders stand for everything in them). An empty set means "look at
    /// every source file" (a no-change rebuild finds nothing and writes nothing).
    /// `deferSlow`: the search index and the apps' bundle stay as they were even if the edit
    /// changes them, until `settle()` (serve reloads the page first; those take longer).
    public func rebuild(changed: Set<URL>, deferSlow: Bool = false) async throws -> BuildReport {
        guard let previous = state else { return try await build() }
        var clock = StageClock()
        let candidates = changed.isEmpty ? Set(fingerprints.scanAll()).union(fingerprints.entries.keys)
                                         : Set(changed.map(normalize)).union(pending)
        let scan = fingerprints.changes(among: candidates)
        let changes = ChangeSet(paths: scan.changed, content: options.content.url, templates: options.templates.url,
                                kinds: options.kinds.map(\.sources))
        var report = BuildReport()
        report.asOf = previous.settings.asOf
        report.address = previous.settings.address
        report.timings = [("scan", clock.lap())]
        report.changedSources = scan.changed.sorted()
        // Everything built again (site.yml): a new engine, since its queries read the settings as constants.
        let engine = changes.everything ? QueryEngine() : previous.engine
        fingerprints.feed(engine, updates: scan.updates, paths: changes.everything ? nil : scan.looked, afterFailure: !pending.isEmpty)
        if changes.isEmpty {
            fingerprints.record(scan.updates)
            pending = []
            report.seconds = clock.total
            return report
        }
        do {
            let run = try await SiteRun.make(options, changes: changes, previous: previous, engine: engine,
                                             mode: SessionBuild(deferSlow: deferSlow))
            engine.endRun()
            report.timings += run.timings
            _ = clock.lap()   // the run timed its own stages
            let (write, remove) = run.state.outputs.changes(since: previous.outputs, fresh: run.fresh)
            try await OutputSync(root: options.output).apply(write: write, remove: remove, jobs: options.jobs)
            report.timings.append(("write", clock.lap()))
            state = run.state
            fingerprints.record(scan.updates)
            pending = []
            report.written = write.map(\.path).sorted()
            report.removed = remove.sorted()
            report.count(run)
            report.seconds = clock.total
            return report
        } catch {
            // Not recorded as built: looked at again next time (and the engine's input of a file put
            // back as it was then moves back, see `SourceFingerprints.feed`).
            pending.formUnion(scan.changed)
            throw error
        }
    }

    /// Whether a rebuild left the search index or the apps' bundle behind its sources.
    public var isUnsettled: Bool { state?.unsettled ?? false }

    /// Makes the outputs `rebuild(changed:deferSlow:)` left behind, and writes what changed: after
    /// it the output is again exactly what a fresh full build would write.
    public func settle() async throws -> BuildReport {
        var report = BuildReport()
        guard let previous = state, previous.unsettled else { return report }
        var clock = StageClock()
        let run = try await SiteRun.make(options, changes: .none, previous: previous, engine: previous.engine, mode: SessionBuild())
        report.timings = run.timings
        _ = clock.lap()
        let (write, remove) = run.state.outputs.changes(since: previous.outputs, fresh: run.fresh)
        try await OutputSync(root: options.output).apply(write: write, remove: remove, jobs: options.jobs)
        report.timings.append(("write", clock.lap()))
        state = run.state
        report.asOf = previous.settings.asOf
        report.address = previous.settings.address
        report.written = write.map(\.path).sorted()
        report.removed = remove.sorted()
        report.count(run)
        report.seconds = clock.total
        return report
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

extension BuildReport {
    /// What a run made: the site's pages, files and bytes, the pages rendered, the warnings.
    mutating func count(_ run: SiteRun) {
        pages = run.state.outputs.pages
        files = run.files.count
        bytes = run.state.outputs.bytes
        rendered = run.rendered
        warnings = run.warnings
    }
}
