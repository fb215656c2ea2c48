import Foundation
import SitegenSearch

/// One pass of the pipeline, from the previous good build (nil: from nothing, a full build):
/// read what changed, make the changed kinds' pages, snapshots and feeds, render the pages whose
/// values or templates changed, and assemble every file of the site.
struct SiteRun: Sendable {
    let state: SiteState
    /// Every file of the site, in a fixed order.
    let files: [OutputFile]
    /// Paths made in this run (the rest are the previous build's files, unchanged by construction).
    let fresh: Set<String>
    let rendered: Int
    let warnings: [Diagnostic]
    let timings: [(String, Double)]

    /// `deferSlow`: keep the previous search index and apps' bundle even when their inputs
    /// changed, and say so in the state (`sitegen serve` reloads the page first and settles them
    /// when the edits pause, see `BuildSession.settle`).
    static func make(_ options: BuildOptions, changes: ChangeSet, previous: SiteState?,
                     deferSlow: Bool = false) async throws -> SiteRun {
        var clock = StageClock()
        var timings: [(String, Double)] = []
        let diagnostics = Diagnostics()
        let old = changes.everything ? nil : previous
        var options = options
        if old == nil {
            // load: the bytes of every source into memory (disk); parse: into the typed models (CPU).
            options.content = await options.content.preloaded(jobs: options.jobs)
            options.templates = await options.templates.preloaded(jobs: options.jobs)
            timings.append(("load", clock.lap()))
        }
        let settings = try old?.settings ?? BuildSettings.resolve(options, diagnostics: diagnostics)
        let read = await SiteReading.read(options, changes: changes, old: old, diagnostics: diagnostics)
        timings.append(("parse", clock.lap()))
        let context = settings.context(options, templates: read.templates, diagnostics: diagnostics)
        let stale = old == nil ? Set(read.runners.indices) : changes.kinds
        if diagnostics.hasErrors {
            // Pages naming a template that does not exist are reported with the other problems
            // of the run, not after they are fixed.
            let kinds = await Self.pagesAndFeeds(read, stale: stale, old: old, context: context)
            PageRendering(kinds: kinds, home: [:], old: old, stale: stale, context: context)
                .checkTemplates(all: true, library: read.templates, required: read.required, diagnostics: diagnostics)
            throw BuildFailed(diagnostics.all)
        }
        async let snapshotsMade = Self.snapshots(read, stale: stale, context: context)
        var kinds = await Self.pagesAndFeeds(read, stale: stale, old: old, context: context)
        let home = kinds.reduce(into: TemplateObject()) { $0.merge($1.home) { _, new in new } }
        let activity = kinds.reduce(into: TemplateObject()) { $0.merge($1.activity) { _, new in new } }
        var pages = PageRendering(kinds: kinds, home: home, activity: activity, old: old, stale: stale, context: context)
        let templatesChanged = old == nil || !changes.templates.isEmpty
        pages.checkTemplates(all: templatesChanged, library: read.templates, required: read.required, diagnostics: diagnostics)
        // The search index from every kind's contribution, made while the pages render; kept as
        // it was when no kind's contribution changed.
        let searchDue = old.map { old in old.unsettled.search || stale.contains { old.kinds[$0].search != kinds[$0].search } } ?? true
        let searchChanged = searchDue && !(deferSlow && old != nil)
        let contributions = kinds.map(\.search)
        let previousSearch = old?.search
        async let searchMade = Self.searchIndex(contributions, previous: searchChanged ? nil : previousSearch, jobs: context.jobs)
        // The apps' bundle likewise, from every kind's tables.
        let bundleDue = old.map { old in old.unsettled.bundle || stale.contains { old.kinds[$0].appTables != kinds[$0].appTables } } ?? true
        let bundleChanged = bundleDue && !(deferSlow && old != nil)
        let tables = kinds.flatMap(\.appTables)
        let previousBundle = old?.bundle
        async let bundleMade = AppBundleFile.make(tables, previous: bundleChanged ? nil : previousBundle, context: context)
        let (made, snapshotSeconds) = try await snapshotsMade
        for (index, snapshots) in made { kinds[index].snapshots = snapshots }
        if diagnostics.hasErrors { throw BuildFailed(diagnostics.all) }
        let affected = old == nil ? nil : read.graph.affected(by: changes.templates)
        let rendered = await pages.render(templates: affected, context: context)
        let (search, searchSeconds) = await searchMade
        let (bundle, bundleSeconds) = try await bundleMade
        timings += [("render", clock.lap()), ("snapshots", snapshotSeconds), ("search", searchSeconds), ("bundle", bundleSeconds)]

        var assembly = SiteAssembly(kinds: kinds, groups: pages.groups, read: read, old: old, stale: stale,
                                    staticsChanged: old == nil || changes.statics, search: search, searchChanged: searchChanged,
                                    bundle: bundle, bundleChanged: bundleChanged)
        try assembly.assemble(context: context)
        let built = BuiltSite(paths: Set(assembly.files.map(\.path)))
        for (runner, kind) in zip(read.runners, kinds) {
            runner.check(kind.model, site: built, context: context)
        }
        if !samePaths(assembly.files, as: previous?.outputs) {
            OutputWriter.validate(assembly.files, diagnostics: diagnostics, outputName: options.output.lastPathComponent)
        }
        if diagnostics.hasErrors { throw BuildFailed(diagnostics.all) }
        var fresh = assembly.fresh.union(rendered)
        if old == nil { fresh = Set(assembly.files.map(\.path)) }
        let state = SiteState(settings: settings, runners: read.runners, templates: read.templates, graph: read.graph,
                              statics: read.statics, kinds: kinds, groups: pages.groups, home: home,
                              manifest: assembly.manifest, search: search, bundle: bundle, digests: assembly.digests,
                              offlineDigests: assembly.offlineDigests, sitemap: assembly.sitemap,
                              unsettled: Unsettled(search: searchDue && !searchChanged, bundle: bundleDue && !bundleChanged),
                              sitemapSources: assembly.sitemapSources,
                              outputs: Dictionary(assembly.files.map { ($0.path, $0) }) { first, _ in first })
        return SiteRun(state: state, files: assembly.files, fresh: fresh, rendered: rendered.count,
                       warnings: diagnostics.all, timings: timings)
    }

