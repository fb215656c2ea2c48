/// The read stage of a run: the templates, the static files and every stale kind's model,
/// read side by side; what did not change is taken from the previous build.
struct SiteReading: Sendable {
    let runners: [any KindRunning]
    let features: [any FeatureRunning]
    /// Each kind's, in the site's order (`sitegen build` lets go of some once rendered, see `StagedBuild.letGo`).
    var models: [KindModel]
    let templates: TemplateLibrary
    let graph: TemplateGraph
    let statics: [OutputFile]
    /// The templates every site needs and those the kinds' models need (each reported if missing).
    let required: Set<String>

    static func read(_ options: BuildOptions, changes: ChangeSet, old: SiteState?, engine: QueryEngine,
                     diagnostics: Diagnostics) async -> SiteReading {
        if old == nil, !options.content.exists {
            diagnostics.error("content folder not found", at: SourceLocation(path: options.content.displayPath))
        }
        let runners = old?.runners ?? options.kinds.map { makeRunner($0) }
        let features = old?.features ?? options.features.map { makeFeatureRunner($0) }
        let rereadTemplates = old == nil || !changes.templates.isEmpty
        async let templates = rereadTemplates ? TemplateLibrary.load(from: options.templates, builtIn: options.theme,
                                                                                   diagnostics: diagnostics) : old!.templates
        async let statics = old == nil || changes.statics
            ? StaticFiles.read(templates: options.templates, builtIn: options.theme, content: options.content,
                               diagnostics: diagnostics) : old!.statics
        let input = KindInput(content: options.content, jobs: options.jobs, diagnostics: diagnostics, queries: engine)
        let models = await withTaskGroup(of: (Int, KindModel).self) { group in
            for index in runners.indices where old == nil || changes.kinds.contains(index) {
                let runner = runners[index]
                group.addTask { (index, await runner.read(input)) }
            }
            var models = old?.kinds.map(\.model) ?? Array(repeating: KindModel(value: nil), count: runners.count)
            for await (index, model) in group { models[index] = model }
            return models
        }
        let library = await templates
        let graph = rereadTemplates ? TemplateGraph(library: library) : old!.graph
        // Every page extends the layout; the features and the kinds' models name the rest.
        var required = ["layout"] + features.flatMap(\.requiredTemplates)
        for (runner, model) in zip(runners, models) { required += runner.requiredTemplates(model) }
        library.require(required, diagnostics: diagnostics)
        return SiteReading(runners: runners, features: features, models: models, templates: library, graph: graph, statics: await statics,
                           required: Set(required))
    }
}
