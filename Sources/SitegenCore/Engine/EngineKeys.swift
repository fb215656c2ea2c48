/// The keys of the query engine (`QueryEngine`). A key names one value and, by its type, what
/// type that value has: `HymnFile(path:)` names one hymn file's parse, a `Hymn?`. So every value
/// the engine stores is typed by its key; nothing is recovered from `any Sendable` with `as?`.
///
/// The vocabulary (salsa's, rust-analyzer's query database):
/// - an **input** (`InputKey`) is set from outside: a source file's stamp, the settings;
/// - a **query** (`QueryKey`) is computed from inputs and other queries by a pure function;
/// - each input change starts a new **revision**; each query value remembers the inputs and
///   queries it read (its **dependencies**, recorded as it reads them) and the revision its value
///   last changed;
/// - a query asked for again is first **validated**: when none of its dependencies changed since
///   it was last verified it is reused as it is; otherwise it is computed again, and when the new
///   value is equal to the old one its "changed" revision stays where it was (**early cutoff**),
///   so nothing that depends on it is computed again.
public protocol EngineKey: Hashable, Sendable {
    associatedtype Value: Sendable & Equatable

    /// The revision this key's value last changed, after bringing it up to date (an input: as
    /// set; a query: validated, and computed again if it must be). Called by the engine when it
    /// validates a query that read this key; not for callers.
    func changedAt(in engine: QueryEngine) -> Revision
}

/// A value set from outside the engine: a source file's stamp, the settings, a template.
public protocol InputKey: EngineKey {}

/// A value computed from inputs and other queries. `compute` must be a pure function of what it
/// reads through `queries` (and of constants the engine was made with, such as the render
/// context of a session); what it reads is recorded, so it is computed again exactly when one of
/// those values changed.
public protocol QueryKey: EngineKey {
    func compute(_ queries: Queries) -> Value
}

extension InputKey {
    public func changedAt(in engine: QueryEngine) -> Revision { engine.inputChangedAt(self) }
}

extension QueryKey {
    public func changedAt(in engine: QueryEngine) -> Revision { engine.validated(self).changedAt }
}

/// A point in the engine's history: the count of input changes so far.
public struct Revision: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let number: Int

    public static let zero = Revision(number: 0)

    public static func < (lhs: Revision, rhs: Revision) -> Bool { lhs.number < rhs.number }

    var next: Revision { Revision(number: number + 1) }

    public var description: String { "r\(number)" }
}
