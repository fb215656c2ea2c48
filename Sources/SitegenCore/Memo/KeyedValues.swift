/// Pieces kept by key, each with the input it was made from and handed back only while that is
/// still equal: the schedule's pieces, which one build makes on one task (`ScheduleParts`).
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
