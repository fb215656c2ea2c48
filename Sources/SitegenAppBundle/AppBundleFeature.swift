import SitegenCore

/// The apps' SQLite bundle, `api/v1/app.sqlite`, made from every kind's `AppTables`
/// (docs/app-data.md) and listed in the manifest. Slow (it is most of a build after the
/// rendering), so `sitegen serve` makes it when the edits pause.
public struct AppBundleFeature: SiteFeature {
    public init() {}

    public var name: String { "bundle" }
    public var stage: FeatureStage { .contributions }
    public var deferrable: Bool { true }

    public func input(_ site: SiteSoFar, context: RenderContext) -> [AppTable] {
        site.contributions(AppTables.self).flatMap(\.value.tables)
    }

    /// Nothing when no kind has tables.
    public func make(_ tables: [AppTable], context: RenderContext, cache: NoFeatureCache) throws -> FeatureFiles {
        guard !tables.isEmpty else { return FeatureFiles() }
        let data = try AppBundle.data(tables, asOf: context.asOf, generator: context.generator)
        let entry = Manifest.BundleEntry(path: AppBundle.path, sha256: SnapshotJSON.sha256(data), bytes: data.count,
                                         records: tables.reduce(0) { $0 + $1.rows.count }, version: AppBundle.version)
        return FeatureFiles(files: [OutputFile(path: Manifest.root + AppBundle.path, data: data)],
                            contributions: Contributions(ManifestListing(bundle: entry)))
    }
}
