import Foundation
import SitegenSearch

/// The site as an installable web app that keeps working without signal (docs/offline.md):
/// the web-app manifest, the service worker `sw.js` and the offline list it imports, collected
/// from every kind's `offline` contribution, the rendered pages, the theme's assets and the
/// search index. Every listed file is keyed by the SHA-256 of its bytes, so an installed site
/// fetches only the files whose bytes changed.
///
/// - core: every page (but those a kind puts in a group), the theme's assets with the icons,
///   the web-app manifest and the search index but the documents a group takes; installed as
///   one unit at the first visit.
/// - groups: what a kind keeps apart (the Bible's chapters and their verses in the search),
///   kept once opened and saved in full when the reader asks.
///
/// Not listed: the JSON snapshots for the apps, calendar feeds, the sitemap, the volunteer's
/// `static/` files (photos, PDFs can be large) and the 404 page.
struct OfflineFiles {
    static let workerPath = "sw.js"
    static let manifestPath = "manifest.webmanifest"
    /// The page shown for anything not saved (when the templates have `offline`).
    static let offlinePagePath = "offline/"
    /// The worker's code, a plain script of the theme.
    static let workerCode = StaticFiles.assetsFolder + "/offline-worker.js"
    /// The icons the manifest names, when the theme has them (`Templates/assets/icons/`).
    static let icons = [("assets/icons/icon-192.png", "192x192", "any"), ("assets/icons/icon-512.png", "512x512", "any"),
                        ("assets/icons/icon-maskable-512.png", "512x512", "maskable")]
    /// The manifest's colours: site.css's light `--accent` and `--bg` (a manifest has one theme
    /// colour; the layout's two `theme-color` metas give the light and the dark one).
    static let themeColor = "#1d4f91"
    static let backgroundColor = "#ffffff"

    /// The manifest, the list and the worker (only the manifest for a theme without the worker).
    let files: [OutputFile]
    /// Path → (bytes, SHA-256) of every listed file, for the next run.
    let digests: [String: SnapshotDigest]

    /// Where each page and file of the site goes.
    struct Inputs {
        let kinds: [KindOutputs]
        /// One per kind, then the site's own pages.
        let groups: [RenderedGroup]
        let statics: [OutputFile]
        let search: [SearchIndex.File]
    }

    init(_ inputs: Inputs, context: RenderContext, previous: [String: SnapshotDigest], jobs: Int) throws {
        let manifest = OutputFile(path: Self.manifestPath, data: try Self.webManifest(context: context, statics: inputs.statics))
        let sorted = Sorted(inputs, manifest: manifest)
        let digests = Self.digests(of: sorted.core + sorted.groups.flatMap { $0.pages + $0.extra }, previous: previous, jobs: jobs)
        self.digests = digests
        // A theme without the worker's code has no worker: the site is online-only.
        guard let code = digests[Self.workerCode] else {
            self.files = [manifest]
            return
        }
        let entry = { (file: OutputFile) in [file.path, digests[file.path]!.sha256] }
        let list = OfflineList(offline: context.templates.has("offline") ? Self.offlinePagePath : nil,
                               core: sorted.core.map(entry),
                               groups: sorted.groups.map { .init(name: $0.group.name, unit: $0.group.unit, pages: $0.pages.map(entry),
                                                                 extra: $0.extra.map(entry)) })
        let listFile = try list.file()
        // The code by its hash too: the browser may take an imported script from its HTTP cache.
        let worker = "// Made by sitegen for this build (docs/offline.md): the offline list, then the worker.\n"
            + "importScripts(\"\(listFile.path)\", \"\(Self.workerCode)?v=\(code.sha256.prefix(16))\");\n"
        self.files = [manifest, listFile, OutputFile(path: Self.workerPath, data: Data(worker.utf8))]
    }

    /// Each file's SHA-256, on all cores; bytes equal to the last run's are not hashed again.
    private static func digests(of files: [OutputFile], previous: [String: SnapshotDigest], jobs: Int) -> [String: SnapshotDigest] {
        let hashes = parallelMap(files, jobs: jobs) { file in
            previous[file.path].flatMap { $0.data == file.data ? $0 : nil } ?? SnapshotDigest(file.data)
        }
        return Dictionary(zip(files.map(\.path), hashes)) { first, _ in first }
    }

