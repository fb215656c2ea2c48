import Foundation
import SitegenCore
import SitegenKinds
import Synchronization

/// A feature whose `make` is a pure function of its `Input` (nothing else of the context read,
/// nothing reported), with each input's files remembered across builds: the link preview, drawn
/// and PNG-encoded from the title and the icon, is more than half of a debug build of the
/// oracle's small site, and most of the oracle's thousands of builds have a title they saw before.
///
/// This hides nothing the oracle checks: the session still decides by itself when to make the
/// feature again and with which input, and gets for an input exactly the bytes the feature makes
/// for it (a stale input gives the stale image, which differs from the fresh build's).
struct RememberedFeature<Feature: SiteFeature>: SiteFeature {
    let feature: Feature
    private let made = Made()

    final class Made: Sendable {
        let list = Mutex<[(input: Feature.Input, files: FeatureFiles)]>([])
    }

    init(_ feature: Feature) { self.feature = feature }

    var name: String { feature.name }
    var stage: FeatureStage { feature.stage }
    var deferrable: Bool { feature.deferrable }
    var requiredTemplates: [String] { feature.requiredTemplates }
    var reads: [any Contribution.Type]? { feature.reads }
    func makeCache() -> Feature.Cache { feature.makeCache() }
    func pages(_ site: SitePlan, context: RenderContext) -> [PageSpec] { feature.pages(site, context: context) }
    func input(_ site: SiteSoFar, context: RenderContext) -> Feature.Input { feature.input(site, context: context) }

    func make(_ input: Feature.Input, context: RenderContext, cache: Feature.Cache) throws -> FeatureFiles {
        if let known = made.list.withLock({ $0.first { $0.input == input }?.files }) { return known }
        let reported = context.diagnostics.all.count
        let files = try feature.make(input, context: context, cache: cache)
        // A make that reported something (a bad icon) would not report it again from memory.
        if context.diagnostics.all.count == reported { made.list.withLock { $0.append((input, files)) } }
        return files
    }
}

/// The features of every oracle build: one list, so that what the preview made is remembered across them.
let oracleFeatures = SiteKinds.features.remembering("preview")

extension Array where Element == any SiteFeature {
    /// The same features, the one named `name` remembering its files by input (`RememberedFeature`).
    func remembering(_ name: String) -> [any SiteFeature] {
        func remembered<Feature: SiteFeature>(_ feature: Feature) -> any SiteFeature { RememberedFeature(feature) }
        return map { $0.name == name ? remembered($0) : $0 }
    }
}
