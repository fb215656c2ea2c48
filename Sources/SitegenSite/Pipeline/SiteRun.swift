import Foundation

/// One pass of the pipeline, from the previous good build (nil: from nothing, a full build).
/// Every run takes the same steps, in this order (`make`; docs/architecture.md draws them), each
/// timed for `--verbose`; the session writes after the last (`BuildSession`):
///
/// 1. **load**: every source's bytes into memory (a full build only);
/// 2. **settings**: `site.yml`, the address and the as-of date (kept by a session);
/// 3. **read**: the templates, the static files and each changed kind's model, the source
///    files through the engine (a file read before and unchanged since is not read again);
/// 4. **pages**: each changed kind's page specs, feeds and contributions, the features' own
///    pages, the templates they name;
/// 5. **render**: the pages whose spec or template changed, while the kinds' snapshots and
///    the features of the `contributions` stage (the search index, the apps' bundle) are made;
/// 6. **features**: the features of the `rendered` stage in order (the offline list, the
///    manifest, the sitemap), each from what the kinds and the features before it made;
/// 7. **check**: each kind's check against the finished site, and the output paths.
///
/// The mode (`RunMode`: a staged `sitegen build`, or a session's run kept in memory) is a value
/// the steps ask, not a flag they test. A kind's outputs are made again only when it was read
/// again; a feature's files only when its input differs from last time (`FeatureRunner`); a page
/// only when its spec or template changed.
struct SiteRun: Sendable {
    let state: SiteState
    /// What this run made (the rest are the previous build's files, unchanged by construction).
    let fresh: FreshOutputs
    let rendered: Int
    let warnings: [Diagnostic]
    let timings: [(String, Double)]

    /// Every file of the site, in a fixed order.
    var files: [OutputFile] { state.outputs.files }

    /// `engine`: the session's (the previous build's, or a new one when everything is built again).
    static func make(_ options: BuildOptions, changes: ChangeSet, previous: SiteState?, engine: QueryEngine,
                     mode: RunMode) async throws -> SiteRun {
        // An edit (`sitegen new`, `import`) a kill interrupted after its commit point is finished
        // first, so a build never reads half of one.
        try await ContentEdit.recover(options.content)
        var run = Steps(options: options, changes: changes, previous: previous, engine: engine, mode: mode)
        // Each step's result is handed on (`consume`): what a step lets go of is gone for the next.
        let loaded = await run.load()
        run.lap("load")
        let settings = try run.settings()
        run.lap("settings")
        let read = await run.read(loaded, settings)
        run.lap("read")
        let planned = try await run.pages(consume read)
        run.lap("pages")
        let rendered = try await run.render(consume planned)
        run.lap("render")
        let featured = try await run.features(consume rendered)
        run.lap("features")
        return try run.check(consume featured)
    }
}

/// The steps of one run, each a method from what the step before made to what it makes.
private struct Steps {
    let options: BuildOptions
    let changes: ChangeSet
    let previous: SiteState?
    /// The previous build when this run builds on it (nil: everything is built anew).
    let old: SiteState?
    let engine: QueryEngine
    let mode: RunMode
    let diagnostics = Diagnostics()
    var timings: [(String, Double)] = []
    private var clock = StageClock()

    init(options: BuildOptions, changes: ChangeSet, previous: SiteState?, engine: QueryEngine, mode: RunMode) {
        (self.options, self.changes, self.previous, self.engine, self.mode) = (options, changes, previous, engine, mode)
        old = changes.everything ? nil : previous
    }

    /// The time since the last step, as this step's (`load` only when it loaded: a full build).
    mutating func lap(_ name: String) {
        let seconds = clock.lap()
        if name != "load" || old == nil { timings.append((name, seconds)) }
    }

    private func stop() throws {
        if diagnostics.hasErrors { throw BuildFailed(diagnostics.all) }
    }

    /// The bytes of every source (disk), so that reading them (CPU) is timed apart; a rebuild
    /// reads only the few files that changed, from disk.
    func load() async -> (content: SourceTree, templates: SourceTree) {
        guard old == nil else { return (options.content, options.templates) }
        return (await options.content.preloaded(jobs: options.jobs), await options.templates.preloaded(jobs: options.jobs))
    }

    func settings() throws -> BuildSettings {
        try old?.settings ?? BuildSettings.resolve(options, diagnostics: diagnostics)
    }