    /// The stale kinds' snapshots, made alongside their pages (wall seconds of that task alone).
    private static func snapshots(_ read: SiteReading, stale: Set<Int>, context: RenderContext) async throws
        -> ([(Int, [Snapshot])], Double) {
        var clock = StageClock()
        let made = try await withThrowingTaskGroup(of: (Int, [Snapshot]).self) { group in
            for index in stale {
                let (runner, model) = (read.runners[index], read.models[index])
                group.addTask { (index, try runner.snapshots(model, context: context)) }
            }
            var made: [(Int, [Snapshot])] = []
            for try await result in group { made.append(result) }
            return made
        }
        return (made, clock.lap())
    }

    /// The search index's files (wall seconds of that task alone); `previous` when it holds.
    private static func searchIndex(_ contributions: [SearchContribution], previous: [SearchIndex.File]?, jobs: Int) async
        -> ([SearchIndex.File], Double) {
        if let previous { return (previous, 0) }
        var clock = StageClock()
        let index = SearchIndex.build(contributions, jobs: jobs)
        return (index.files, clock.lap())
    }

    /// Each kind's outputs: the stale kinds' page specs, feeds and home values made again (side
    /// by side), the others' as they were.
    private static func pagesAndFeeds(_ read: SiteReading, stale: Set<Int>, old: SiteState?,
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
                let (runner, model) = (read.runners[index], read.models[index])
                group.addTask {
                    var outputs = KindOutputs(model: model)
                    outputs.specs = runner.pages(model, context: context)
                    outputs.feeds = runner.feeds(model, context: context)
                    outputs.home = runner.homeValues(model, context: context)
                    outputs.activity = runner.activityValues(model, context: context)
                    outputs.search = runner.search(model, context: context)
                    outputs.offline = runner.offline(model, context: context)
                    outputs.appTables = runner.appTables(model, context: context)
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

    static func samePaths(_ files: [OutputFile], as old: [String: OutputFile]?) -> Bool {
        guard let old, files.count == old.count else { return false }
        let paths = Set(files.map(\.path))
        return paths.count == files.count && paths.allSatisfy { old[$0] != nil }
    }
}
