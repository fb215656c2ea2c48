/// A feature with its cache, behind a face that does not name its input type, so the pipeline
/// can hold every feature of the site in one list (as `KindRunning` does for kinds).
protocol FeatureRunning: Sendable {
    var name: String { get }
    var stage: FeatureStage { get }
    var requiredTemplates: [String] { get }
    var reads: [any Contribution.Type]? { get }
    func pages(_ site: SitePlan, context: RenderContext) -> [PageSpec]
    /// The feature's step: its files made from its input, or the last run's kept when the input
    /// is equal — or, `deferring` a deferrable feature (serve), kept though it differs.
    func run(_ site: SiteSoFar, previous: FeatureRun?, deferring: Bool, context: RenderContext) throws -> FeatureRun
}

/// What a feature's step made (or kept) in one run.
struct FeatureRun: Sendable {
    /// The input its files were made from (the feature's `Input`).
    let input: any Sendable
    let products: FeatureFiles
    /// Made in this run, not kept from the last.
    let made: Bool
    /// Kept although its input changed (`sitegen serve` settles it when the edits pause).
    let unsettled: Bool
    let seconds: Double
}

extension FeatureRun {
    /// The same run with its files written to the staging folder (`sitegen build`) and kept
    /// without their bytes (the offline list and the manifest need only their hashes), and
    /// without its input (the search's documents, the apps' rows): no later build compares it.
    func staged(in staging: StagedOutput?) async throws -> FeatureRun {
        guard let staging, made else { return self }
        let files = try await staging.stage(products.files)
        return FeatureRun(input: NoFeatureInput(), products: FeatureFiles(files: files, contributions: products.contributions), made: made,
                          unsettled: unsettled, seconds: seconds)
    }
}

func makeFeatureRunner(_ feature: some SiteFeature) -> any FeatureRunning {
    FeatureRunner(feature: feature, cache: feature.makeCache())
}

private struct FeatureRunner<Feature: SiteFeature>: FeatureRunning {
    let feature: Feature
    let cache: Feature.Cache

    var name: String { feature.name }
    var stage: FeatureStage { feature.stage }
    var requiredTemplates: [String] { feature.requiredTemplates }
    var reads: [any Contribution.Type]? { feature.reads }

    func pages(_ site: SitePlan, context: RenderContext) -> [PageSpec] {
        feature.pages(site, context: context)
    }

    func run(_ site: SiteSoFar, previous: FeatureRun?, deferring: Bool, context: RenderContext) throws -> FeatureRun {
        if deferring && feature.deferrable, let previous, previous.input is Feature.Input {
            // Kept without even comparing: the comparison alone (every verse's app rows after a
            // verse edit) cost more than the page the reader waits for. The old input stays, so
            // the next run that does not defer compares and makes the files if it changed.
            return FeatureRun(input: previous.input, products: previous.products, made: false, unsettled: true, seconds: 0)
        }
        let input = feature.input(site, context: context)
        if let previous, let old = previous.input as? Feature.Input, old == input {
            return FeatureRun(input: old, products: previous.products, made: false, unsettled: false, seconds: 0)
        }
        var clock = StageClock()
        let products = try feature.make(input, context: context, cache: cache)
        return FeatureRun(input: input, products: products, made: true, unsettled: false, seconds: clock.lap())
    }
}
