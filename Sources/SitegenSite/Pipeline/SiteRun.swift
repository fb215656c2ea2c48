import Foundation

/// One pass of the pipeline, from the previous good build (nil: from nothing, a full build).
/// Its steps, in order (docs/architecture.md draws them):
///
/// 1. load: every source's bytes into memory (a full build only);
/// 2. settings: `site.yml` and the as-of date;
/// 3. read: the templates, the static files and each changed kind's model;
/// 4. kinds: each changed kind's pages, feeds and contributions (its snapshots beside them);
/// 5. feature pages: the pages the features add (the home page, `/search/`, `/my/`);
/// 6. render: the pages whose spec or template changed, while the features of the
///    `contributions` stage (the search index, the apps' bundle) make their files;
/// 7. features: the others in order (the offline list, the manifest, the sitemap), each from
///    what the kinds and the features before it made;
/// 8. check: each kind's check against the finished site, and the output paths.
///
/// A kind's outputs are made again only when it was read again; a feature's files only when its
/// input differs from last time (`FeatureRunner`); a page only when its spec or template changed.
struct SiteRun: Sendable {
    let state: SiteState
    /// What this run made (the rest are the previous build's files, unchanged by construction).
    let fresh: FreshOutputs
    let rendered: Int
    let warnings: [Diagnostic]
    let timings: [(String, Double)]

    /// Every file of the site, in a fixed order.
    var files: [OutputFile] { state.outputs.files }

