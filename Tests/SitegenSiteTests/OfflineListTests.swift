import Foundation
import Testing
@testable import SitegenSite

/// The service worker's list (docs/offline.md): which files are the core installed at the first
/// visit and which a kind keeps apart, each with the SHA-256 of the bytes written.
@Suite("Offline list", .serialized)
struct OfflineListTests {
    struct List: Decodable {
        struct Group: Decodable {
            let name: String
            let unit: String
            let pages: [[String]]
            let extra: [[String]]
        }

        let version: String
        let offline: String?
        let core: [[String]]
        let groups: [Group]
    }

    static func list(_ site: TestSite) throws -> (List, String) {
        let worker = try site.read("Output/sw.js")
        let name = try #require(worker.firstMatch(of: /importScripts\("(sw-list-[0-9a-f]{16}\.js)"/)?.1)
        let script = try site.read("Output/" + name)
        let json = try #require(script.firstMatch(of: /^self\.OFFLINE_LIST = (.*);\n$/.dotMatchesNewlines())?.1)
        return (try JSONDecoder().decode(List.self, from: Data(json.utf8)), String(name))
    }

    /// The file a listed path names: a page's address is its folder's `index.html`.
    static func file(_ path: String) -> String { path.isEmpty || path.hasSuffix("/") ? path + "index.html" : path }

    @Test func theBundledSiteHasACoreAndTheBibleApart() async throws {
        let site = try TestSite.bundledCopy()
        defer { site.remove() }
        try await site.build()
        let (list, name) = try Self.list(site)
        let core = Set(list.core.map { $0[0] })
        for path in ["", "hymns/", "hymns/1/", "hymns/365/", "schedule/", "schedule/print/", "localities/", "localities/aberdeen/",
                     "search/", "offline/", "bible/", "bible/john/", "assets/site.css", "assets/offline.js", "assets/offline-worker.js",
                     "assets/icons/icon-192.png", "manifest.webmanifest", "search/index.json"] {
            #expect(core.contains(path), "\(path) not in the core")
        }
        #expect(!core.contains { $0.hasPrefix("api/") || $0.hasSuffix(".ics") || $0 == "404.html" || $0 == "sitemap.xml" })
        #expect(core.contains { $0.hasPrefix("search/t/") } && core.contains { $0.hasPrefix("search/d/") })
        #expect(list.offline == "offline/")
        let bible = try #require(list.groups.first { $0.name == "bible" })
        #expect(bible.unit == "chapters" && bible.pages.count == 1189 && bible.pages.contains { $0[0] == "bible/john/3/" })
        #expect(!core.contains("bible/john/3/"))
        // The verses' search documents go with the chapters, and are most of the index's bytes.
        #expect(!bible.extra.isEmpty && bible.extra.allSatisfy { $0[0].hasPrefix("search/d/") })
        // Every entry names the bytes written.
        for entry in list.core + bible.pages + bible.extra {
            let data = try Data(contentsOf: site.url("Output/" + Self.file(entry[0])))
            #expect(SnapshotJSON.sha256(data) == entry[1], "\(entry[0])")
        }
        #expect(name == "sw-list-\(list.version).js")
        let manifest = try site.read("Output/manifest.webmanifest")
        #expect(manifest.contains("\"display\":\"standalone\"") && manifest.contains("\"purpose\":\"maskable\""))
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
        let (list, _) = try Self.list(site)
        let paths = list.core.map { $0[0] }
        #expect(paths.contains("assets/font%231%20a%3F.css"), "\(paths)")
        #expect(!paths.contains { $0.contains("#") || $0.contains("?") || $0.contains(" ") })
        #expect(FileManager.default.fileExists(atPath: site.url("Output/assets/font#1 a?.css").path))
    }
}
