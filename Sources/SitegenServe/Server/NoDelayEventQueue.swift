import FlyingFox
import FlyingSocks
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// FlyingFox's event queue with Nagle's algorithm switched off on every socket it watches.
///
/// FlyingFox writes a response's header and body with two `write` calls. With Nagle on, the body
/// waits for the client to acknowledge the header, and clients delay that acknowledgement by
/// ~40 ms: every small response took 44 ms (22 requests/s on one connection, measured). Setting
/// TCP_NODELAY on the listening socket (Linux hands it on to accepted sockets) and on each
/// connection when it is first waited on removes the stall.
struct NoDelayEventQueue<Base: EventQueue>: EventQueue {
    var base: Base

    mutating func open() throws { try base.open() }
    mutating func stop() throws { try base.stop() }
    mutating func close() throws { try base.close() }

    mutating func addEvents(_ events: Socket.Events, for socket: Socket.FileDescriptor) throws {
        var on: Int32 = 1
        // Fails harmlessly (ENOTSUP/EOPNOTSUPP) on sockets that are not TCP.
        _ = setsockopt(socket.rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        try base.addEvents(events, for: socket)
    }

    mutating func removeEvents(_ events: Socket.Events, for socket: Socket.FileDescriptor) throws {
        try base.removeEvents(events, for: socket)
    }

    func getNotifications() throws -> [EventNotification] { try base.getNotifications() }
}

extension HTTPServer {
    /// The platform's default event queue, without Nagle's delay.
    static func noDelayPool() -> any AsyncSocketPool {
        #if canImport(Glibc)
        return SocketPool(queue: NoDelayEventQueue(base: ePoll(maxEvents: 20)))
        #else
        return HTTPServer.defaultPool()
        #endif
    }
}
