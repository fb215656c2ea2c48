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

    /// Nothing when no kind has tables. The files are made on all cores (`context.jobs`): each
    /// is its own SQLite database, and each file's bytes depend on its tables alone, so the
    /// order they are made in changes nothing. Each is put in `context.fileSink` as soon as it is
    /// made (`sitegen build` stages it), so memory holds the files being made, not all of them.
    /// A session's engine keeps each file with the tables it was made from.
    public func make(_ tables: [AppTable], context: RenderContext, cache: NoFeatureCache) throws -> FeatureFiles {
        let files = try AppBundle.files(tables)
        let made = parallelMap(files, jobs: context.jobs) { bundle, members in
            Result {
                let file = BundleFile(bundle: bundle, members: members, generator: context.generator)
                return try (context.remembers ? context.queries.value(file) : nil) ?? context.fileSink(file.made())
            }
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

/// One bundle file made from its tables (nil: SQLite failed; it is made again to throw).
struct BundleFile: QueryKey {
    typealias Value = OutputFile?
    let bundle: String
    let members: [AppTable]
    let generator: String

    func compute(_ queries: Queries) -> OutputFile? { try? made() }

    func made() throws -> OutputFile {
        OutputFile(path: Manifest.root + AppBundle.path(bundle), data: try AppBundle.data(members, bundle: bundle, generator: generator))
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bundle)
        hasher.combine(generator)
    }
}
