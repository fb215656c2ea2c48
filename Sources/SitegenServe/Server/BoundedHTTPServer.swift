import FlyingFox
import FlyingSocks
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP/1.1 front end of `serve`: FlyingSocks' sockets and FlyingFox's request and response
/// types, with a request reader of its own that bounds everything a client controls.
///
/// FlyingFox's decoder reads the request line and headers without a limit, re-scanning the
/// buffer as it grows: a 100 kB path took 5.9 s of CPU and a 10 MB request line stalled every
/// other connection for minutes on a 2-core machine. Here each connection reads its head in one
/// linear pass, at most `Limits.requestLine` bytes of request line (else 414) and
/// `Limits.head` bytes of head in all (else 431), so the work one connection can cause is
/// small and bounded and the other connections are answered meanwhile.
final class BoundedHTTPServer: Sendable {
    struct Limits: Sendable {
        /// The longest request line (method, target, version) accepted: 414 beyond.
        var requestLine = 8 * 1024
        /// The longest head (request line and headers) accepted: 431 beyond.
        var head = 32 * 1024
        /// The most header lines accepted: 431 beyond.
        var headerCount = 100
        /// The longest request body read (and thrown away: `serve` answers GET and HEAD only).
        var body = 64 * 1024
        /// A client that has not sent a whole head by then is disconnected (slow clients).
        var headTimeout: Duration = .seconds(20)
        /// The longest the handler may take for one request (long polls stay below it).
        var handlerTimeout: Duration = .seconds(15)
        /// The most connections served at once (fewer when the process may open fewer files:
        /// `connectionCap`); more wait in the kernel's queue until one ends.
        var connections = 1024
        /// Descriptors kept free for what a request needs besides its socket (the site's files, a rebuild).
        var reservedDescriptors = 64
    }

    let address: any SocketAddress
    let handler: any HTTPHandler
    let limits: Limits
    private let pool: any AsyncSocketPool
    private let bound = Mutex<Socket.Address?>(nil)
    /// Connections being served now, against `connectionCap`.
    private let active = Mutex(0)

    init(address: any SocketAddress, handler: any HTTPHandler, limits: Limits = Limits(),
         pool: any AsyncSocketPool = HTTPServer.noDelayPool()) {
        self.address = address
        self.handler = handler
        self.limits = limits
        self.pool = pool
    }

    /// The address it listens at once `run` has bound it (the real port when asked for port 0).
    var listeningAddress: Socket.Address? { bound.withLock { $0 } }

