import Foundation
import SitegenCore
import Testing
@testable import SitegenSite

@Suite("The base URL a site is built for")
struct BaseURLTests {
    @Test func theBundledExampleIsAWarningAtItsLineInSiteYml() async throws {
        let site = try TestSite.small()   // base_url: https://example.org/sub/ on line 2
        defer { site.remove() }
        let report = try await site.build(.check)
        let warning = try #require(report.warnings.first { $0.message.contains("is a placeholder") })
        #expect(warning.severity == .warning)
        #expect(warning.location.line == 2 && warning.location.column == 11)
        #expect(warning.location.path.hasSuffix("site.yml"))
        #expect(report.address?.base == "https://example.org/sub/")
    }

    @Test func aRealBaseURLIsNoWarning() async throws {
        let site = try TestSite.small()
        defer { site.remove() }
        try site.edit("Content/site.yml", replacing: "https://example.org/sub/", with: "https://www.gracechapel.org/sub")
        let report = try await site.build(.check)
        #expect(report.warnings.isEmpty)
        #expect(report.address?.base == "https://www.gracechapel.org/sub/")
        var options = site.options
        options.baseURL = "https://hymns.example.com/"
        let overridden = try await BuildSession(options: options).build(mode: .check, watching: false)
        #expect(overridden.warnings.map(\.location.path) == ["--base-url"])
    }

    @Test(arguments: ["https://example.org/", "http://www.example.com/church/", "https://sub.example.net"])
    func exampleDomainsArePlaceholders(_ url: String) {
        #expect(SiteConfig.isExampleBaseURL(url))
    }

    @Test(arguments: ["https://www.gracechapel.org/", "/", "https://notexample.org/", "https://example.org.uk/"])
    func otherAddressesAreNot(_ url: String) {
        #expect(!SiteConfig.isExampleBaseURL(url))
    }

    @Test(arguments: [("https://example.org/church", "https://example.org/church/", "/church/"),
                      ("http://localhost:8080", "http://localhost:8080/", "/"),
                      ("https://[::1]:4000/a/", "https://[::1]:4000/a/", "/a/"),
                      ("/church/", "/church/", "/church/"), ("/", "/", "/"),
                      ("https://example.org/caf%C3%A9/", "https://example.org/caf%C3%A9/", "/caf%C3%A9/")])
    func aBaseURLIsResolvedOnce(_ text: String, _ base: String, _ basePath: String) throws {
        let address = try SiteAddress.parse(text).get()
        #expect(address.base == base && address.basePath == basePath)
        #expect(address.url("hymns/12/") == basePath + "hymns/12/")
        #expect(address.absoluteURL("/sitemap.xml") == base + "sitemap.xml")
    }

    /// Issue 25, defect 12: each was accepted, and `user:pw@` then appeared in canonical links.
    @Test(arguments: [("https://example.org/?q=1#f", "query"), ("//example.org/", "scheme"), ("https://[::1/", "closing ]"),
                      ("https://example.org/a path/", "a space"), ("https://user:pw@example.org/", "user name or password"),
                      ("https://example.org/#f", "fragment"), ("https://exa_mple.org/", "not a host name"),
                      ("https://example.org:99999/", "not a port"), ("https://example.org/\"><script>/", "'\"'"),
                      ("https://example.org/50%/", "escape"), ("ftp://example.org/", "http://"), ("https:///x/", "host"),
                      ("/a/../b/", "'..'")])
    func aBadBaseURLIsRefusedWithWhy(_ text: String, _ why: String) throws {
        guard case .failure(let problem) = SiteAddress.parse(text) else {
            Issue.record("'\(text)' was accepted")
            return
        }
        #expect(problem.message.contains(why), "\(problem.message)")
    }

    @Test func aBadBaseURLInSiteYmlIsAnErrorAtItsLine() async throws {
        let site = try TestSite.small()
        defer { site.remove() }
        try site.edit("Content/site.yml", replacing: "https://example.org/sub/", with: "https://user:pw@example.org/sub/")
        let errors = await site.errors()
        #expect(errors.contains { $0.hasPrefix("Content/site.yml:2:11: error: 'base_url': a base URL must not hold a user name") }, "\(errors)")
    }

    /// Issue 25, defect 11: the built-in 404 page put the base URL into HTML unescaped. The
    /// address parser refuses such a URL now; the page escapes whatever it links to anyway.
    @Test func theBuiltIn404PageEscapesItsLink() async throws {
        let site = try TestSite.small()
        defer { site.remove() }
        var options = site.options
        options.baseURL = "https://example.org/a'b&c/"
        _ = try await BuildSession(options: options).build(mode: .build, watching: false)
        let page = try site.read("Output/404.html")
        #expect(page.contains(#"<a href="/a&#39;b&amp;c/">Go to the home page</a>"#) || page.contains(#"<a href="/a'b&amp;c/">Go to the home page</a>"#),
                "\(page)")
    }
}