    func read(_ loaded: (content: SourceTree, templates: SourceTree), _ settings: BuildSettings) async -> ReadSite {
        var options = options
        (options.content, options.templates) = loaded
        let read = await SiteReading.read(options, changes: changes, old: old, engine: engine, diagnostics: diagnostics)
        if old == nil { loaded.content.preloaded?.release() }   // the sources' bytes are in the models now
        var plain = settings.context(options, templates: read.templates, diagnostics: diagnostics)
        plain.queries = engine
        return ReadSite(settings: settings, read: read, context: mode.context(plain),
                        stale: old == nil ? Set(read.runners.indices) : changes.kinds, failed: diagnostics.hasErrors)
    }

    func pages(_ site: ReadSite) async throws -> PlannedSite {
        // The snapshots in a task of their own, beside the kinds' pages (not when the read failed).
        let (read, stale, context, mode) = (site.read, site.stale, site.context, mode)
        let failed = site.failed
        let snapshots = SnapshotTask { failed ? ([], 0) : try await Self.snapshots(read, stale: stale, mode: mode, context: context) }
        do {
            return try await pages(site, snapshots: snapshots)
        } catch {
            snapshots.cancel()
            _ = try? await snapshots.value
            throw error
        }
    }

    private func pages(_ site: ReadSite, snapshots: SnapshotTask) async throws -> PlannedSite {
        let kinds = await kindOutputs(site.read, stale: site.stale, context: site.context)
        // The header's search hint names only what this site's search answers (its kinds' contributions).
        let hinted = site.context.hinting(SearchHint(kinds.compactMap { $0.contributions[SearchContribution.self] }))
        let pages = PageRendering(kinds: kinds, featurePages: featurePages(site.read, kinds: kinds, context: hinted),
                                  old: old, stale: site.stale)
        if site.failed {
            // Pages naming a template that does not exist are reported with the other problems
            // of the run, not after they are fixed.
            pages.checkTemplates(all: true, unmade: true, library: site.read.templates, required: site.read.required, diagnostics: diagnostics)
            throw BuildFailed(diagnostics.all)
        }
        pages.checkTemplates(all: old == nil || !changes.templates.isEmpty, library: site.read.templates,
                             required: site.read.required, diagnostics: diagnostics)
        try stop()
        return PlannedSite(site: site, kinds: kinds, pages: pages, hinted: hinted, snapshots: snapshots)
    }

    /// The pages render while the snapshots and the `contributions` features are made beside
    /// them (no page reads them): the cores are not left to those alone first. A snapshot's
    /// problem stops the run just after, with the render's (staged pages are removed with the
    /// staging folder). The tasks hold what they were given until this step returns.
    func render(_ planned: PlannedSite) async throws -> RenderedSite {
        var (kinds, pages, read) = (planned.kinds, planned.pages, planned.site.read)
        let (reading, mode) = (read, mode)
        let snapshotsMade = planned.snapshots
        let early = SiteSoFar(contributors: kinds.indices.map { (read.runners[$0].name, kinds[$0].contributions) },
                              pages: pages.sitePages, snapshots: [], feeds: [], statics: [], featureFiles: [])
        async let earlyRuns = Self.runFeatures(reading.features, stage: .contributions, site: early, old: old,
                                               deferring: mode.defers(first: old == nil), mode: mode, context: planned.hinted)
        let affected = old == nil ? nil : read.graph.affected(by: changes.templates)
        let rendered: Set<String>
        do {
            rendered = try await pages.render(templates: affected, context: planned.hinted, staging: mode.staging)
        } catch {
            _ = try? await snapshotsMade.value
            throw error
        }
        let (made, snapshotSeconds) = try await snapshotsMade.value
        for (index, snapshots) in made { kinds[index].snapshots = snapshots }
        try stop()
        let runs = try await earlyRuns
        mode.letGo(&read, &kinds, &pages, engine: engine)
        return RenderedSite(settings: planned.site.settings, context: planned.site.context, hinted: planned.hinted,
                            stale: planned.site.stale, read: read, kinds: kinds, pages: pages, rendered: rendered, runs: runs,
                            snapshotSeconds: snapshotSeconds)
    }