    /// Listens and serves until the task is cancelled or the listening socket fails.
    func run() async throws {
        let socket = try Socket(domain: Int32(type(of: address).family))
        defer { try? socket.close() }
        try socket.setValue(true, for: .localAddressReuse)
        try socket.bind(to: address)
        try socket.listen()
        try await pool.prepare()
        let listener = try AsyncSocket(socket: socket, pool: pool)
        bound.withLock { $0 = try? socket.sockname() }
        defer { bound.withLock { $0 = nil } }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.pool.run() }
            group.addTask { try await self.acceptConnections(listener) }
            try await group.next()
            group.cancelAll()
        }
    }

    /// The most connections served at once: `limits.connections`, and never so many that the
    /// process runs out of descriptors (`ulimit -n`) with each holding one.
    var connectionCap: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(Int32.max) else { return limits.connections }
        return max(1, min(limits.connections, Int(clamping: limit.rlim_cur) - limits.reservedDescriptors))
    }

    /// Accepts connections until cancelled. At the cap it waits for one to end before accepting;
    /// a failed accept (out of descriptors, memory, a connection reset while queued) pauses,
    /// longer each time up to a second, and tries again: it never ends the server (it used to:
    /// 300 idle connections under `ulimit -n 256` stopped `serve` for good).
    private func acceptConnections(_ listener: AsyncSocket) async throws {
        let cap = connectionCap
        try await withThrowingDiscardingTaskGroup { connections in
            var pause = Duration.milliseconds(10)
            while !Task.isCancelled {
                while active.withLock({ $0 }) >= cap { try await Task.sleep(for: .milliseconds(10)) }
                let client: AsyncSocket
                do {
                    client = try await listener.accept()
                    pause = .milliseconds(10)
                } catch SocketError.disconnected {
                    return
                } catch is CancellationError {
                    return
                } catch {
                    try await Task.sleep(for: pause)
                    pause = min(pause * 2, .seconds(1))
                    continue
                }
                active.withLock { $0 += 1 }
                connections.addTask {
                    await self.serve(client)
                    self.active.withLock { $0 -= 1 }
                }
            }
        }
    }

    /// Waits (polling briefly) until the socket is bound, or throws after `timeout`.
    func waitUntilListening(timeout: Duration = .seconds(10)) async throws {
        let clock = ContinuousClock(), end = clock.now + timeout
        while listeningAddress == nil {
            guard clock.now < end else { throw SocketError.disconnected }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    // MARK: One connection

    /// Answers the requests of one connection in turn until it closes or asks to close.
    private func serve(_ client: AsyncSocket) async {
        defer { try? client.close() }
        var reader = HeadReader(limits: limits)
        while !Task.isCancelled {
            // A watchdog ends a connection that dawdles over its head: shutdown (not close) wakes
            // the pending read with end-of-file and leaves the descriptor to this task to close.
            let descriptor = client.socket.file.rawValue
            let watchdog = Task {
                try await Task.sleep(for: limits.headTimeout)
                _ = shutdown(descriptor, Int32(SHUT_RDWR))
            }
            let outcome = await reader.next(from: client)
            watchdog.cancel()
            switch outcome {
            case .closed:
                return
            case .refused(let status, let why):
                try? await send(Responses.text(status, why + "\n", extra: [.connection: "close"]), to: client, head: false)
                await linger(client)
                return
            case .request(let request):
                guard await discardBody(of: request, reader: &reader, client: client) else {
                    try? await send(Responses.text(.payloadTooLarge, "Request body too large.\n", extra: [.connection: "close"]),
                                    to: client, head: false)
                    return
                }
                var response = await answer(request)
                let keepAlive = Self.keepsAlive(request)
                if !keepAlive { response.headers[.connection] = "close" }
                do { try await send(response, to: client, head: request.method == .HEAD) } catch { return }
                if !keepAlive { return }
            }
        }
    }

    /// After a refusal: stop writing, then read and drop what the client is still sending (at most
    /// 1 MB, 1 s), so that closing does not reset the connection before the client reads the answer.
    private func linger(_ client: AsyncSocket) async {
        let descriptor = client.socket.file.rawValue
        _ = shutdown(descriptor, Int32(SHUT_WR))
        let stopper = Task {
            try await Task.sleep(for: .seconds(1))
            _ = shutdown(descriptor, Int32(SHUT_RDWR))
        }
        var drained = 0
        while drained < 1 << 20, let more = try? await client.read(atMost: 64 * 1024), !more.isEmpty { drained += more.count }
        stopper.cancel()
    }

    private func answer(_ request: HTTPRequest) async -> HTTPResponse {
        let handler = self.handler, timeout = limits.handlerTimeout
        return await withTaskGroup(of: HTTPResponse?.self) { group in
            group.addTask { (try? await handler.handleRequest(request)) ?? Responses.text(.internalServerError, "Internal error.\n") }
            group.addTask { try? await Task.sleep(for: timeout); return nil }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? Responses.text(.serviceUnavailable, "The request took too long.\n")
        }
    }

    /// Reads and drops a body announced by Content-Length (at most `limits.body`); false if larger
    /// or announced in chunks (which `serve` has no use for).
    private func discardBody(of request: HTTPRequest, reader: inout HeadReader, client: AsyncSocket) async -> Bool {
        if request.headers[.transferEncoding] != nil { return false }
        guard let text = request.headers[.contentLength] else { return true }
        guard let length = Int(text), length >= 0, length <= limits.body else { return false }
        return await reader.skip(length, from: client)
    }

    static func keepsAlive(_ request: HTTPRequest) -> Bool {
        let tokens = (request.headers[.connection] ?? "").lowercased().split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        return request.version == .http11 ? !tokens.contains("close") : tokens.contains("keep-alive")
    }

    private func send(_ response: HTTPResponse, to client: AsyncSocket, head: Bool) async throws {
        let body = try await response.bodyData
        var headers = response.headers
        if headers[.contentLength] == nil { headers[.contentLength] = String(body.count) }
        var text = "HTTP/1.1 \(response.statusCode.code) \(response.statusCode.phrase)\r\n"
        for header in headers.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            for value in headers.values(for: header) { text += "\(header.rawValue): \(value)\r\n" }
        }
        text += "\r\n"
        var bytes = Data(text.utf8)
        if !head { bytes.append(body) }
        try await client.write(bytes)
    }
}

