import Foundation

/// A value only reached under its lock: `Synchronization.Mutex` for a library that must run on
/// iOS 16 (Mutex needs iOS 18), with the same shape (`withLock`), so the types that keep state
/// across threads are checked `Sendable` and this is the one place that is not.
///
/// `@unchecked Sendable`: the compiler cannot see that `NSLock` (a pthread mutex) guards `value`;
/// it does, as `value` is private and read or written only inside `withLock`.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
