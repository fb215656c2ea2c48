import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on loopback whose every answer the test writes byte by byte: slow,
/// endless, lying about its length, compressed, redirecting elsewhere. One thread per
/// connection, blocking sockets: nothing here may depend on the client behaving.
final class HostileServer: @unchecked Sendable {
    /// One accepted connection, after its request head was read.
    struct Connection {
        let descriptor: Int32
        /// Sends bytes; false once the client has gone.
        @discardableResult func send(_ data: Data) -> Bool {
            data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let sent = sendWithoutSignal(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    guard sent > 0 else { return false }
                    offset += sent
                }
                return true
            }
        }
        @discardableResult func send(_ text: String) -> Bool { send(Data(text.utf8)) }

        /// A whole response: status line, headers (`Connection: close` added), body.
        func respond(_ status: String = "200 OK", headers: [String] = [], body: Data) {
            let head = (["HTTP/1.1 \(status)", "Connection: close"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
            send(head)
            send(body)
        }
    }

    typealias Handler = @Sendable (_ path: String, _ connection: Connection) -> Void

    private let listener: Int32
    let port: UInt16
    private let lock = NSLock()
    private var requests: [String] = []

    init(_ handler: @escaping Handler) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        guard bound, listen(listener, 64) == 0 else { throw POSIXError(.EADDRINUSE) }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                Thread.detachNewThread { [self] in
                    defer { close(client) }
                    guard let path = Self.requestPath(client) else { return }
                    lock.withLock { requests.append(path) }
                    handler(path, Connection(descriptor: client))
                }
            }
        }
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/")! }
    /// Paths requested so far, without the leading `/`.
    var served: [String] { lock.withLock { requests } }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// Reads the request head and returns its path (below `/`).
    private static func requestPath(_ client: Int32) -> String? {
        var head = Data()
        var byte: UInt8 = 0
        while head.count < 16_384, recv(client, &byte, 1, 0) == 1 {
            head.append(byte)
            if head.suffix(4) == Data("\r\n\r\n".utf8) { break }
        }
        let line = String(decoding: head, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = line.split(separator: " ")
        guard parts.count >= 2 else { return nil }
        return String(parts[1].drop { $0 == "/" })
    }
}

/// send(2) that reports a closed peer as an error instead of raising SIGPIPE.
private func sendWithoutSignal(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
    send(descriptor, bytes, count, 0)
    #endif
}