/// Reads request heads from one connection, in one linear pass over the bytes received,
/// keeping what follows a head for the next request.
struct HeadReader {
    enum Outcome {
        case request(HTTPRequest)
        /// The head broke a limit or the grammar: answer `status` and close.
        case refused(HTTPStatusCode, String)
        case closed
    }

    let limits: BoundedHTTPServer.Limits
    private var buffer: [UInt8] = []

    init(limits: BoundedHTTPServer.Limits) { self.limits = limits }

    mutating func next(from client: AsyncSocket) async -> Outcome {
        var scanned = 0          // bytes of `buffer` already searched for line ends
        var lineEnds: [Int] = [] // offsets of the "\n" of each line so far
        while true {
            // Only the new bytes are searched: the cost is linear in what the client sends.
            while scanned < buffer.count {
                if buffer[scanned] == UInt8(ascii: "\n") {
                    lineEnds.append(scanned)
                    if lineEnds.count == 1, lineEnds[0] == 0 || (lineEnds[0] == 1 && buffer[0] == 13) {
                        // Blank lines before a request line are allowed (RFC 9112 §2.2).
                        buffer.removeFirst(scanned + 1)
                        scanned = 0
                        lineEnds = []
                        continue
                    }
                    if lineEnds.count >= 2, Self.isBlankLine(buffer, end: scanned, previous: lineEnds[lineEnds.count - 2]) {
                        let head = Array(buffer[..<(scanned + 1)])
                        buffer.removeFirst(scanned + 1)
                        return parse(head, lineEnds: lineEnds)
                    }
                }
                scanned += 1
                if lineEnds.isEmpty, scanned > limits.requestLine {
                    return .refused(.uriTooLong, "Request line longer than \(limits.requestLine) bytes")
                }
                if scanned > limits.head {
                    return .refused(.requestHeaderFieldsTooLarge, "Request head longer than \(limits.head) bytes")
                }
            }
            guard let more = try? await client.read(atMost: 16 * 1024), !more.isEmpty else { return .closed }
            buffer.append(contentsOf: more)
        }
    }

    /// Drops `count` bytes (a request body) from the connection.
    mutating func skip(_ count: Int, from client: AsyncSocket) async -> Bool {
        var left = count
        while left > 0 {
            if buffer.isEmpty {
                guard let more = try? await client.read(atMost: min(left, 16 * 1024)), !more.isEmpty else { return false }
                buffer = more
            }
            let taken = min(left, buffer.count)
            buffer.removeFirst(taken)
            left -= taken
        }
        return true
    }

    static func isBlankLine(_ bytes: [UInt8], end: Int, previous: Int) -> Bool {
        let length = end - previous - 1
        return length == 0 || (length == 1 && bytes[end - 1] == 13)
    }

    /// The request line and headers of a complete head.
    func parse(_ head: [UInt8], lineEnds: [Int]) -> Outcome {
        // Each line decoded from its own bytes: no re-scanning of the head from its start.
        var lines: [String] = []
        var start = 0
        for end in lineEnds.dropLast() {
            var stop = end
            if stop > start, head[stop - 1] == 13 { stop -= 1 }
            lines.append(String(decoding: head[start..<stop], as: UTF8.self))
            start = end + 1
        }
        guard lines.count <= limits.headerCount + 1 else {
            return .refused(.requestHeaderFieldsTooLarge, "More than \(limits.headerCount) header lines")
        }
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), parts[1].hasPrefix("/") else {
            return .refused(.badRequest, "Malformed request line")
        }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                return .refused(.badRequest, "Malformed header line")
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.addValue(value, for: HTTPHeader(name))
        }
        let target = parts[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let request = HTTPRequest(method: HTTPMethod(String(parts[0])), version: HTTPVersion(String(parts[2])),
                                  target: HTTPRequest.Target(path: String(target[0]), query: target.count > 1 ? String(target[1]) : ""),
                                  headers: headers, body: HTTPBodySequence())
        return .request(request)
    }
}
