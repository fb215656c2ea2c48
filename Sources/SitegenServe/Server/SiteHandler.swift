import FlyingFox
import Foundation

/// Answers every request: the site's files from the output folder, plus live reload under `/_sitegen/`.
struct SiteHandler: HTTPHandler {
    let files: ServedFiles
    let board: BuildStatusBoard
    /// The path part of the base URL (`/` or e.g. `/church/`): the site is served below it.
    let mountPath: String
    /// The longest a `/_sitegen/wait` request is held open (below the server's request timeout).
    let longPoll: Duration
    /// The longest a page request waits for the first build before it is answered with the
    /// "building" page (well below the server's 15 s handler limit, whose 503 says nothing).
    var firstBuildWait: Duration = .seconds(5)

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            return Responses.text(.methodNotAllowed, "Only GET and HEAD are served.\n", extra: [HTTPHeader("Allow"): "GET, HEAD"])
        }
        // The raw target as sent: FlyingFox's `request.path` is already normalised, which would hide `..`.
        let raw = request.target.path(percentEncoded: true)
        if raw.hasPrefix(LiveReloadInjection.prefix) { return await reserved(raw, request: request) }
        // Before the first build has finished there is nothing (or a stale folder) to show: hold
        // the request until it is done, within the server's request timeout.
        if await board.current.version == 0, await board.wait(after: 0, timeout: firstBuildWait).version == 0 {
            return Responses.building(head: request.method == .HEAD)
        }
        guard let sitePath = stripMount(raw) else { return await notFound(head: request.method == .HEAD) }
        if sitePath == PreviewWorker.sitePath {
            return Responses.data(.ok, Data(PreviewWorker.source.utf8), type: ContentType.forPath("sw.js"), head: request.method == .HEAD)
        }
        switch RequestPath.parse(sitePath) {
        case .failure(.badRequest(let why)):
            return Responses.text(.badRequest, "Bad request: \(why).\n")
        case .failure(.hidden):
            return await notFound(head: request.method == .HEAD)
        case .success(let path):
            return await serve(path, raw: raw, query: request.target.query(percentEncoded: true), head: request.method == .HEAD)
        }
    }

    private func serve(_ path: RequestPath, raw: String, query: String, head: Bool) async -> HTTPResponse {
        switch files.lookup(path) {
        case .addSlash:
            return Responses.redirect(to: path.folderLocation(mountPath: mountPath) + (query.isEmpty ? "" : "?" + query))
        case .notFound:
            return await notFound(head: head)
        case .file(let url):
            guard let data = try? Data(contentsOf: url) else { return await notFound(head: head) }
            return await file(data, type: ContentType.forPath(url.path), status: .ok, head: head)
        }
    }

    /// The site's own 404.html with status 404; a bare page when the build has none (e.g. the
    /// first build failed), so the error overlay still has somewhere to show.
    private func notFound(head: Bool) async -> HTTPResponse {
        let data = files.notFoundPage.flatMap { try? Data(contentsOf: $0) }
            ?? Data("<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>Not found</title><body><h1>Not found</h1></body></html>".utf8)
        return await file(data, type: ContentType.forPath("404.html"), status: .notFound, head: head)
    }

    private func file(_ data: Data, type: String, status: HTTPStatusCode, head: Bool) async -> HTTPResponse {
        var body = data
        if type.hasPrefix("text/html"), let html = String(data: data, encoding: .utf8) {
            body = Data(LiveReloadInjection.inject(into: html, status: await board.current).utf8)
        }
        return Responses.data(status, body, type: type, head: head)
    }

    private func stripMount(_ raw: String) -> String? {
        if mountPath == "/" { return raw }
        guard raw.hasPrefix(mountPath) else { return nil }
        return "/" + raw.dropFirst(mountPath.count)
    }

    private func reserved(_ raw: String, request: HTTPRequest) async -> HTTPResponse {
        switch raw {
        case LiveReloadInjection.prefix + "reload.js":
            return Responses.data(.ok, Data(ReloadScript.source.utf8), type: ContentType.forPath("reload.js"), head: request.method == .HEAD)
        case LiveReloadInjection.prefix + "status":
            return Responses.json(await board.current)
        case LiveReloadInjection.prefix + "wait":
            let after = request.query.first { $0.name == "after" }.flatMap { Int($0.value) } ?? -1
            return Responses.json(await board.wait(after: after, timeout: longPoll))
        case LiveReloadInjection.prefix + "overlay":
            let status = await board.current
            return Responses.data(.ok, Data(ErrorOverlay.html(status.errors).utf8), type: ContentType.forPath("x.html"), head: false)
        default:
            return Responses.text(.notFound, "Not found.\n")
        }
    }
}

/// Response builders; every response says `no-store` so a reload always sees the newest build.
enum Responses {
    static func data(_ status: HTTPStatusCode, _ body: Data, type: String, head: Bool = false,
                     extra: [HTTPHeader: String] = [:]) -> HTTPResponse {
        var headers: [HTTPHeader: String] = [
            .contentType: type,
            HTTPHeader("Cache-Control"): "no-store",
            HTTPHeader("X-Content-Type-Options"): "nosniff",
        ]
        headers.merge(extra) { _, new in new }
        if head {
            headers[.contentLength] = String(body.count)
            return HTTPResponse(statusCode: status, headers: HTTPHeaders(headers), body: Data())
        }
        return HTTPResponse(statusCode: status, headers: HTTPHeaders(headers), body: body)
    }

    static func text(_ status: HTTPStatusCode, _ text: String, extra: [HTTPHeader: String] = [:]) -> HTTPResponse {
        data(status, Data(text.utf8), type: ContentType.forPath("x.txt"), extra: extra)
    }

    static func json(_ status: BuildStatus) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return data(.ok, (try? encoder.encode(status)) ?? Data("{}".utf8), type: ContentType.forPath("x.json"))
    }

    /// 503 while the first build runs: a page that says so and asks again every two seconds
    /// (`Retry-After` for other clients).
    static func building(head: Bool) -> HTTPResponse {
        let page = "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><meta http-equiv=\"refresh\" content=\"2\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Building the site…</title>"
            + "<body style=\"font: 1.1rem/1.5 system-ui, sans-serif; margin: 2rem\"><h1>Building the site…</h1>"
            + "<p>sitegen is making the site for the first time. This page reloads itself when it is ready.</p></body></html>"
        return data(.serviceUnavailable, Data(page.utf8), type: ContentType.forPath("x.html"), head: head,
                    extra: [HTTPHeader("Retry-After"): "2"])
    }

    static func redirect(to location: String) -> HTTPResponse {
        data(.movedPermanently, Data(), type: ContentType.forPath("x.txt"), extra: [.location: location])
    }
}
