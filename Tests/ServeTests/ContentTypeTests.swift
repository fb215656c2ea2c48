import Testing
@testable import SitegenServe

@Suite("Content types")
struct ContentTypeTests {
    @Test("every kind of file the site contains gets its proper type", arguments: [
        ("index.html", "text/html; charset=utf-8"),
        ("assets/site.css", "text/css; charset=utf-8"),
        ("assets/site.js", "text/javascript; charset=utf-8"),
        ("api/v1/manifest.json", "application/json"),
        ("schedule/meetings.ics", "text/calendar; charset=utf-8"),
        ("sitemap.xml", "application/xml; charset=utf-8"),
        ("robots.txt", "text/plain; charset=utf-8"),
        ("logo.svg", "image/svg+xml"),
        ("photo.png", "image/png"),
        ("photo.JPG", "image/jpeg"),
        ("hymnal.pdf", "application/pdf"),
        ("fonts/body.woff2", "font/woff2"),
    ])
    func knownTypes(path: String, expected: String) {
        #expect(ContentType.forPath(path) == expected)
    }

    @Test("unknown or missing extensions are opaque bytes, never sniffed into HTML")
    func unknownTypes() {
        #expect(ContentType.forPath("notes.unknownext") == "application/octet-stream")
        #expect(ContentType.forPath("LICENSE") == "application/octet-stream")
        #expect(ContentType.forPath(".htaccess") == "application/octet-stream")
        #expect(ContentType.forPath("dir.html/file") == "application/octet-stream")
    }
}
