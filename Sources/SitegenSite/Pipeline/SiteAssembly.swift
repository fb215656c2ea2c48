import SitegenSearch

/// The cross-cutting files, collected from every kind: the manifest of all snapshots (with
/// their schemas), the sitemap of all pages, the static files and the feeds; and every file of
/// the site in a fixed order: pages, snapshots, sitemap, static files, feeds.
struct SiteAssembly {
    let kinds: [KindOutputs]
    let groups: [RenderedGroup]
    let read: SiteReading
    let old: SiteState?
    let stale: Set<Int>
    let staticsChanged: Bool
    /// The search index's files (`search/index.json` last).
    let search: [SearchIndex.File]
    let searchChanged: Bool
    /// The apps' SQLite bundle, if any kind gives it tables.
    let bundle: AppBundleFile?
    let bundleChanged: Bool

    private(set) var files: [OutputFile] = []
    /// Paths of the files made in this run (besides the rendered pages).
    private(set) var fresh = Set<String>()
    private(set) var manifest: [OutputFile] = []
    private(set) var digests: [String: SnapshotDigest] = [:]
    private(set) var sitemap: [OutputFile] = []
    private(set) var sitemapSources: [String] = []
    private(set) var offlineDigests: [String: SnapshotDigest] = [:]

    init(kinds: [KindOutputs], groups: [RenderedGroup], read: SiteReading, old: SiteState?, stale: Set<Int>,
         staticsChanged: Bool, search: [SearchIndex.File], searchChanged: Bool, bundle: AppBundleFile?, bundleChanged: Bool) {
        (self.kinds, self.groups, self.read, self.old, self.stale, self.staticsChanged) = (kinds, groups, read, old, stale, staticsChanged)
        (self.search, self.searchChanged) = (search, searchChanged)
        (self.bundle, self.bundleChanged) = (bundle, bundleChanged)
    }

    mutating func assemble(context: RenderContext) throws {
        files = groups.flatMap(\.files)
        try makeManifest(context: context)
        files += manifest
        if let bundle {
            files.append(bundle.file)
            if bundleChanged { fresh.insert(bundle.file.path) }
        }
        // The sitemap lists pages by path: the same paths as last time, the same sitemap.
        let paths = files.map(\.path)
        if let old, old.sitemapSources == paths {
            (sitemap, sitemapSources) = (old.sitemap, old.sitemapSources)
        } else {
            sitemap = Sitemap.files(for: files, context: context)
            sitemapSources = paths
            fresh.formUnion(sitemap.map(\.path))
        }
        files += sitemap
        files += read.statics
        if staticsChanged { fresh.formUnion(read.statics.map(\.path)) }
        for index in kinds.indices {
            files += kinds[index].feeds
            if stale.contains(index) { fresh.formUnion(kinds[index].feeds.map(\.path)) }
        }
        // The search index: shards named by their content, so an unchanged shard keeps its
        // name and bytes and is not written again.
        files += search.map { OutputFile(path: $0.path, data: $0.data) }
        if searchChanged { fresh.formUnion(search.map(\.path)) }
        try makeOffline(context: context)
    }

    /// The web-app manifest, the service worker and its list, from every kind's `offline`
    /// contribution; written again only when their bytes differ.
    private mutating func makeOffline(context: RenderContext) throws {
        let offline = try OfflineFiles(.init(kinds: kinds, groups: groups, statics: read.statics, search: search),
                                       context: context, previous: old?.offlineDigests ?? [:], jobs: context.jobs)
        files += offline.files
        offlineDigests = offline.digests
        fresh.formUnion(offline.files.filter { old?.outputs[$0.path]?.data != $0.data }.map(\.path))
    }

    /// The manifest and the snapshot files, made again when a kind's snapshots were (or the
    /// search index or bundle it lists).
    private mutating func makeManifest(context: RenderContext) throws {
        if let old, stale.isEmpty, !searchChanged, !bundleChanged {
            (manifest, digests) = (old.manifest, old.digests)
            return
        }
        let snapshots = kinds.flatMap(\.snapshots)
        var known = old?.digests ?? [:]
        let searchEntry = search.last.map { entry in
            Manifest.SearchEntry(path: entry.path, sha256: SnapshotJSON.sha256(entry.data), bytes: entry.data.count, files: search.count,
                                 totalBytes: search.reduce(0) { $0 + $1.data.count })
        }
        manifest = try Manifest.outputFiles(for: snapshots, schemas: SitePages.schemas, search: searchEntry, bundle: bundle?.entry, asOf: context.asOf,
                                            generator: context.generator) { snapshot in
            if let digest = known[snapshot.path], digest.data == snapshot.data { return digest.sha256 }
            let digest = SnapshotDigest(snapshot.data)
            known[snapshot.path] = digest
            return digest.sha256
        }
        let live = Set(snapshots.map(\.path))
        digests = known.filter { live.contains($0.key) }
        fresh.formUnion(manifest.map(\.path))
    }
}
