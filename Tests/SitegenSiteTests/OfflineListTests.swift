import Foundation
import Testing
@testable import SitegenSite

/// The service worker's list (docs/offline.md): which files are the core installed at the first
/// visit and which a kind keeps apart, each with the SHA-256 of the bytes written.
@Suite("Offline list", .serialized)
struct OfflineListTests {
    struct Root: Decodable {
        struct Group: Decodable {
            let name: String
            let unit: String
            let bytes: Int
        }

        let offline: String?
        let groups: [Group]
        let parts: [String]
    }

    struct Part: Decodable {
        let files: [[String]]?
        let group: String?
        let pages: [[String]]?
        let extra: [[String]]?
    }

    /// The list put together again from the root in `sw.js` and its parts.
    struct List {
        struct Group {
            let name: String
            let unit: String
            let bytes: Int
            var pages: [[String]] = []
            var extra: [[String]] = []
        }

        let root: Root
        var core: [[String]] = []
        var groups: [Group]
    }

    static func root(_ site: TestSite) throws -> Root {
        let worker = try site.read("Output/sw.js")
        let json = try #require(worker.firstMatch(of: /\nself\.OFFLINE_ROOT = (\{.*\});\n/)?.1)
        return try JSONDecoder().decode(Root.self, from: Data(json.utf8))
    }

    static func list(_ site: TestSite) throws -> List {
        let root = try root(site)
        var list = List(root: root, groups: root.groups.map { List.Group(name: $0.name, unit: $0.unit, bytes: $0.bytes) })
        for name in root.parts {
            let data = try Data(contentsOf: site.url("Output/sw-parts/\(name).json"))
            // A part is named by its content.
            #expect(name.hasSuffix("." + SnapshotJSON.sha256(data).prefix(8)), "\(name)")
            let part = try JSONDecoder().decode(Part.self, from: data)
            if let group = part.group, let index = list.groups.firstIndex(where: { $0.name == group }) {
                list.groups[index].pages += part.pages ?? []
                list.groups[index].extra += part.extra ?? []
            } else {
                list.core += try #require(part.files)
            }
        }
        return list
    }

    /// The file a listed path names: a page's address is its folder's `index.html`.
    static func file(_ path: String) -> String { path.isEmpty || path.hasSuffix("/") ? path + "index.html" : path }

    @Test func theBundledSiteHasACoreAndTheBibleApart() async throws {
        let site = try TestSite.fewBooksCopy()
        defer { site.remove() }
        try await site.build()
        let list = try Self.list(site)
        // Every chapter of the books kept (`<chapter n=…>` in their sources) is a page of the Bible's group.
        let chapters = try site.fm.contentsOfDirectory(atPath: site.url("Content/bible/kjv").path).filter { $0.hasSuffix(".osis.xml") }
            .reduce(0) { count, file in count + (try site.read("Content/bible/kjv/\(file)")).components(separatedBy: "<chapter n=").count - 1 }
        let core = Set(list.core.map { $0[0] })
        for path in ["", "hymns/", "hymns/1/", "hymns/365/", "schedule/", "schedule/print/", "localities/", "localities/aberdeen/",
                     "search/", "offline/", "bible/", "bible/john/", "assets/site.css", "assets/offline.js", "assets/offline-worker.js",
                     "assets/icons/icon-192.png", "manifest.webmanifest", "search/index.json"] {
            #expect(core.contains(path), "\(path) not in the core")
        }
        #expect(!core.contains { $0.hasPrefix("api/") || $0.hasSuffix(".ics") || $0 == "404.html" || $0 == "sitemap.xml" })
        #expect(core.contains { $0.hasPrefix("search/t/") } && core.contains { $0.hasPrefix("search/d/") })
        #expect(list.root.offline == "offline/")
        let bible = try #require(list.groups.first { $0.name == "bible" })
        #expect(bible.unit == "chapters" && chapters > 150 && bible.pages.count == chapters && bible.pages.contains { $0[0] == "bible/john/3/" })
        #expect(!core.contains("bible/john/3/"))
        // What saving the group costs, shown before saving: its distinct files' bytes.
        let bytes = try Set((bible.pages + bible.extra).map { Self.file($0[0]) }).reduce(0) { sum, path in
            sum + (try Data(contentsOf: site.url("Output/" + path))).count
        }
        #expect(list.groups.first { $0.name == "bible" }?.bytes == bytes)
        // Each part lists a bucket of files, not a kind's thousands.
        #expect(list.root.parts.count > 20 && list.root.parts.contains { $0.hasPrefix("core-hymns-") })
        // The verses' search documents go with the chapters, and are most of the index's bytes.
        #expect(!bible.extra.isEmpty && bible.extra.allSatisfy { $0[0].hasPrefix("search/d/") })
        // Every entry names the bytes written.
        for entry in list.core + bible.pages + bible.extra {
            let data = try Data(contentsOf: site.url("Output/" + Self.file(entry[0])))
            #expect(SnapshotJSON.sha256(data) == entry[1], "\(entry[0])")
        }
        let manifest = try site.read("Output/manifest.webmanifest")
        #expect(manifest.contains("\"display\":\"standalone\"") && manifest.contains("\"purpose\":\"maskable\""))
    }

