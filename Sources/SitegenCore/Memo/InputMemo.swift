/// What was made from which inputs, kept by the incremental build from one run to the next:
/// asked for a key with this run's inputs, it hands back last run's result when the inputs are
/// equal. The inputs are the model values a result is made from (a book, the plan), so equal
/// inputs mean the same result; a book read from an unchanged file compares in constant time
/// (its arrays are the very same storage as last run), one parsed again compares its text.
///
/// A memo belongs to one render context (the session starts afresh when `site.yml` changes)
/// and to one function, which brackets each run with `begin()` and `end()`: only what a run
/// asked for is kept for the next.
public struct InputMemo<Value> {
    private var last: [String: (inputs: AnyHashable, value: Value)] = [:]
    private var next: [String: (inputs: AnyHashable, value: Value)] = [:]
    /// The results handed back unchanged since `begin()`.
    public private(set) var reused: [Value] = []

    public init() {}

    public mutating func begin() {
        next = [:]
        reused = []
    }

    public mutating func end() {
        last = next
        next = [:]
    }

    /// Last run's result for `key` if it was made from equal inputs; kept for the next run.
    public mutating func reuse(_ key: String, inputs: AnyHashable) -> Value? {
        guard let entry = last[key], entry.inputs == inputs else { return nil }
        next[key] = entry
        reused.append(entry.value)
        return entry.value
    }

    /// Last run's inputs and result for `key`, whatever this run's inputs are; not kept for the
    /// next run (a caller that made a result from pieces of it keeps that with `keep`).
    public func previous(_ key: String) -> (inputs: AnyHashable, value: Value)? { last[key] }

    public mutating func keep(_ key: String, inputs: AnyHashable, _ value: Value) {
        next[key] = (inputs, value)
    }

    /// Last run's result for `key`, or `make()`'s; kept for the next run either way.
    public mutating func value(_ key: String, inputs: AnyHashable, make: () throws -> Value) rethrows -> Value {
        if let value = reuse(key, inputs: inputs) { return value }
        let value = try make()
        keep(key, inputs: inputs, value)
        return value
    }
}
