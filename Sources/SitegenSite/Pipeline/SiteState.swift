import Foundation
import SitegenSearch

/// Everything a good build read and made, kept by a session so the next build can start from
/// it: the settings, each kind's runner (with its cache) and model, the page specs and rendered
/// pages of each group, and the cross-cutting files (manifest, sitemap, static files).
struct SiteState: Sendable {
    let settings: BuildSettings
    let runners: [any KindRunning]
    let templates: TemplateLibrary
    let graph: TemplateGraph
    let statics: [OutputFile]
    /// One per kind, in the site's order.
    let kinds: [KindOutputs]
    /// One per kind, then `siteGroup` (the default home and 404 pages).
    let groups: [RenderedGroup]
    /// What every kind contributes to the home page, merged.
    let home: TemplateObject
    let manifest: [OutputFile]
    /// The search index made from every kind's `search` (kept while no kind's contribution changes).
    let search: [SearchIndex.File]
    /// The apps' SQLite bundle made from every kind's `appTables` (kept while no kind's tables
    /// change); nil when no kind has any.
    let bundle: AppBundleFile?
    /// Snapshot path → (bytes, SHA-256): unchanged snapshots are not hashed again.
    let digests: [String: SnapshotDigest]
    /// The same for the files the service worker lists (`OfflineFiles`).
    let offlineDigests: [String: SnapshotDigest]
    let sitemap: [OutputFile]
    /// Outputs kept from an earlier build although their inputs changed (`sitegen serve`, until
    /// `BuildSession.settle`).
    let unsettled: Unsettled
    /// The paths the sitemap was made from.
    let sitemapSources: [String]
    /// Every output file by path.
    let outputs: [String: OutputFile]

    var siteGroup: Int { kinds.count }

    /// Tells the caches of the kinds the changes concern which files changed.
    func forget(_ sources: SourceChanges, changes: ChangeSet) {
        for index in changes.kinds {
            runners[index].forget(SourceChanges(paths: sources.paths, displayPaths: sources.displayPaths,
                                                structural: sources.structural,
                                                checkedFoldersChanged: changes.checkedFolders.contains(index)))
        }
    }
}

/// What one kind made from its model in the last good build.
struct KindOutputs: Sendable {
    var model: KindModel
    /// Page specs as the kind made them (before the home page's values were added).
    var specs: [PageSpec] = []
    var snapshots: [Snapshot] = []
    var feeds: [OutputFile] = []
    var home: TemplateObject = [:]
    /// What the kind contributes to the reader's own page (`/my/`).
    var activity: TemplateObject = [:]
    /// What the kind gives the search index.
    var search: SearchContribution = .none
    /// Which of its pages are saved on demand rather than in the offline core.
    var offline: OfflineContribution = .none
    /// What the kind gives the apps' SQLite bundle.
    var appTables: [AppTable] = []
}

/// The pages of one group as rendered: the specs they were rendered from and the files.
struct RenderedGroup: Sendable {
    var specs: [PageSpec] = []
    /// `OutputFile.filePath` of each spec, in the same order.
    var filePaths: [String] = []
    /// Rendered page by file path.
    var pages: [String: OutputFile] = [:]
    /// The rendered pages in spec order.
    var files: [OutputFile] = []
}

/// A file's bytes with their SHA-256, kept so unchanged bytes are not hashed again (compared
/// with `==`, much faster than hashing).
struct SnapshotDigest: Sendable {
    let data: Data
    let sha256: String

    init(_ data: Data) {
        self.data = data
        self.sha256 = SnapshotJSON.sha256(data)
    }
}

/// The slow outputs made from every kind (the search index, the apps' bundle) that a rebuild in
/// `sitegen serve` left as they were: the page reloads first, these follow when edits pause.
struct Unsettled: Sendable, Equatable {
    var search = false
    var bundle = false
    var any: Bool { search || bundle }
}
