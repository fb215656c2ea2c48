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

    /// Each bundle file (its bytes, or where `sitegen build` staged them), kept with the tables
    /// it was made from.
    public func makeCache() -> KeyedMemo<[AppTable], OutputFile> { KeyedMemo() }

    /// Nothing when no kind has tables. The files are made on all cores (`context.jobs`): each
    /// is its own SQLite database, and each file's bytes depend on its tables alone, so the
    /// order they are made in changes nothing. Each is put in `context.fileSink` as soon as it is
    /// made (`sitegen build` stages it), so memory holds the files being made, not all of them.
    public func make(_ tables: [AppTable], context: RenderContext, cache: KeyedMemo<[AppTable], OutputFile>) throws -> FeatureFiles {
        let files = try AppBundle.files(tables)
        let made = parallelMap(files, jobs: context.jobs) { bundle, members in
            Result { try cache.value(bundle + "\n" + context.generator, input: members) {
                try context.fileSink(OutputFile(path: Manifest.root + AppBundle.path(bundle),
                                                data: AppBundle.data(members, bundle: bundle, generator: context.generator)))
            } }
        }
        var outputs: [OutputFile] = [], entries: [Manifest.BundleEntry] = []
        for ((bundle, members), result) in zip(files, made) {
            let file = try result.get()
            outputs.append(file)
            entries.append(Manifest.BundleEntry(path: AppBundle.path(bundle), sha256: file.staged?.sha256 ?? SnapshotJSON.sha256(file.data),
                                                bytes: file.byteCount, records: members.reduce(0) { $0 + $1.rowCount },
                                                version: AppBundle.version))
        }
        return FeatureFiles(files: outputs, contributions: entries.isEmpty ? Contributions() : Contributions(ManifestListing(bundles: entries)))
    }
}
