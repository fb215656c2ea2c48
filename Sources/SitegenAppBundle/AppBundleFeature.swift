import Foundation
import SitegenCore

/// The apps' SQLite bundle, `api/v1/bundle/<name>.sqlite`, one file per bundle part the kinds'
/// `AppTables` name (docs/app-data.md), each listed in the manifest with its hash. Slow (it is
/// most of a build after the rendering), so `sitegen serve` makes it when the edits pause, and
/// then only the files whose tables changed.
public struct AppBundleFeature: SiteFeature {
    public init() {}

    public var name: String { "bundle" }
    public var stage: FeatureStage { .contributions }
    public var deferrable: Bool { true }

    public func input(_ site: SiteSoFar, context: RenderContext) -> [AppTable] {
        site.contributions(AppTables.self).flatMap(\.value.tables)
    }

    /// Each bundle file's bytes, kept with the tables they were made from.
    public func makeCache() -> KeyedMemo<[AppTable], Data> { KeyedMemo() }

    /// Nothing when no kind has tables.
    public func make(_ tables: [AppTable], context: RenderContext, cache: KeyedMemo<[AppTable], Data>) throws -> FeatureFiles {
        var files: [OutputFile] = [], entries: [Manifest.BundleEntry] = []
        for (bundle, members) in try AppBundle.files(tables) {
            let data = try cache.value(bundle + "\n" + context.generator, input: members) {
                try AppBundle.data(members, bundle: bundle, generator: context.generator)
            }
            let path = AppBundle.path(bundle)
            files.append(OutputFile(path: Manifest.root + path, data: data))
            entries.append(Manifest.BundleEntry(path: path, sha256: SnapshotJSON.sha256(data), bytes: data.count,
                                                records: members.reduce(0) { $0 + $1.rows.count }, version: AppBundle.version))
        }
        return FeatureFiles(files: files, contributions: entries.isEmpty ? Contributions() : Contributions(ManifestListing(bundles: entries)))
    }
}
