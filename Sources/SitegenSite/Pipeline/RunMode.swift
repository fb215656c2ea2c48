/// How a run keeps what it makes: the one difference between `sitegen build` and a session
/// (`sitegen serve`, `check`, `rebuild-timings`), chosen once, never a flag through the steps.
protocol RunMode: Sendable {
    /// Where the pages go as they are rendered: a staging folder, a batch at a time (nil: kept).
    var staging: StagedOutput? { get }
    /// The run's context (a staged build puts its large files in the staging folder as made).
    func context(_ plain: RenderContext) -> RenderContext
    /// A kind's pages: made when rendered (staged), or all at once with the last run's index of
    /// paths when they are its own (a session compares them with the next run's).
    func pages(_ runner: any KindRunning, _ model: KindModel, previous: PageList?, context: RenderContext) -> PageList
    /// A kind's snapshots, written to the staging folder as soon as made (and kept without
    /// their bytes), or kept.
    func snapshots(_ runner: any KindRunning, _ model: KindModel, context: RenderContext) async throws -> [Snapshot]
    /// A feature's step as kept by the run (staged: written, kept without bytes or input).
    func keep(_ run: FeatureRun) async throws -> FeatureRun
    /// Whether a deferrable feature keeps its last files though its input changed (see
    /// `BuildSession.settle`); `first`: the session's first build, which defers nothing.
    func defers(first: Bool) -> Bool
    /// What the run lets go of once every page is rendered (see `StagedBuild.letGo`).
    func letGo(_ read: inout SiteReading, _ kinds: inout [KindOutputs], _ pages: inout PageRendering, engine: QueryEngine)
}

/// `sitegen build`: every page written to the staging folder as it is rendered, nothing kept
/// for a next run (memory holds a batch of pages, not the site).
struct StagedBuild: RunMode {
    let folder: StagedOutput

    var staging: StagedOutput? { folder }

    func context(_ plain: RenderContext) -> RenderContext { plain.putting(filesIn: folder.sink) }

    func pages(_ runner: any KindRunning, _ model: KindModel, previous: PageList?, context: RenderContext) -> PageList {
        runner.pageList(model, context: context)
    }

    func snapshots(_ runner: any KindRunning, _ model: KindModel, context: RenderContext) async throws -> [Snapshot] {
        let made = try runner.snapshots(model, context: context, remembering: false)
        return zip(made, try await folder.stage(made.map(\.file))).map { $0.with($1) }
    }

    func keep(_ run: FeatureRun) async throws -> FeatureRun { try await run.staged(in: folder) }

    func defers(first: Bool) -> Bool { false }

    /// What no later step needs once the pages are rendered and the `contributions` stage is
    /// done, dropped before the later features run (the run's peak of memory is at its end): the
    /// kinds' contributions no later feature reads (the search's documents, the apps' rows; see
    /// `SiteFeature.reads`), the kinds' page lists (which hold their models and every path's
    /// place), the models of the kinds that do not check the finished site (the Bible's verses),
    /// and the engine's values (which hold what the sources were read into).
    func letGo(_ read: inout SiteReading, _ kinds: inout [KindOutputs], _ pages: inout PageRendering, engine: QueryEngine) {
        engine.removeAll()
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
}

/// A session's run: everything kept in memory, to compare the next run with. `deferSlow`:
/// serve's edit, which reloads the page first and settles the slow features when edits pause.
struct SessionBuild: RunMode {
    var deferSlow = false

    var staging: StagedOutput? { nil }

    func context(_ plain: RenderContext) -> RenderContext { plain }

    func pages(_ runner: any KindRunning, _ model: KindModel, previous: PageList?, context: RenderContext) -> PageList {
        PageList(runner.pages(model, context: context), following: previous)
    }

    func snapshots(_ runner: any KindRunning, _ model: KindModel, context: RenderContext) async throws -> [Snapshot] {
        try runner.snapshots(model, context: context, remembering: true)
    }

    func keep(_ run: FeatureRun) async throws -> FeatureRun { run }

    func defers(first: Bool) -> Bool { deferSlow && !first }

    func letGo(_ read: inout SiteReading, _ kinds: inout [KindOutputs], _ pages: inout PageRendering, engine: QueryEngine) {}
}
