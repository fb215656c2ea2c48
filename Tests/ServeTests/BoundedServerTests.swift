import FlyingFox
import FlyingSocks
import Foundation
import Testing
@testable import SitegenServe

/// Issue 17, items 2 and 14: one hostile client must never stall the others, request lines and
/// heads are bounded (414/431), and a `//host` path is never echoed into a redirect.
@Suite("Hardening: bounded HTTP server", .serialized)
struct BoundedServerTests {
    struct Hello: HTTPHandler {
        func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(statusCode: .ok, body: Data("hello \(request.target.path(percentEncoded: true))".utf8))
        }
    }

    func withServer(_ body: @escaping @Sendable (UInt16) async throws -> Void) async throws {
        let server = BoundedHTTPServer(address: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0), handler: Hello())
        let task = Task { try await server.run() }
        defer { task.cancel() }
        try await server.waitUntilListening()
        guard case .ip4(_, let port) = server.listeningAddress else { Issue.record("no port"); return }
        try await body(port)
    }

    /// Sends raw bytes on a fresh connection and returns the whole answer (the server closes).
    static func exchange(_ port: UInt16, _ bytes: Data) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw SocketError.disconnected }
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer = Data(), buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            answer.append(contentsOf: buffer[0..<n])
            if answer.count > 1_000_000 { break }
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// `exchange` on a thread of its own (it blocks), so the server's tasks keep the pool.
    static func exchangeOffPool(_ port: UInt16, _ bytes: Data) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try exchange(port, bytes) }) }.start()
        }
    }

    @Test("a request line over the limit gets 414, a head over the limit 431")
    func limits() async throws {
        try await withServer { port in
            let long = try await Self.exchangeOffPool(port, Data("GET /\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            #expect(long.hasPrefix("HTTP/1.1 414 "))
            let header = try await Self.exchangeOffPool(port, Data("GET / HTTP/1.1\r\nX: \(String(repeating: "b", count: 50_000))\r\n\r\n".utf8))
            #expect(header.hasPrefix("HTTP/1.1 431 "))
            let fine = try await Self.exchangeOffPool(port, Data("GET /ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
            #expect(fine.hasPrefix("HTTP/1.1 200 ") && fine.hasSuffix("hello /ok"))
        }
    }

    // The latency under a 10 MB request line is measured against the real `sitegen serve` in
    // Tests/e2e/test_hardening.py: in this process the server would share Swift's cooperative
    // threads with every other test running at the same time.

    @Test("keep-alive: two requests on one connection, in order")
    func keepAlive() async throws {
        try await withServer { port in
            let answer = try await Self.exchangeOffPool(port, Data("GET /a HTTP/1.1\r\n\r\nGET /b HTTP/1.1\r\nConnection: close\r\n\r\n".utf8))
            #expect(answer.contains("hello /a") && answer.hasSuffix("hello /b"))
        }
    }

    @Test("14: GET //about redirects to /about/, never to the host 'about'")
    func noOpenRedirect() {
        guard case .success(let path) = RequestPath.parse("//about") else { Issue.record("refused"); return }
        #expect(path.folderLocation(mountPath: "/") == "/about/")
        guard case .success(let sub) = RequestPath.parse("///a b//c") else { Issue.record("refused"); return }
        #expect(sub.folderLocation(mountPath: "/church/") == "/church/a%20b/c/")
    }
}
