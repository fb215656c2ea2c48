import Foundation
import SitegenKinds
import SitegenSite
import Testing

/// A kind of content the pipeline has never heard of, registered through the public seam
/// alone (no `@testable`): notices, one `.txt` file each in `Content/notices/`, shown on one
/// page and in one snapshot. What docs/architecture.md says adding a kind takes.
struct NoticesKind: ContentKind {
    struct Notice: Sendable, Codable {
        let name: String
        let text: String
    }

    var name = "notices"
    var sources: KindSources { KindSources(folders: ["notices"], templates: ["notices"]) }
    func makeCache() -> NoCache { NoCache() }

    func read(_ input: KindInput, cache: NoCache) async -> [Notice]? {
        let tree = input.content.subtree("notices")
        guard tree.exists else { return nil }
        return tree.files(withExtensions: ["txt"], diagnostics: input.diagnostics).compactMap { relative in
            tree.read(relative, diagnostics: input.diagnostics).map { Notice(name: relative, text: $0.text) }
        }
    }

    func pages(_ notices: [Notice], context: RenderContext, cache: NoCache) -> [PageSpec] {
        [PageSpec(path: "notices/", template: "notices", title: "Notices",
                  values: ["notices": .list(notices.map { ["name": .text($0.name), "text": .text($0.text)] })])]
    }

    func snapshots(_ notices: [Notice], context: RenderContext, cache: NoCache) throws -> [Snapshot] {
        [try Snapshot(path: "notices.json", value: notices, records: notices.count, schema: Self.schema)]
    }

    static let schema = SnapshotSchema(name: "notices", version: 1, json: #"{"type": "array"}"#)

    /// What the notices give the bundled features: search documents, a home-page value, a table
    /// in the apps' bundle, and an offline group of their own.
    func contributions(_ notices: [Notice], context: RenderContext, cache: NoCache) -> Contributions {
        Contributions(
            SearchContribution(documents: notices.map {
                SearchDocument(kind: "Notices", url: "notices/", title: $0.name, text: $0.text, group: "notices")
            }),
            HomeValues(["noticeCount": .number(notices.count)]),
            AppTables([AppTable(name: "notices", bundle: "notices", columns: [AppColumn("name", .text), AppColumn("text", .text)], primaryKey: ["name"],
                                rows: notices.map { [.text($0.name), .text($0.text)] })]),
            OfflineContribution(groups: [OfflineGroup(name: "notices", unit: "notices", pages: ["notices/"], searchDocuments: true)]))
    }

    typealias NoCache = NoKindCache
}

/// A feature the pipeline has never heard of, through the public seam alone: `words.json`, how
/// many words each kind gives the search.
struct WordsPerKindFeature: SiteFeature {
    /// Whether it names the contribution types it reads (`SiteFeature.reads`; else it may read any).
    var namesItsReads = false

    var name: String { "words" }
    var reads: [any Contribution.Type]? { namesItsReads ? [SearchContribution.self] : nil }

    func input(_ site: SiteSoFar, context: RenderContext) -> [Contributed<SearchContribution>] {
        site.contributions(SearchContribution.self)
    }

    func make(_ contributions: [Contributed<SearchContribution>], context: RenderContext, cache: NoFeatureCache) throws -> FeatureFiles {
        let counts = contributions.map { item in
            "\"\(item.contributor)\":\(item.value.documents.reduce(0) { $0 + $1.text.split(separator: " ").count })"
        }
        return FeatureFiles(files: [OutputFile(path: "words.json", text: "{" + counts.joined(separator: ",") + "}\n")])
    }
}

@Suite("A content kind of one's own", .serialized)
struct CustomKindTests {
    func site() throws -> TestSite {
        var site = try TestSite.small(kinds: SiteKinds.bundled + [NoticesKind()])
        site.features = SiteKinds.features + [WordsPerKindFeature()]
        try site.write("Content/notices/choir.txt", "Choir practice on Thursday <7 pm>.")
        try site.write("Templates/notices.mustache", "{{<layout}}{{$main}}<ul>{{#notices}}<li>{{name}}: {{text}}</li>{{/notices}}</ul>{{/main}}{{/layout}}")
        return site
    }