    mutating func features(_ site: RenderedSite) async throws -> FeaturedSite {
        let (read, kinds, pages, hinted) = (site.read, site.kinds, site.pages, site.hinted)
        let (sitePages, snapshots, feeds) = (pages.sitePages, kinds.flatMap(\.snapshots), kinds.flatMap(\.feeds))
        var runs = site.runs
        for (index, feature) in read.features.enumerated() where feature.stage == .rendered {
            let earlier = read.features.indices.compactMap { runs[$0] }
            let made = SiteSoFar(contributors: Self.contributors(read, kinds: kinds, runs: runs), pages: sitePages,
                                 snapshots: snapshots, feeds: feeds, statics: read.statics,
                                 featureFiles: earlier.flatMap(\.products.files))
            runs[index] = try await mode.keep(feature.run(made, previous: old?.featureRuns[index],
                                                          deferring: mode.defers(first: old == nil), context: hinted))
        }
        let featureRuns = read.features.indices.compactMap { runs[$0] }   // every feature ran in one stage or the other
        timings.append(("snapshots", site.snapshotSeconds))
        timings += zip(read.features, featureRuns).map { ($0.name, $1.seconds) }
        try stop()
        return FeaturedSite(rendered: site, featureRuns: featureRuns)
    }

    mutating func check(_ site: FeaturedSite) throws -> SiteRun {
        let (read, kinds, pages) = (site.rendered.read, site.rendered.kinds, site.rendered.pages)
        var files = pages.groups.flatMap(\.files) + read.statics + kinds.flatMap(\.feeds)
        let featuresStart = files.count
        files += site.featureRuns.flatMap(\.products.files)
        let outputs = SiteOutputs(files, following: previous?.outputs)
        for (runner, kind) in zip(read.runners, kinds) {
            runner.check(kind.model, site: outputs.built, context: site.rendered.context)
        }
        if outputs.moved == nil {   // else the last good run's paths were checked then, and the moved ones now
            OutputWriter.validate(files, diagnostics: diagnostics, outputName: options.output.lastPathComponent)
        }
        try stop()
        let state = SiteState(settings: site.rendered.settings, runners: read.runners, features: read.features,
                              templates: read.templates, graph: read.graph, statics: read.statics, kinds: kinds, groups: pages.groups,
                              featureRuns: site.featureRuns, outputs: outputs, engine: engine)
        let fresh = old == nil ? FreshOutputs(places: [files.indices])
            : Self.fresh(rendered: site.rendered.rendered, kinds: kinds, stale: site.rendered.stale, read: read,
                         staticsChanged: changes.statics, runs: site.featureRuns, featuresStart: featuresStart)
        lap("check")
        return SiteRun(state: state, fresh: fresh, rendered: site.rendered.rendered.count, warnings: diagnostics.all, timings: timings)
    }
}

/// What the `read` step made: the settings, the sources read, the run's context, the kinds to
/// make again (`stale`), and whether a problem was found (the run then stops after `pages`).
private struct ReadSite {
    let settings: BuildSettings
    let read: SiteReading
    let context: RenderContext
    let stale: Set<Int>
    let failed: Bool
}

/// The stale kinds' snapshots being made (and the wall seconds of that task alone).
private typealias SnapshotTask = Task<([(Int, [Snapshot])], Double), any Error>

/// What the `pages` step made: each kind's outputs and every page's spec, and the snapshots
/// being made beside.
private struct PlannedSite {
    let site: ReadSite
    let kinds: [KindOutputs]
    let pages: PageRendering
    /// The context with the header's search hint.
    let hinted: RenderContext
    let snapshots: SnapshotTask
}

/// What the `render` step made: the pages rendered (their file paths), the snapshots, the
/// `contributions` features' steps; and what the later steps read of the earlier ones (not
/// the earlier results themselves, which hold what a staged build let go of).
private struct RenderedSite {
    let settings: BuildSettings
    let context: RenderContext
    let hinted: RenderContext
    let stale: Set<Int>
    let read: SiteReading
    let kinds: [KindOutputs]
    let pages: PageRendering
    let rendered: Set<String>
    let runs: [Int: FeatureRun]
    let snapshotSeconds: Double
}

/// What the `features` step made: every feature's step, in the site's order.
private struct FeaturedSite {
    let rendered: RenderedSite
    let featureRuns: [FeatureRun]
}

extension Steps {
    /// What this run made: the pages rendered, the changed kinds' feeds, the static files when
    /// they changed (by path), and the files of the features that made theirs again (by their
    /// places in the run's files, which list the features' files in order from `featuresStart`).
    private static func fresh(rendered: Set<String>, kinds: [KindOutputs], stale: Set<Int>, read: SiteReading,
                              staticsChanged: Bool, runs: [FeatureRun], featuresStart: Int) -> FreshOutputs {
        var fresh = FreshOutputs(paths: rendered)
        for index in stale { fresh.paths.formUnion(kinds[index].feeds.map(\.path)) }
        if staticsChanged { fresh.paths.formUnion(read.statics.map(\.path)) }
        var start = featuresStart
        for run in runs {
            let count = run.products.files.count
            if run.made { fresh.places.append(start..<start + count) }
            start += count
        }
        return fresh
    }