    /// The listed files by where they go: the core, or a kind's group. Pages are listed by
    /// their address (`hymns/12/`), other files by their path.
    private struct Sorted {
        struct Group {
            let group: OfflineGroup
            var pages: [OutputFile] = []
            var extra: [OutputFile] = []
        }

        var core: [OutputFile]
        var groups: [Group] = []

        init(_ inputs: Inputs, manifest: OutputFile) {
            core = [manifest]
            var groupOfPage: [String: Int] = [:]
            var groupOfOwner: [Int: Int] = [:]
            for (owner, kind) in inputs.kinds.enumerated() {
                for group in kind.offline.groups {
                    let index = groups.firstIndex { $0.group.name == group.name } ?? groups.count
                    if index == groups.count { groups.append(Group(group: group)) }
                    for page in group.pages { groupOfPage[page] = index }
                    if group.searchDocuments { groupOfOwner[owner] = index }
                }
            }
            // Pages by address; not the 404 page, which no one navigates to.
            for rendered in inputs.groups {
                for (spec, file) in zip(rendered.specs, rendered.files) where spec.path.isEmpty || spec.path.hasSuffix("/") {
                    let listed = OutputFile(path: spec.path, data: file.data)
                    if let index = groupOfPage[spec.path] { groups[index].pages.append(listed) } else { core.append(listed) }
                }
            }
            core += inputs.statics.filter { $0.path.hasPrefix(StaticFiles.assetsFolder + "/") }
            for file in inputs.search {
                let listed = OutputFile(path: file.path, data: file.data)
                if let owner = file.owner, let index = groupOfOwner[owner] { groups[index].extra.append(listed) } else { core.append(listed) }
            }
        }
    }

    /// The web-app manifest: what a phone needs to add the site to its home screen.
    static func webManifest(context: RenderContext, statics: [OutputFile]) throws -> Data {
        let present = Set(statics.map(\.path))
        let manifest = WebManifest(
            name: context.config.title, short_name: context.config.shortTitle ?? context.config.title,
            description: context.config.description, lang: context.config.language, start_url: "./", scope: "./",
            display: "standalone", background_color: backgroundColor, theme_color: themeColor,
            icons: icons.filter { present.contains($0.0) }.map {
                WebManifest.Icon(src: $0.0, sizes: $0.1, type: "image/png", purpose: $0.2)
            })
        return try encoder.encode(manifest)
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

/// The worker's list (`sw-list-<version>.js`, named by its content): each file's path below the
/// site's base with the SHA-256 of its bytes.
struct OfflineList {
    struct Group {
        let name: String
        let unit: String
        /// The pages the progress counts ("412 of 1,189 chapters saved").
        let pages: [[String]]
        /// Saved with them: the group's search documents.
        let extra: [[String]]
    }

    let offline: String?
    let core: [[String]]
    let groups: [Group]

    /// The file, named by its version: the first 16 hex digits of the SHA-256 of the list
    /// without its version.
    func file() throws -> OutputFile {
        let version = String(SnapshotJSON.sha256(Data(json(version: "").utf8)).prefix(16))
        let script = "self.OFFLINE_LIST = " + json(version: version) + ";\n"
        return OutputFile(path: "sw-list-\(version).js", data: Data(script.utf8))
    }

    /// The list as JSON with sorted keys, written by hand: it is made again after every edit in
    /// `sitegen serve`, and `JSONEncoder` took most of such a rebuild's time on its 5,000 entries.
    func json(version: String) -> String {
        func entries(_ list: [[String]]) -> String {
            "[" + list.map { "[" + $0.map(JSONText.quoted).joined(separator: ",") + "]" }.joined(separator: ",") + "]"
        }
        var out = "{\"core\":" + entries(core) + ",\"groups\":[" + groups.map { group in
            "{\"extra\":\(entries(group.extra)),\"name\":\(JSONText.quoted(group.name)),\"pages\":\(entries(group.pages)),"
                + "\"unit\":\(JSONText.quoted(group.unit))}"
        }.joined(separator: ",") + "]"
        if let offline { out += ",\"offline\":" + JSONText.quoted(offline) }
        return out + ",\"version\":" + JSONText.quoted(version) + "}"
    }
}

private struct WebManifest: Encodable {
    struct Icon: Encodable {
        let src: String
        let sizes: String
        let type: String
        let purpose: String
    }

    let name: String
    let short_name: String
    let description: String
    let lang: String
    let start_url: String
    let scope: String
    let display: String
    let background_color: String
    let theme_color: String
    let icons: [Icon]
}
