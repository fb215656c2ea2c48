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
}
