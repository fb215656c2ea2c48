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
        #expect(report.baseURL == "https://example.org/sub/")
    }

    @Test func aRealBaseURLIsNoWarning() async throws {
        let site = try TestSite.small()
        defer { site.remove() }
        try site.edit("Content/site.yml", replacing: "https://example.org/sub/", with: "https://www.gracechapel.org/sub")
        let report = try await site.build(.check)
        #expect(report.warnings.isEmpty)
        #expect(report.baseURL == "https://www.gracechapel.org/sub/")
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
}
