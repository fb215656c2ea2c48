import Foundation
import SitegenAppBundle

/// The apps' SQLite bundle as the pipeline holds it: the file below `api/v1/` and its entry in
/// the manifest, made from every kind's `appTables` (docs/app-data.md).
struct AppBundleFile: Sendable {
    let file: OutputFile
    let entry: Manifest.BundleEntry

    /// The bundle made from `tables` (wall seconds of that task alone); `previous` when it holds,
    /// nil when no kind has tables.
    static func make(_ tables: [AppTable], previous: AppBundleFile?, context: RenderContext) async throws
        -> (AppBundleFile?, Double) {
        if let previous { return (previous, 0) }
        guard !tables.isEmpty else { return (nil, 0) }
        var clock = StageClock()
        let data = try AppBundle.data(tables, asOf: context.asOf, generator: context.generator)
        let entry = Manifest.BundleEntry(path: AppBundle.path, sha256: SnapshotJSON.sha256(data), bytes: data.count,
                                         records: tables.reduce(0) { $0 + $1.rows.count }, version: AppBundle.version)
        return (AppBundleFile(file: OutputFile(path: Manifest.root + AppBundle.path, data: data), entry: entry), clock.lap())
    }
}
