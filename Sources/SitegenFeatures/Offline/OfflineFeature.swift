import Foundation

/// The site as an installable web app that keeps working without signal (docs/offline.md):
/// the web-app manifest, the service worker `sw.js` with the offline list's root, and the list's
/// parts (`sw-parts/`, each named by its hash: `OfflineList`), made from
/// every kind's `OfflineContribution`, the rendered pages, the theme's assets and what other
/// features list (`OfflineListed`: the search index). Every listed file is keyed by the SHA-256
/// of its bytes, so an installed site fetches only the files whose bytes changed.
///
/// - core: every page (but those a kind puts in a group), the theme's assets with the icons,
///   the web-app manifest and the listed files but the documents a group takes; installed as
///   one unit at the first visit.
/// - groups: what a kind keeps apart (the Bible's chapters and their verses in the search),
///   kept once opened and saved in full when the reader asks.
///
/// Not listed: the JSON snapshots for the apps, calendar feeds, the sitemap, the volunteer's
/// `static/` files (photos, PDFs can be large) and the 404 page.
public struct OfflineFeature: SiteFeature {
    public init() {}

    public var name: String { "offline" }
    public var reads: [any Contribution.Type]? { [OfflineContribution.self, OfflineListed.self] }

    /// `sitegen serve` registers no worker (docs/serve.md), so nothing reads the list while edits
    /// come: it waits for the pause with the search index and the bundle. Made on every edit, it
    /// was about 100 ms of each one-edit rebuild (the digests of the 7,000 listed files).
    public var deferrable: Bool { true }

    public static let workerPath = "sw.js"
    public static let manifestPath = "manifest.webmanifest"
    /// The page shown for anything not saved (when the templates have `offline`).
    public static let offlinePagePath = "offline/"
    /// The worker's code, a plain script of the theme.
    static let workerCode = StaticFiles.assetsFolder + "/offline-worker.js"

    /// What the service worker shows for a page not saved on the device.
    public func pages(_ site: SitePlan, context: RenderContext) -> [PageSpec] {
        guard site.pages[Self.offlinePagePath] == nil, context.templates.has("offline") else { return [] }
        return [PageSpec(path: Self.offlinePagePath, template: "offline", title: context.strings()["offlineTitle"],
                         description: context.strings()["description.offline"], values: [:])]
    }

    public struct Input: Sendable, Equatable {
        /// Pages by address (`hymns/12/`), in the order written; not the 404 page, which no one
        /// navigates to.
        let pages: [OutputFile]
        /// The theme's assets (`assets/…`).
        let assets: [OutputFile]
        let groups: [Contributed<OfflineContribution>]
        let listed: [Contributed<OfflineListed>]
        let hasOfflinePage: Bool
    }

    public func input(_ site: SiteSoFar, context: RenderContext) -> Input {
        Input(pages: site.pages.compactMap { page in
                  guard page.path.isEmpty || page.path.hasSuffix("/"), let file = page.file else { return nil }
                  return file.moved(to: page.path)
              },
              assets: site.statics.filter { $0.path.hasPrefix(StaticFiles.assetsFolder + "/") },
              groups: site.contributions(OfflineContribution.self), listed: site.contributions(OfflineListed.self),
              hasOfflinePage: context.templates.has("offline"))
    }

    /// Remembers each listed file's SHA-256 and each part of the list: an edit hashes only the
    /// changed bytes and writes only the parts that list changed files.
    public func makeCache() -> OfflineListMemo { OfflineListMemo() }

    public func make(_ input: Input, context: RenderContext, cache: OfflineListMemo) throws -> FeatureFiles {
        let manifest = OutputFile(path: Self.manifestPath, data: try WebManifest.data(context: context, assets: input.assets))
        // After an edit that changed only bytes (not which files are listed): the last list patched.
        if let patched = cache.patched(input, manifest: manifest) { return Self.files(patched) }
        let sorted = OfflineSorting(input, manifest: manifest)
        let listedFiles = sorted.listedFiles
        let digests = context.sha256(of: listedFiles)
        // A theme without the worker's code has no worker: the site is online-only.
        guard let code = listedFiles.firstIndex(where: { $0.path == Self.workerCode }) else {
            cache.remember(nil)
            return FeatureFiles(files: [manifest])
        }
        let entry = { (file: OutputFile) in [Self.listedPath(file.path), digests[file.path]!] }
        let list = OfflineList(offline: input.hasOfflinePage ? Self.offlinePagePath : nil, keys: sorted.keys,
                               core: sorted.core.map(entry),
                               groups: sorted.groups.map { .init(name: $0.group.name, unit: $0.group.unit, pages: $0.pages.map(entry),
                                                                 extra: $0.extra.map(entry), bytes: $0.bytes) })
        let state = OfflineListState(input: input, manifest: manifest, list: list, files: listedFiles,
                                     sha256: listedFiles.map { digests[$0.path]! }, numbers: sorted.numbers,
                                     groupEntries: sorted.entryRanges, layout: list.layout(memo: cache, queries: context.queries),
                                     workerCode: code)
        cache.remember(state)
        return Self.files(state)
    }

