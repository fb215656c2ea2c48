import Synchronization

/// Pieces of output by key (a chapter's text HTML, a book's JSON), each kept with what it was
/// made from and handed back only while that is still equal: so a piece never needs forgetting
/// by hand, and one made by a build that later failed is still right. Page-spec builders
/// running on all cores (`parallelMap`) may ask at once.
public final class KeyedMemo<Input: Equatable & Sendable, Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        let input: Input
        let value: Value
    }

    private let entries = Mutex<[String: Entry]>([:])

    public init() {}

    /// The value made from an equal `input` under `key` before, else `make()`'s (then kept).
    public func value(_ key: String, input: Input, make: () throws -> Value) rethrows -> Value {
        if let known = entries.withLock({ $0[key] }), known.input == input { return known.value }
        let entry = Entry(input: input, value: try make())
        entries.withLock { $0[key] = entry }
        return entry.value
    }
}

/// `KeyedMemo` for one owner at a time, as a value (no lock): the schedule's pieces, which one
/// build makes on one task.
public struct KeyedValues<Input: Equatable, Value> {
    private var entries: [String: (input: Input, value: Value)] = [:]

    public init() {}

    /// The value made from an equal `input` under `key` before, else `make()`'s (then kept).
    public mutating func value(_ key: String, for input: Input, make: () throws -> Value) rethrows -> Value {
        if let entry = entries[key], entry.input == input { return entry.value }
        let made = try make()
        entries[key] = (input, made)
        return made
    }

    public mutating func removeAll() { entries = [:] }

    /// Drops the values whose input no longer holds.
    public mutating func keep(where holds: (Input) -> Bool) {
        entries = entries.filter { holds($0.value.input) }
    }
}
