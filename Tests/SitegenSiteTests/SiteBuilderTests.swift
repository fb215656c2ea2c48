import Foundation
@testable import SitegenPages
import Testing
@testable import SitegenSite

@Suite("Building a site")
struct SiteBuilderTests {
    @Test func buildsPrettyURLsEscapedTitlesAndBasePathLinks() async throws {
        let site = try TestSite.small()
        defer { site.remove() }
        let report = try await site.build()
        #expect(report.pages == 3)   // home, about, default 404
        let about = try site.read("Output/about/index.html")
        #expect(about.contains("<title>About &lt;us&gt;</title>"))
        #expect(about.contains("<a href=\"/sub/\">home</a>"))
        #expect(try site.read("Output/index.html").contains("HOME <p>Welcome.</p>"))
        #expect(try site.read("Output/sitemap.xml").contains("<loc>https://example.org/sub/about/</loc>"))
        #expect(try site.read("Output/assets/site.css") == "body{}")
        #expect(try site.read("Output/api/v1/pages.json").contains("\"path\":\"about/\""))
    }

    @Test func checkWritesNothing() async throws {
        let site = try TestSite.small()
        defer { site.remove() }
        let report = try await site.build(.check)
        #expect(report.files > 0)
        #expect(!site.fm.fileExists(atPath: site.root.appendingPathComponent("Output").path))
    }

    @Test func allProblemsOfARunAreReportedTogether() async throws {
        let site = try TestSite.small()
        defer { site.remove() }
        try site.write("Content/pages/a.md", "---\ntemplate: nosuch\n---\n")
        try site.write("Content/pages/b.md", "---\ncolour: red\n---\n")
        try site.write("Content/static/about/index.html", "<p>clash</p>")
        let errors = await site.errors()
        #expect(errors.contains("Content/pages/a.md:1:1: error: unknown template 'nosuch' (no nosuch.mustache in Templates)"))
        #expect(errors.contains { $0.hasPrefix("Content/pages/b.md:2:1: error: unknown key 'colour'") })
        // The output-path clash is found in the render stage, after the load errors are fixed.
        try site.write("Content/pages/a.md", "---\ntitle: A\n---\n")
        try site.write("Content/pages/b.md", "---\ntitle: B\n---\n")
        #expect(await site.errors() == ["Content/static/about/index.html:1:1: error: two sources produce Output/about/index.html: Content/pages/about.md and Content/static/about/index.html"])
    }

    @Test func configProblemsAreReportedWithLines() async throws {
        let site = try TestSite.small()
        defer { site.remove() }
        try site.write("Content/site.yml", "title: T\ntime_zone: Mars/Olympus\nlanguge: en\n")
        let errors = await site.errors()
        #expect(errors.contains("Content/site.yml:2:12: error: unknown time zone 'Mars/Olympus' (use an IANA name like America/Chicago)"))
        #expect(errors.contains { $0.hasPrefix("Content/site.yml:3:1: error: unknown key 'languge'") })
    }

    @Test func missingTemplatesAreErrors() async throws {
        let site = try TestSite.small()
        defer { site.remove() }
        try site.fm.removeItem(at: site.root.appendingPathComponent("Templates/home.mustache"))
        #expect(await site.errors().contains("Templates/home.mustache:1:1: error: missing template 'home.mustache'"))
    }

    @Test func sameInputSameBytes() async throws {
        let site = try TestSite.small()
        defer { site.remove() }
        try await site.build()
        let first = try site.read("Output/api/v1/manifest.json") + site.read("Output/about/index.html")
        try await site.build()
        #expect(try site.read("Output/api/v1/manifest.json") + site.read("Output/about/index.html") == first)
    }

    @Test func asOfDefaultsToSourceDateEpochInTheSiteZone() {
        let zone = TimeZone(identifier: "Pacific/Auckland")!
        // 2026-11-21T12:00:00Z is already the 22nd in Auckland.
        let date = BuildOptions.defaultAsOf(timeZone: zone, environment: ["SOURCE_DATE_EPOCH": "1795262400"])
        #expect(date?.description == "2026-11-22")
        #expect(BuildOptions.defaultAsOf(timeZone: zone, environment: ["SOURCE_DATE_EPOCH": "soon"]) == nil)
    }

    @Test func pagePaths() {
        #expect(PageReader.sitePath(for: "index.md") == "")
        #expect(PageReader.sitePath(for: "about.md") == "about/")
        #expect(PageReader.sitePath(for: "help/index.md") == "help/")
        #expect(PageReader.sitePath(for: "help/faq.md") == "help/faq/")
        #expect(PageReader.sitePath(for: "404.md") == "404.html")
    }
}

@Suite("Referenced files")
struct ReferenceCheckTests {
    @Test func missingImagesAndLinksAreReportedAtTheirLine() async throws {
        let site = try TestSite.small()
        defer { site.remove() }
        try site.write("Content/static/img/ok.png", "png")
        try site.write("Content/pages/photos.md", "---\ntitle: Photos\n---\n![ok](/img/ok.png)\n\n![hall](/img/hall.jpg)\n\nSee [about](../about/) and [gone](/gone/) and [web](https://example.org/x).")
        let errors = await site.errors()
        #expect(errors == [
            "Content/pages/photos.md:6:1: error: image '/img/hall.jpg' is not in the site (put images in Content/static/)",
            "Content/pages/photos.md:8:28: error: link '/gone/' points to no page or file of this site",
        ])
    }

    @Test func resolvesRelativeAndBasePathLinks() {
        #expect(ReferenceCheck.sitePath(of: "../about/", from: "photos/", basePath: "/") == "about/")
        #expect(ReferenceCheck.sitePath(of: "/sub/hymns/1/#top", from: "", basePath: "/sub/") == "hymns/1/")
        #expect(ReferenceCheck.sitePath(of: "img/a.png", from: "404.html", basePath: "/") == "img/a.png")
        #expect(ReferenceCheck.sitePath(of: "mailto:x@y.z", from: "", basePath: "/") == nil)
        #expect(ReferenceCheck.sitePath(of: "#v16", from: "", basePath: "/") == nil)
    }
}