    /// The kinds', then the features' contributions so far, in the site's order.
    private static func contributors(_ read: SiteReading, kinds: [KindOutputs], runs: [Int: FeatureRun])
        -> [(name: String, contributions: Contributions)] {
        kinds.indices.map { (read.runners[$0].name, kinds[$0].contributions) }
            + read.features.indices.compactMap { index in runs[index].map { (read.features[index].name, $0.products.contributions) } }
    }

    /// The features' pages, in order; each feature sees the kinds' pages and the earlier features'.
    private func featurePages(_ read: SiteReading, kinds: [KindOutputs], context: RenderContext) -> [PageSpec] {
        var byPath = PlannedPages(kinds.map(\.pages))
        let contributions = kinds.indices.map { (name: read.runners[$0].name, contributions: kinds[$0].contributions) }
        var made: [PageSpec] = []
        for feature in read.features {
            let plan = SitePlan(kinds: contributions, pages: byPath)
            for spec in feature.pages(plan, context: context) {
                byPath.add(spec)
                made.append(spec)
            }
        }
        return made
    }

    /// The features of one stage that can run together (the `contributions` stage, beside the
    /// rendering), each in a task of its own.
    private static func runFeatures(_ features: [any FeatureRunning], stage: FeatureStage, site: SiteSoFar, old: SiteState?,
                                    deferring: Bool, mode: RunMode, context: RenderContext) async throws -> [Int: FeatureRun] {
        try await withThrowingTaskGroup(of: (Int, FeatureRun).self) { group in
            for (index, feature) in features.enumerated() where feature.stage == stage {
                let previous = old?.featureRuns[index]
                group.addTask {
                    (index, try await mode.keep(feature.run(site, previous: previous, deferring: deferring, context: context)))
                }
            }
            var runs: [Int: FeatureRun] = [:]
            for try await (index, run) in group { runs[index] = run }
            return runs
        }
    }

    /// The stale kinds' snapshots, made alongside their pages (wall seconds of that task alone).
    private static func snapshots(_ read: SiteReading, stale: Set<Int>, mode: RunMode, context: RenderContext) async throws
        -> ([(Int, [Snapshot])], Double) {
        var clock = StageClock()
        let made = try await withThrowingTaskGroup(of: (Int, [Snapshot]).self) { group in
            for index in stale {
                let (runner, model) = (read.runners[index], read.models[index])
                group.addTask { (index, try await mode.snapshots(runner, model, context: context)) }
            }
            var made: [(Int, [Snapshot])] = []
            for try await result in group { made.append(result) }
            return made
        }
        return (made, clock.lap())
    }

    /// Each kind's outputs: the stale kinds' page specs, feeds and contributions made again (side
    /// by side), the others' as they were; the pages as the mode keeps them (`RunMode.pages`).
    private func kindOutputs(_ read: SiteReading, stale: Set<Int>, context: RenderContext) async -> [KindOutputs] {
        let (old, mode) = (old, mode)
        var kinds = read.runners.indices.map { index in
            old.map { previous in
                var kept = previous.kinds[index]
                kept.model = read.models[index]
                return kept
            } ?? KindOutputs(model: read.models[index])
        }
        let made = await withTaskGroup(of: (Int, KindOutputs).self) { group in
            for index in stale {
                let (runner, model, previous) = (read.runners[index], read.models[index], old?.kinds[index].pages)
                group.addTask {
                    var outputs = KindOutputs(model: model)
                    outputs.pages = mode.pages(runner, model, previous: previous, context: context)
                    outputs.feeds = runner.feeds(model, context: context)
                    outputs.contributions = runner.contributions(model, context: context)
                    return (index, outputs)
                }
            }
            var made: [(Int, KindOutputs)] = []
            for await result in group { made.append(result) }
            return made
        }
        for (index, outputs) in made {
            let snapshots = kinds[index].snapshots
            kinds[index] = outputs
            kinds[index].snapshots = snapshots   // replaced once the snapshot task is done
        }
        return kinds
    }
}

