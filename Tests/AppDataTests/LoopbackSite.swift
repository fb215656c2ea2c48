import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// A built site's files served over loopback HTTP, as a static host serves them, with what the
/// sync tests need to misbehave: a budget of requests after which the server stops (a dropped
/// connection midway), and files whose served bytes are replaced (tampering).
final class LoopbackSite: Sendable {
    private let server: HTTPServer
    private let box: Box

    private struct State {
        var root: URL
        var budget: Int?
        var served: [String] = []
        var replaced: [String: Data] = [:]
    }

    /// The state the route handler and the test share.
    private final class Box: Sendable {
        let state: Mutex<State>
        init(_ state: State) { self.state = Mutex(state) }
    }

    /// Serves `root` (an output folder) at `http://127.0.0.1:<port>/`.
    init(root: URL) async throws {
        box = Box(State(root: root))
        server = HTTPServer(address: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0), logger: .disabled)
        let box = self.box
        let server = self.server
        await server.appendRoute("GET *") { request in
            let path = String(request.path.drop { $0 == "/" })
            let (file, replacement, exhausted) = box.state.withLock { s -> (URL, Data?, Bool) in
                if let budget = s.budget, s.served.count >= budget { return (s.root, nil, true) }
                s.served.append(path)
                return (s.root.appendingPathComponent(path), s.replaced[path], false)
            }
            if exhausted {
                // The host goes away: this connection and every later one fail.
                Task { await server.stop() }
                throw CancellationError()
            }
            guard let data = replacement ?? (try? Data(contentsOf: file)) else { return HTTPResponse(statusCode: .notFound) }
            return HTTPResponse(statusCode: .ok, body: data)
        }
        Task { try await server.run() }
        try await server.waitUntilListening()
    }

    var url: URL {
        get async {
            guard case .ip4(_, let port) = await server.listeningAddress else { return URL(string: "http://127.0.0.1:1/")! }
            return URL(string: "http://127.0.0.1:\(port)/")!
        }
    }

    /// Paths requested so far (below the site's root).
    var served: [String] { box.state.withLock { $0.served } }

    func serve(_ root: URL) { box.state.withLock { $0.root = root; $0.served = [] } }
    /// Stop after `count` more requests.
    func stop(after count: Int) { box.state.withLock { $0.budget = $0.served.count + count } }
    func replace(_ path: String, with data: Data) { box.state.withLock { $0.replaced[path] = data } }

    func stop() async { await server.stop() }
}