    /// `deferSlow`: keep the deferrable features' last files even when their input changed, and
    /// say so in the state (`sitegen serve` reloads the page first and settles them when the
    /// edits pause, see `BuildSession.settle`).
    /// `staging`: write the pages there as they are rendered (a full `sitegen build`; see
    /// `StagedOutput`); the other files stay in `files` for the commit.
    /// `engine`: the session's (the previous build's, or a new one when everything is built again).
    static func make(_ options: BuildOptions, changes: ChangeSet, previous: SiteState?, engine: QueryEngine,
                     deferSlow: Bool = false, staging: StagedOutput? = nil) async throws -> SiteRun {
        var clock = StageClock()
        var timings: [(String, Double)] = []
        let diagnostics = Diagnostics()
        let old = changes.everything ? nil : previous
        let given = options
        var options = options
        // An edit (`sitegen new`, `import`) a kill interrupted after its commit point is finished
        // first, so a build never reads half of one.
        try await ContentEdit.recover(options.content)
        if old == nil {
            // load: the bytes of every source into memory (disk); parse: into the typed models (CPU).
            options.content = await options.content.preloaded(jobs: options.jobs)
            options.templates = await options.templates.preloaded(jobs: options.jobs)
            timings.append(("load", clock.lap()))
        }
        let settings = try old?.settings ?? BuildSettings.resolve(options, diagnostics: diagnostics)
        var read = await SiteReading.read(options, changes: changes, old: old, engine: engine, diagnostics: diagnostics)
        if old == nil { options.content.preloaded?.release() }   // the sources' bytes are in the models now
        options.content = given.content
        timings.append(("parse", clock.lap()))
        var plain = settings.context(options, templates: read.templates, diagnostics: diagnostics)
        plain.queries = engine
        // With a staging folder, the large files of the features and snapshots are written as made.
        let context = staging.map { plain.putting(filesIn: $0.sink) } ?? plain
        let stale = old == nil ? Set(read.runners.indices) : changes.kinds
        let readFailed = diagnostics.hasErrors
        var kinds: [KindOutputs]
        var pages: PageRendering
        var runs: [Int: FeatureRun]
        let rendered: Set<String>
        let hinted: RenderContext
        do {   // An `async let` holds what it was given (the models, the contributions) to the end of its
               // scope: this block's, so that `letGo` below can let go of them.
            let reading = read   // what the tasks capture (`read` changes after the block)
            // The snapshots in a task of their own, beside the kinds' pages (not when the read failed).
            async let snapshotsMade = readFailed ? ([], 0) : Self.snapshots(reading, stale: stale, staging: staging, context: context)
            kinds = await Self.kindOutputs(read, stale: stale, old: old, onDemand: staging != nil, context: context)
            // The header's search hint names only what this site's search answers (its kinds' contributions).
            hinted = context.hinting(SearchHint(kinds.compactMap { $0.contributions[SearchContribution.self] }))
            pages = PageRendering(kinds: kinds, featurePages: Self.featurePages(read, kinds: kinds, context: hinted),
                                  old: old, stale: stale)
            if readFailed {
                // Pages naming a template that does not exist are reported with the other problems
                // of the run, not after they are fixed.
                pages.checkTemplates(all: true, unmade: true, library: read.templates, required: read.required, diagnostics: diagnostics)
                throw BuildFailed(diagnostics.all)
            }
            pages.checkTemplates(all: old == nil || !changes.templates.isEmpty, library: read.templates, required: read.required,
                                 diagnostics: diagnostics)
            let early = SiteSoFar(contributors: kinds.indices.map { (read.runners[$0].name, kinds[$0].contributions) },
                                  pages: pages.sitePages, snapshots: [], feeds: [], statics: [], featureFiles: [])
            async let earlyRuns = Self.runFeatures(reading.features, stage: .contributions, site: early, old: old,
                                                   deferring: deferSlow && old != nil, staging: staging, context: hinted)
            if diagnostics.hasErrors { throw BuildFailed(diagnostics.all) }
            let affected = old == nil ? nil : read.graph.affected(by: changes.templates)
            // The pages render while the snapshots are still being made (no page reads them): the
            // cores are not left to the snapshots alone first. A snapshot's problem stops the run
            // just after, with the render's (the staged pages are removed with the staging folder).
            rendered = try await pages.render(templates: affected, context: hinted, staging: staging)
            let (made, snapshotSeconds) = try await snapshotsMade
            for (index, snapshots) in made { kinds[index].snapshots = snapshots }
            if diagnostics.hasErrors { throw BuildFailed(diagnostics.all) }
            runs = try await earlyRuns
            timings += [("render", clock.lap()), ("snapshots", snapshotSeconds)]
        }
        if staging != nil { Self.letGo(&read, &kinds, &pages) }

        let (sitePages, snapshots, feeds) = (pages.sitePages, kinds.flatMap(\.snapshots), kinds.flatMap(\.feeds))
        var files = pages.groups.flatMap(\.files) + read.statics + feeds
        for (index, feature) in read.features.enumerated() where feature.stage == .rendered {
            let earlier = read.features.indices.compactMap { runs[$0] }
            let site = SiteSoFar(contributors: Self.contributors(read, kinds: kinds, runs: runs), pages: sitePages,
                                 snapshots: snapshots, feeds: feeds, statics: read.statics,
                                 featureFiles: earlier.flatMap(\.products.files))
            runs[index] = try await feature.run(site, previous: old?.featureRuns[index], deferring: deferSlow && old != nil, context: hinted)
                .staged(in: staging)
        }
        let featureRuns = read.features.indices.map { runs[$0]! }
        let featuresStart = files.count
        files += featureRuns.flatMap(\.products.files)
        timings += zip(read.features, featureRuns).map { ($0.name, $1.seconds) }
        if diagnostics.hasErrors { throw BuildFailed(diagnostics.all) }

        let outputs = SiteOutputs(files, following: previous?.outputs)
        for (runner, kind) in zip(read.runners, kinds) {
            runner.check(kind.model, site: outputs.built, context: context)
        }
        if outputs.moved == nil {   // else the last good run's paths were checked then, and the moved ones now
            OutputWriter.validate(files, diagnostics: diagnostics, outputName: options.output.lastPathComponent)
        }
        if diagnostics.hasErrors { throw BuildFailed(diagnostics.all) }
        let state = SiteState(settings: settings, runners: read.runners, features: read.features, templates: read.templates,
                              graph: read.graph, statics: read.statics, kinds: kinds, groups: pages.groups, featureRuns: featureRuns,
                              outputs: outputs, engine: engine)
        let fresh = old == nil ? FreshOutputs(places: [files.indices])
            : Self.fresh(rendered: rendered, kinds: kinds, stale: stale, read: read, staticsChanged: changes.statics, runs: featureRuns,
                         featuresStart: featuresStart)
        return SiteRun(state: state, fresh: fresh, rendered: rendered.count, warnings: diagnostics.all, timings: timings)
    }

