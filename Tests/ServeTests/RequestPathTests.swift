import Testing
@testable import SitegenServe

@Suite("Request paths")
struct RequestPathTests {
    @Test("ordinary paths map to files inside the output folder")
    func ordinary() throws {
        #expect(try RequestPath.parse("/").get().relativeFile == "index.html")
        #expect(try RequestPath.parse("/hymns/12/").get().relativeFile == "hymns/12/index.html")
        #expect(try RequestPath.parse("/assets/site.css").get().relativeFile == "assets/site.css")
        #expect(try RequestPath.parse("/bible//gen/1/").get().relativeFile == "bible/gen/1/index.html")
        #expect(try RequestPath.parse("/a%20b.html").get().segments == ["a b.html"])
    }

    @Test("traversal in any spelling is a bad request", arguments: [
        "/../", "/..", "/hymns/../../etc/passwd", "/%2e%2e/", "/%2E%2E/etc/passwd", "/.%2e/", "/%2e./x",
        "/hymns/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/..%2fetc", "/..%5cetc", "/a%2fb", "/a%5Cb", "/a\\..\\b",
        "/./index.html", "/%2e/index.html", "/a%00.html", "/%zz", "relative/path",
    ])
    func traversal(raw: String) {
        guard case .failure(.badRequest) = RequestPath.parse(raw) else {
            Issue.record("\(raw) was accepted")
            return
        }
    }

    @Test("hidden files such as the output marker are never served")
    func hidden() {
        #expect(RequestPath.parse("/.sitegen-output") == .failure(.hidden))
        #expect(RequestPath.parse("/.git/config") == .failure(.hidden))
        #expect(RequestPath.parse("/%2egit/config") == .failure(.hidden))
    }
}
