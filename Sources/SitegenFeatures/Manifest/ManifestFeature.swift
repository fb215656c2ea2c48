/// `api/v1/manifest.json` with every kind's snapshot files and their schemas, and what the
/// features list there (`ManifestListing`: the search index, the apps' bundle, the reader's
/// export file's schema). An app downloads the manifest first to learn which files changed.
public struct ManifestFeature: SiteFeature {
    public init() {}

    public var name: String { "manifest" }
    public var reads: [any Contribution.Type]? { [ManifestListing.self] }

    public struct Input: Sendable, Equatable {
        let snapshots: [Snapshot]
        let listings: [ManifestListing]
    }

    public func input(_ site: SiteSoFar, context: RenderContext) -> Input {
        Input(snapshots: site.snapshots, listings: site.contributions(ManifestListing.self).map(\.value))
    }

    /// Each snapshot's SHA-256 is a query of the engine (`RenderContext.sha256`): an edit hashes
    /// only the snapshots whose bytes changed.
    public func make(_ input: Input, context: RenderContext, cache: NoFeatureCache) throws -> FeatureFiles {
        let digests = context.sha256(of: input.snapshots.map(\.file))
        let files = try Manifest.outputFiles(
            for: input.snapshots, schemas: input.listings.flatMap(\.schemas),
            search: input.listings.lazy.compactMap(\.search).first, bundles: input.listings.flatMap(\.bundles),
            asOf: context.asOf, basePath: context.basePath, generator: context.generator) { digests[$0.file.path] ?? SnapshotJSON.sha256($0.data) }
        return FeatureFiles(files: files)
    }
}