    @Test func itsPageAndSnapshotAreBuiltAndListed() async throws {
        let site = try site()
        defer { site.remove() }
        try await site.build()
        #expect(try site.read("Output/notices/index.html").contains("<li>choir.txt: Choir practice on Thursday &lt;7 pm&gt;.</li>"))
        let notices = try JSONDecoder().decode([NoticesKind.Notice].self, from: Data(try site.read("Output/api/v1/notices.json").utf8))
        #expect(notices.map(\.name) == ["choir.txt"])
        let manifest = try site.read("Output/api/v1/manifest.json")
        #expect(manifest.contains("\"path\" : \"notices.json\""))
        #expect(manifest.contains("\"path\" : \"schemas/notices.schema.json\""))
        #expect(try site.read("Output/sitemap.xml").contains("<loc>https://example.org/sub/notices/</loc>"))
    }

    @Test func itsTemplateIsRequired() async throws {
        let site = try site()
        defer { site.remove() }
        try site.delete("Templates/notices.mustache")
        #expect(await site.errors().contains("Templates/notices.mustache:1:1: error: missing template 'notices.mustache'"))
    }

    @Test func anEditOfItsFolderRebuildsOnlyItsOutputs() async throws {
        let site = try site()
        defer { site.remove() }
        let session = BuildSession(options: site.options)
        _ = try await session.build()
        try site.write("Content/notices/picnic.txt", "Picnic after the service.")
        let report = try await session.rebuild(changed: [site.url("Content/notices/picnic.txt")])
        #expect(Set(report.written).isSuperset(of: ["notices/index.html", "api/v1/notices.json", "api/v1/manifest.json"]))
        #expect(!report.written.contains("about/index.html"))
        #expect(report.rendered == 2)   // the notices page, and the home page that counts them
        #expect(try site.read("Output/notices/index.html").contains("<li>picnic.txt: Picnic after the service.</li>"))
        try await site.expectOutputMatchesFreshBuild(after: "a notice added")
    }

    @Test func itFeedsTheSearchTheHomePageTheBundleAndTheOfflineList() async throws {
        let site = try site()
        defer { site.remove() }
        try site.edit("Templates/home.mustache", replacing: "HOME ", with: "HOME <p>{{noticeCount}} notices</p>")
        try site.write("Templates/assets/offline-worker.js", "// the worker's code (its list is what is checked)")
        try await site.build()
        #expect(try site.read("Output/index.html").contains("<p>1 notices</p>"))
        let shards = try FileManager.default.contentsOfDirectory(atPath: site.url("Output/search/d").path)
        let documents = try shards.map { try site.read("Output/search/d/" + $0) }
        #expect(documents.contains { $0.contains("Choir practice on Thursday") })
        let list = try OfflineListTests.list(site)
        #expect(list.groups.contains { $0.name == "notices" && $0.pages.contains { $0[0] == "notices/" } })
        let bundle = try Data(contentsOf: site.url("Output/api/v1/bundle/notices.sqlite"))
        #expect(bundle.range(of: Data("Choir practice on Thursday <7 pm>.".utf8)) != nil)
    }

    @Test func aNewFeatureCollectsFromEveryKindAndFollowsEdits() async throws {
        let site = try site()
        defer { site.remove() }
        let session = BuildSession(options: site.options)
        _ = try await session.build()
        #expect(try site.read("Output/words.json").contains(#""notices":6"#))
        try site.write("Content/notices/picnic.txt", "Picnic after the service.")
        let report = try await session.rebuild(changed: [site.url("Content/notices/picnic.txt")])
        #expect(report.written.contains("words.json"))
        #expect(try site.read("Output/words.json").contains(#""notices":10"#))
        try await site.expectOutputMatchesFreshBuild(after: "a notice added")
    }

    /// `sitegen build` lets go of the contributions no feature after the rendering names: a
    /// feature of that stage gets the search's documents whether it names them or names nothing.
    @Test(arguments: [false, true]) func aFullBuildKeepsWhatALaterFeatureReads(namesItsReads: Bool) async throws {
        var site = try site()
        defer { site.remove() }
        site.features = SiteKinds.features + [WordsPerKindFeature(namesItsReads: namesItsReads)]
        try await site.build()
        #expect(try site.read("Output/words.json").contains(#""notices":6"#))
    }

    @Test func twoKindsGivingOneHomeValueIsAnError() async throws {
        var site = try site()
        defer { site.remove() }
        site.kinds.append(NoticesKind(name: "more notices"))
        let errors = await site.errors()
        #expect(errors.contains { $0.contains("error: home page value 'noticeCount' is given by both 'notices' and 'more notices'") })
    }
}
