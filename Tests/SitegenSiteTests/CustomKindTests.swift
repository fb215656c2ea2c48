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

    var name: String { "notices" }
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

    final class NoCache: KindCache {
        func forget(_ changes: SourceChanges) {}
    }
}

@Suite("A content kind of one's own", .serialized)
struct CustomKindTests {
    func site() throws -> TestSite {
        let site = try TestSite.small(kinds: SiteKinds.bundled + [NoticesKind()])
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
        #expect(report.rendered == 1)
        #expect(try site.read("Output/notices/index.html").contains("<li>picnic.txt: Picnic after the service.</li>"))
        try await site.expectOutputMatchesFreshBuild(after: "a notice added")
    }
}