    /// What a full `sitegen build` no longer needs once the pages are rendered and the
    /// `contributions` stage is done, dropped before the later features run (the run's peak of
    /// memory is at its end): the kinds' contributions no later feature reads (the search's
    /// documents, the apps' rows; see `SiteFeature.reads`), the kinds' page lists (which hold
    /// their models and every path's place), and the models of the kinds that do not check the
    /// finished site (the Bible's verses). A session keeps them all, to compare its next build with.
    private static func letGo(_ read: inout SiteReading, _ kinds: inout [KindOutputs], _ pages: inout PageRendering) {
        let later = read.features.filter { $0.stage == .rendered }.map(\.reads)
        let stillRead = later.contains { $0 == nil } ? nil : later.flatMap { $0 ?? [] }
        for index in kinds.indices {
            if let stillRead { kinds[index].contributions.keepOnly(stillRead) }
            kinds[index].pages = PageList([])
            if !read.runners[index].checksBuiltSite {
                (kinds[index].model, read.models[index]) = (KindModel(value: nil), KindModel(value: nil))
            }
        }
        pages.keepFilesOnly()
    }

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
    private static func featurePages(_ read: SiteReading, kinds: [KindOutputs], context: RenderContext) -> [PageSpec] {
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
                                    deferring: Bool, staging: StagedOutput?, context: RenderContext) async throws -> [Int: FeatureRun] {
        try await withThrowingTaskGroup(of: (Int, FeatureRun).self) { group in
            for (index, feature) in features.enumerated() where feature.stage == stage {
                let previous = old?.featureRuns[index]
                group.addTask {
                    (index, try await feature.run(site, previous: previous, deferring: deferring, context: context).staged(in: staging))
                }
            }
            var runs: [Int: FeatureRun] = [:]
            for try await (index, run) in group { runs[index] = run }
            return runs
        }
    }

    /// The stale kinds' snapshots, made alongside their pages (wall seconds of that task alone).
    /// With `staging` (`sitegen build`), each kind's are written there as soon as they are made,
    /// with a new cache that is dropped with them, and kept without their bytes.
    private static func snapshots(_ read: SiteReading, stale: Set<Int>, staging: StagedOutput?, context: RenderContext) async throws
        -> ([(Int, [Snapshot])], Double) {
        var clock = StageClock()
        let made = try await withThrowingTaskGroup(of: (Int, [Snapshot]).self) { group in
            for index in stale {
                let (runner, model) = (read.runners[index], read.models[index])
                group.addTask {
                    let made = try runner.snapshots(model, context: context, remembering: staging == nil)
                    guard let staging else { return (index, made) }
                    let staged = try await staging.stage(made.map(\.file))
                    return (index, zip(made, staged).map { $0.with($1) })
                }
            }
            var made: [(Int, [Snapshot])] = []
            for try await result in group { made.append(result) }
            return made
        }
        return (made, clock.lap())
    }

    /// Each kind's outputs: the stale kinds' page specs, feeds and contributions made again (side
    /// by side), the others' as they were. `onDemand`: the pages as lists whose specs are made
    /// as they are rendered (`sitegen build`, which renders each once and keeps none).
    private static func kindOutputs(_ read: SiteReading, stale: Set<Int>, old: SiteState?, onDemand: Bool,
                                    context: RenderContext) async -> [KindOutputs] {
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
                    outputs.pages = onDemand ? runner.pageList(model, context: context)
                                             : PageList(runner.pages(model, context: context), following: previous)
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

