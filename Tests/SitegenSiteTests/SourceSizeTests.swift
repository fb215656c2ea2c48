import Foundation
import Testing
@testable import SitegenSite

/// Issue 25, item 16: page and hymn files have a stated size limit, checked before parsing.
@Suite("Hardening: source file sizes")
struct SourceSizeTests {
    @Test("16: a page file past 1 MiB is an error at its first line")
    func hugePage() async throws {
        let site = try TestSite.small()
        defer { site.remove() }
        let front = "---\ntitle: Big\n---\n"
        try site.write("Content/pages/big.md", front + String(repeating: "# \(String(repeating: "x", count: 62))\n", count: 17_000))
        let size = try Data(contentsOf: site.root.appendingPathComponent("Content/pages/big.md")).count
        let errors = await site.errors(.check)
        #expect(errors == ["Content/pages/big.md:1:1: error: a page file has \(size) bytes, more than the limit of 1048576; split it or shorten it"])
    }

    /// Issue 41, item 6: every kind of source file has a limit, stated in docs/reliability.md and
    /// checked before it is parsed (a 180 MB schedule took 9 GB, a 50 MB template 1.3 GB).
    @Test("41.6: schedule, site, strings and template files past their limits are errors at line 1", arguments: [
        ("Content/schedule/big.yml", "title: x\nevents: []\n", 1024 * 1024, "a schedule file"),
        ("Content/strings/en.yml", "", 256 * 1024, "a strings file"),
        ("Templates/page.mustache", "{{<layout}}{{$main}}{{{content}}}{{/main}}{{/layout}}", 256 * 1024, "a template"),
        ("Content/site.yml", "title: Test Site\nbase_url: https://example.org/sub/\ntime_zone: Europe/Helsinki\n", 64 * 1024, "site.yml"),
    ])
    func limits(_ path: String, _ head: String, _ limit: Int, _ what: String) async throws {
        let site = try TestSite.small()
        defer { site.remove() }
        let padding = String(repeating: "# \(String(repeating: "x", count: 62))\n", count: limit / 64 + 1)
        let text = path.hasSuffix(".mustache") ? head + "{{!" + padding + "}}" : head + padding
        try site.write(path, text)
        let errors = await site.errors(.check)
        #expect(errors == ["\(path):1:1: error: \(what) has \(text.utf8.count) bytes, more than the limit of \(limit); split it or shorten it"])
        // Just within the limit, the same file is read.
        try site.write(path, String(text.utf8.prefix(limit))!)
        #expect(await site.errors(.check).allSatisfy { !$0.contains("more than the limit") })
    }

    /// Issue 41, item 7: the renderer counts bytes, not only template nodes. A template of
    /// `{{site.description}}` 10,000 times with a 60 KB description (each within its file's
    /// limit) made 600 MB pages; now each page stops at 8 MiB with an error naming it.
    @Test("41.7: a page past 8 MiB of HTML is an error, not 600 MB in memory")
    func pageBytes() async throws {
        let site = try TestSite.small()
        defer { site.remove() }
        try site.write("Content/site.yml", "title: T\nbase_url: https://example.org/\ntime_zone: Europe/Helsinki\ndescription: \"\(String(repeating: "x", count: 60_000))\"\n")
        try site.write("Templates/page.mustache", String(repeating: "{{site.description}}", count: 10_000))
        let errors = await site.errors(.check)
        #expect(errors.count == 2 && errors.allSatisfy { $0.contains("makes more than the 8388608 bytes a page may have") })
        #expect(errors.contains("Content/pages/about.md:1:1: error: page 'about/' is too large to render: page.mustache makes more than the 8388608 bytes a page may have (the renderer's budget); make its content or template smaller"))
    }
}