    /// Issue 27, item 2: a returning phone fetches the root (in `sw.js`) and the parts whose hash
    /// moved. After one hymn word is corrected, a part moves only when a file it lists changed
    /// bytes or was added or removed, and most parts (every group's) keep their names.
    @Test func aHymnEditMovesOnlyThePartsListingWhatChanged() async throws {
        let site = try TestSite.fewBooksCopy()
        defer { site.remove() }
        try await site.build()
        let before = try Self.list(site)
        try site.fm.copyItem(at: site.url("Output/sw-parts"), to: site.url("OldParts"))
        try site.edit("Content/hymns/013.md", replacing: "bear abundant fruit", with: "bear plenteous fruit")
        try await site.build()
        let after = try Self.list(site)
        let hashes = { (list: List) in Dictionary(uniqueKeysWithValues: (list.core + list.groups.flatMap { $0.pages + $0.extra }).map { ($0[0], $0[1]) }) }
        let (old, new) = (hashes(before), hashes(after))
        let changed = Set(new.keys.filter { old[$0] != new[$0] })
        // The search's files are named by their content: a changed shard leaves its old name's bucket.
        let removed = Set(old.keys.filter { new[$0] == nil })
        #expect(changed.contains("hymns/13/") && !changed.contains("hymns/12/"), "\(changed.sorted())")
        let moved = Set(after.root.parts).subtracting(before.root.parts)
        #expect(moved.count < before.root.parts.count / 4, "\(moved.sorted())")
        #expect(!moved.contains { $0.hasPrefix("group-") })
        let label = { (name: String) in String(name[..<name.lastIndex(of: ".")!]) }
        let oldNames = Dictionary(uniqueKeysWithValues: before.root.parts.map { (label($0), $0) })
        for name in moved {
            let part = try JSONDecoder().decode(Part.self, from: Data(contentsOf: site.url("Output/sw-parts/\(name).json")))
            let wasThere = try oldNames[label(name)].map { old in
                try JSONDecoder().decode(Part.self, from: Data(contentsOf: site.url("OldParts/\(old).json"))).files ?? []
            } ?? []
            #expect((part.files ?? []).contains { changed.contains($0[0]) } || wasThere.contains { removed.contains($0[0]) },
                    "\(name) moved, but none of its files changed")
        }
        // The parts no longer listed are gone from the output.
        let written = try FileManager.default.contentsOfDirectory(atPath: site.url("Output/sw-parts").path)
        #expect(Set(written) == Set(after.root.parts.map { $0 + ".json" }))
    }

    @Test func aThemeWithoutTheWorkerHasNoWorker() async throws {
        let site = try TestSite.small()
        defer { site.remove() }
        try await site.build()
        #expect(site.fm.fileExists(atPath: site.url("Output/manifest.webmanifest").path))
        #expect(!site.fm.fileExists(atPath: site.url("Output/sw.js").path))
    }

    /// Issue 25, defect 13: a theme file named `font#1.css` was listed as is, and the worker
    /// fetched `assets/font` instead: the install failed on every visit.
    @Test func aThemeFileWithAHashInItsNameIsListedEncoded() async throws {
        let site = try TestSite.small()
        defer { site.remove() }
        try site.write("Templates/assets/offline-worker.js", "// the worker")
        try site.write("Templates/assets/font#1 a?.css", "body{}")
        try await site.build()
        let list = try Self.list(site)
        let paths = list.core.map { $0[0] }
        #expect(paths.contains("assets/font%231%20a%3F.css"), "\(paths)")
        #expect(!paths.contains { $0.contains("#") || $0.contains("?") || $0.contains(" ") })
        #expect(FileManager.default.fileExists(atPath: site.url("Output/assets/font#1 a?.css").path))
    }
}
