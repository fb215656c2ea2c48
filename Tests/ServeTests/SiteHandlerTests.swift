import FlyingFox
import Foundation
import Testing
@testable import SitegenServe

@Suite("Site handler")
struct SiteHandlerTests {
    let root: URL
    let board = BuildStatusBoard()

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("handler-\(UUID().uuidString)/Output")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("hymns/12"), withIntermediateDirectories: true)
        try Data("<html><body><p>Hymn 12</p></body></html>".utf8).write(to: root.appendingPathComponent("hymns/12/index.html"))
        try Data("<html><body><h1>Lost?</h1></body></html>".utf8).write(to: root.appendingPathComponent("404.html"))
        try Data("body{}".utf8).write(to: root.appendingPathComponent("site.css"))
        try Data("x".utf8).write(to: root.appendingPathComponent(".sitegen-output"))
    }

    func handler(mount: String = "/") -> SiteHandler {
        SiteHandler(files: ServedFiles(root: root), board: board, mountPath: mount, longPoll: .milliseconds(50),
                    firstBuildWait: .milliseconds(1))
    }

    /// A request once the first build is done (`built`), or during it.
    func get(_ raw: String, method: HTTPMethod = .GET, mount: String = "/", built: Bool = true) async throws -> (Int, HTTPHeaders, String) {
        if built, !raw.hasPrefix("/_sitegen/"), await board.current.version == 0 { await board.publish(errors: []) }
        let parts = raw.split(separator: "?", maxSplits: 1).map(String.init)
        let request = HTTPRequest(method: method, version: .http11,
                                  target: .init(path: parts[0], query: parts.count > 1 ? parts[1] : ""),
                                  headers: [:], body: HTTPBodySequence(data: Data()))
        let response = try await handler(mount: mount).handleRequest(request)
        return (response.statusCode.code, response.headers, String(decoding: try await response.bodyData, as: UTF8.self))
    }

    @Test("HTML gains the reload script as served; other files are sent as they are")
    func files() async throws {
        let (code, headers, body) = try await get("/hymns/12/")
        #expect(code == 200)
        #expect(headers[.contentType] == "text/html; charset=utf-8")
        #expect(body == "<html><body><p>Hymn 12</p><script src=\"/_sitegen/reload.js\" data-version=\"1\" defer></script></body></html>")
        let css = try await get("/site.css")
        #expect(css.0 == 200 && css.1[.contentType] == "text/css; charset=utf-8" && css.2 == "body{}")
        #expect(css.1[HTTPHeader("Cache-Control")] == "no-store")
    }

    @Test("during the first build a page is a 503 that says it is building and reloads itself")
    func building() async throws {
        let (code, headers, body) = try await get("/hymns/12/", built: false)
        #expect(code == 503 && headers[HTTPHeader("Retry-After")] == "2")
        #expect(headers[.contentType] == "text/html; charset=utf-8")
        #expect(body.contains("<meta http-equiv=\"refresh\" content=\"2\">") && body.contains("Building the site"))
        #expect(try await get("/hymns/12/").0 == 200, "served once the build is done")
    }

    @Test("sw.js is the preview's own worker, which removes itself, never the built offline worker")
    func previewWorker() async throws {
        try Data("importScripts(\"sw-list-0.js\");".utf8).write(to: root.appendingPathComponent("sw.js"))
        for (raw, mount) in [("/sw.js", "/"), ("/church/sw.js", "/church/")] {
            let (code, headers, body) = try await get(raw, mount: mount)
            #expect(code == 200 && headers[.contentType] == "text/javascript; charset=utf-8", "\(raw)")
            #expect(body.contains("self.registration.unregister()") && !body.contains("importScripts"), "\(raw)")
        }
    }

    @Test("traversal is 400, hidden and missing files get the site's 404 page with status 404")
    func refusals() async throws {
        for raw in ["/../", "/%2e%2e/", "/%2e%2e%2f", "/hymns/..%2f..%2fsecret"] {
            #expect(try await get(raw).0 == 400, "\(raw)")
        }
        for raw in ["/.sitegen-output", "/nope.html", "/hymns/13/"] {
            let (code, _, body) = try await get(raw)
            #expect(code == 404, "\(raw)")
            #expect(body.contains("<h1>Lost?</h1>"))
        }
    }

    @Test("a folder without its slash is redirected, keeping the query")
    func redirect() async throws {
        let (code, headers, _) = try await get("/hymns/12?x=1")
        #expect(code == 301)
        #expect(headers[.location] == "/hymns/12/?x=1")
    }

    @Test("HEAD sends the length but no body; other methods are refused")
    func methods() async throws {
        let (code, headers, body) = try await get("/site.css", method: .HEAD)
        #expect(code == 200 && headers[.contentLength] == "6" && body.isEmpty)
        #expect(try await get("/site.css", method: .POST).0 == 405)
    }

    @Test("a site built for a sub-path is served below it")
    func mountPath() async throws {
        #expect(try await get("/church/hymns/12/", mount: "/church/").0 == 200)
        #expect(try await get("/hymns/12/", mount: "/church/").0 == 404)
        #expect(try await get("/church/../hymns/12/", mount: "/church/").0 == 400)
    }

    @Test("live-reload endpoints: status, long poll, and the overlay after a failed build")
    func reloadEndpoints() async throws {
        #expect(try await get("/_sitegen/status").2 == #"{"errors":[],"version":0}"#)
        #expect(try await get("/_sitegen/wait?after=0").2 == #"{"errors":[],"version":0}"#)   // timed out
        await board.publish(errors: ["Content/a.md:1:2: error: <bad>"])
        #expect(try await get("/_sitegen/wait?after=0").2 == #"{"errors":["Content/a.md:1:2: error: <bad>"],"version":1}"#)
        let page = try await get("/hymns/12/").2
        #expect(page.contains("sitegen-error-overlay") && page.contains("Content/a.md:1:2: error: &lt;bad&gt;"))
        #expect(try await get("/_sitegen/reload.js").1[.contentType] == "text/javascript; charset=utf-8")
        #expect(try await get("/_sitegen/other").0 == 404)
    }
}