    /// The web-app manifest, the worker with the list's root, and the list's parts.
    static func files(_ state: OfflineListState) -> FeatureFiles {
        // The code by its hash too: the browser may take an imported script from its HTTP cache.
        let worker = "// Made by sitegen for this build (docs/offline.md): the offline list's root, then the worker.\n"
            + "self.OFFLINE_ROOT = \(state.list.root(names: state.layout.parts.map(\.name)));\n"
            + "importScripts(\"\(Self.workerCode)?v=\(state.sha256[state.workerCode].prefix(16))\");\n"
        return FeatureFiles(files: [state.manifest, OutputFile(path: Self.workerPath, data: Data(worker.utf8))] + state.layout.parts.map(\.file))
    }
}

extension OfflineFeature {
    /// A path as the worker resolves it against the site's address: the characters that would
    /// end or change the path there (`#`, `?`, `%`, spaces and controls) %-encoded, so a theme
    /// file named `font#1.css` is fetched as itself, not as `font`.
    static func listedPath(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F || $0 == 0x23 || $0 == 0x25 || $0 == 0x3F }) else { return path }
        var out = ""
        for scalar in path.unicodeScalars {
            if scalar.value <= 0x20 || scalar.value == 0x7F || "#%?".unicodeScalars.contains(scalar) {
                out += String(format: "%%%02X", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// The listed files by where they go: the core, or a kind's group. Pages are listed by their
/// address (`hymns/12/`), other files by their path.
struct OfflineSorting {
    struct Group {
        let group: OfflineGroup
        var pages: [OutputFile] = []
        var extra: [OutputFile] = []

        /// What saving the whole group stores: its distinct files' bytes.
        var bytes: Int { Self.bytes(of: pages + extra) }

        /// The bytes of `files`, each path counted once (a file listed twice is stored once).
        static func bytes(of files: some Sequence<OutputFile>) -> Int {
            var seen = Set<String>()
            return files.reduce(0) { sum, file in seen.insert(file.path).inserted ? sum + file.byteCount : sum }
        }
    }

    var core: [OutputFile]
    var groups: [Group] = []
    /// A listed file's path → what it is whatever its bytes (`OfflineListed.File.key`).
    var keys: [String: String] = [:]

    /// A kind's search files, or one scope's of them (a translation's).
    static func key(_ kind: String, _ scope: String?) -> String { scope.map { kind + "/" + $0 } ?? kind }

    /// Where each of the input's files went (its pages, assets, then listed files, in order):
    /// in a group (`group`, among its `extra` or its pages) or in the core, at `index`.
    private var places: [(group: Int?, extra: Bool, index: Int)] = []

    init(_ input: OfflineFeature.Input, manifest: OutputFile) {
        core = [manifest]
        var groupOfPage: [String: Int] = [:]
        var groupOfDocuments: [String: Int] = [:]
        for contributed in input.groups {
            for group in contributed.value.groups {
                let index = groups.firstIndex { $0.group.name == group.name } ?? groups.count
                if index == groups.count { groups.append(Group(group: group)) }
                for page in group.pages { groupOfPage[page] = index }
                if group.searchDocuments { groupOfDocuments[Self.key(contributed.contributor, group.searchScope)] = index }
            }
        }
        places.reserveCapacity(input.pages.count + input.assets.count)
        for page in input.pages {
            if let index = groupOfPage[page.path] {
                places.append((index, false, groups[index].pages.count))
                groups[index].pages.append(page)
            } else {
                places.append((nil, false, core.count))
                core.append(page)
            }
        }
        for asset in input.assets {
            places.append((nil, false, core.count))
            core.append(asset)
        }
        for listed in input.listed.flatMap(\.value.files) {
            if let key = listed.key { keys[OfflineFeature.listedPath(listed.file.path)] = key }
            if let owner = listed.documentsOf, let index = groupOfDocuments[Self.key(owner, listed.scope)] {
                places.append((index, true, groups[index].extra.count))
                groups[index].extra.append(listed.file)
            } else {
                places.append((nil, false, core.count))
                core.append(listed.file)
            }
        }
    }

    /// The listed files in the order the list numbers its entries (`OfflineList.groupRanges`).
    var listedFiles: [OutputFile] { core + groups.flatMap { $0.pages + $0.extra } }

    /// Each group's entries among the list's.
    var entryRanges: [Range<Int>] {
        OfflineList.groupRanges(core: core.count, groups: groups.map { ($0.pages.count, $0.extra.count) })
    }

    /// The entry number of each of the input's files (its pages, assets, then listed files).
    var numbers: [Int] {
        let ranges = entryRanges
        return places.map { place in
            guard let group = place.group else { return place.index }
            return ranges[group].lowerBound + (place.extra ? groups[group].pages.count : 0) + place.index
        }
    }
}
