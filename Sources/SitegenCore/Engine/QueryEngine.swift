import Synchronization

/// The incremental build's one memory: inputs set from outside, queries computed from them, each
/// query's dependencies recorded as it reads them, and red/green validation with early cutoff
/// (see `EngineKey` for the vocabulary, docs/incremental.md for how the build uses it).
///
/// A full build uses a new engine (everything is computed once); `sitegen serve` keeps one for
/// the session and sets the inputs that changed before each rebuild. Inputs are set between
/// runs, never while queries are being asked for. Queries may be asked for from any number of
/// tasks at once (the pages render on every core): the engine's tables are behind one lock,
/// held only to look up or store a value, never while computing; two tasks asking for the same
/// stale query at once may both compute it (it is a pure function: they store equal values).
public final class QueryEngine: Sendable {
    private let state = Mutex(EngineState())

    public init() {}

    /// The engine of a context a query's key holds (`RenderContext.settingsOnly`): never asked.
    public static let detached = QueryEngine()

    /// The current revision (the count of input changes so far).
    public var revision: Revision { state.withLock { $0.revision } }

    /// How many times a query was computed (not reused) since the engine was made: for
    /// `--verbose` and for tests of the engine itself.
    public var computations: Int { state.withLock { $0.computations } }

    // MARK: inputs

    /// Sets an input. A value equal to the one it has changes nothing (a `touch`, a save
    /// without changes); a different one starts a new revision.
    public func set<K: InputKey>(_ key: K, _ value: K.Value) {
        state.withLock { state in
            let table = state.inputs(K.self)
            if let slot = table.slots[key], slot.value == value { return }
            state.revision = state.revision.next
            table.slots[key] = InputSlot(value: value, changedAt: state.revision)
        }
    }

    /// Unsets an input (a deleted file): reading it gives nil; a new revision if it was set.
    public func remove<K: InputKey>(_ key: K) {
        state.withLock { state in
            let table = state.inputs(K.self)
            guard table.slots[key]?.value != nil else { return }
            state.revision = state.revision.next
            table.slots[key] = InputSlot(value: nil, changedAt: state.revision)
        }
    }

    /// An input's value as set (nil: never set, or removed), outside any query.
    public func input<K: InputKey>(_ key: K) -> K.Value? {
        state.withLock { $0.inputs(K.self).slots[key]?.value }
    }

    /// The keys of one type of input that are set now.
    public func inputKeys<K: InputKey>(_ type: K.Type) -> [K] {
        state.withLock { $0.inputs(K.self).slots.compactMap { $0.value.value == nil ? nil : $0.key } }
    }

    func inputChangedAt<K: InputKey>(_ key: K) -> Revision {
        state.withLock { $0.inputs(K.self).slots[key]?.changedAt ?? .zero }
    }

    // MARK: queries

    /// A query's value, brought up to date; the problems its computation reported (now or when it
    /// was computed) go to `diagnostics`.
    public func value<K: QueryKey>(_ key: K, diagnostics: Diagnostics? = nil) -> K.Value {
        let memo = validated(key, active: [])
        if let diagnostics { for problem in memo.diagnostics { diagnostics.report(problem) } }
        return memo.value
    }

    /// Ends a run: of each type of query asked for in this run, the values no run asked for in
    /// this run or the one before (a deleted file's parse, a hymn's text before its edit) are
    /// dropped. Two runs, not one, so that what `sitegen serve` defers in one run is still there
    /// for the run that settles it; only the types asked for, so that the hymns' files are kept
    /// through any number of schedule edits.
    public func endRun() {
        state.withLock { state in
            for table in state.queries.values { table.drop(endingRun: state.run) }
            state.run += 1
        }
    }

    /// Lets go of every query's value (`sitegen build` once its pages are rendered: no run
    /// follows it, and the values, every Bible book read among them, would hold memory to the end).
    public func removeAll() {
        state.withLock { $0.queries = [:] }
    }

    /// How many query values are stored now (tests, `--verbose`).
    public var storedQueries: Int { state.withLock { $0.queries.values.reduce(0) { $0 + $1.count } } }

    func validated<K: QueryKey>(_ key: K) -> Memo<K.Value> { validated(key, active: []) }

    /// The query's memo at the current revision: kept as it was when it was verified in this
    /// revision or none of its dependencies changed since it was; else computed again.
    func validated<K: QueryKey>(_ key: K, active: [any EngineKey]) -> Memo<K.Value> {
        let (revision, known) = state.withLock { state in
            let known = state.queries(K.self).touch(key, run: state.run)
            return (state.revision, known)
        }
        if let known {
            if known.verifiedAt == revision { return known }
            if known.dependencies.allSatisfy({ $0.key.changedAt(in: self) <= known.verifiedAt }) {
                return store(key, known.verified(at: revision))
            }
        }
        return compute(key, previous: known, revision: revision, active: active)
    }

    private func compute<K: QueryKey>(_ key: K, previous: Memo<K.Value>?, revision: Revision, active: [any EngineKey]) -> Memo<K.Value> {
        precondition(!active.contains { AnyHashable($0) == AnyHashable(key) }, "query cycle: \(key) reads itself (through \(active.map { "\($0)" }.joined(separator: " → ")))")
        let queries = Queries(engine: self, active: active + [key])
        let value = key.compute(queries)
        let diagnostics = queries.diagnostics.all
        // Early cutoff: an equal value (and equal problems) keeps the revision it changed at, so
        // what read it is not computed again.
        let same = previous.map { $0.value == value && $0.diagnostics == diagnostics } ?? false
        let memo = Memo(value: value, diagnostics: diagnostics, changedAt: same ? previous!.changedAt : revision,
                        verifiedAt: revision, dependencies: queries.recorded)
        state.withLock { $0.computations += 1 }
        return store(key, memo)
    }

    private func store<K: QueryKey>(_ key: K, _ memo: Memo<K.Value>) -> Memo<K.Value> {
        state.withLock { state in
            state.queries(K.self).slots[key] = QuerySlot(memo: memo, lastRun: state.run)
        }
        return memo
    }
}

/// A query's value with what validating it needs.
struct Memo<Value: Sendable>: Sendable {
    let value: Value
    /// The problems its computation reported (its own and those of the queries it read).
    let diagnostics: [Diagnostic]
    /// The revision its value last changed.
    let changedAt: Revision
    /// The revision at which it was last known to be up to date.
    let verifiedAt: Revision
    /// What it read, in the order read.
    let dependencies: [Dependency]

    func verified(at revision: Revision) -> Memo {
        Memo(value: value, diagnostics: diagnostics, changedAt: changedAt, verifiedAt: revision, dependencies: dependencies)
    }
}

/// One key a query read.
struct Dependency: Sendable {
    let key: any EngineKey
}

struct InputSlot<Value> {
    let value: Value?
    let changedAt: Revision
}

struct QuerySlot<Value: Sendable> {
    var memo: Memo<Value>
    /// The last run that asked for it (see `QueryEngine.endRun`).
    var lastRun: Int
}

/// The engine's tables, one per key type: a key type's table is made for it by type
/// (`inputs(_:)`, `queries(_:)`), so its values are of the key's `Value` type by construction.
struct EngineState {
    var revision = Revision.zero
    var run = 0
    var computations = 0
    private var inputTables: [ObjectIdentifier: AnyObject] = [:]
    var queries: [ObjectIdentifier: any QueryTableProtocol] = [:]

    mutating func inputs<K: InputKey>(_ type: K.Type) -> InputTable<K> {
        if let table = inputTables[ObjectIdentifier(type)] { return table as! InputTable<K> }   // made for K below: never another type
        let table = InputTable<K>()
        inputTables[ObjectIdentifier(type)] = table
        return table
    }

    mutating func queries<K: QueryKey>(_ type: K.Type) -> QueryTable<K> {
        if let table = queries[ObjectIdentifier(type)] { return table as! QueryTable<K> }
        let table = QueryTable<K>()
        queries[ObjectIdentifier(type)] = table
        return table
    }
}

final class InputTable<K: InputKey> {
    var slots: [K: InputSlot<K.Value>] = [:]
}

protocol QueryTableProtocol: AnyObject {
    var count: Int { get }
    func drop(endingRun run: Int)
}

final class QueryTable<K: QueryKey>: QueryTableProtocol {
    var slots: [K: QuerySlot<K.Value>] = [:]
    /// The last run that asked for a query of this type.
    var lastRun = -1

    var count: Int { slots.count }

    /// The memo of `key`, marked as asked for in this run.
    func touch(_ key: K, run: Int) -> Memo<K.Value>? {
        lastRun = run
        guard var slot = slots[key] else { return nil }
        if slot.lastRun != run {
            slot.lastRun = run
            slots[key] = slot
        }
        return slot.memo
    }

    /// At the end of run `run`: when this type was asked for in it, drops the values last asked
    /// for before the run before.
    func drop(endingRun run: Int) {
        guard lastRun == run else { return }
        slots = slots.filter { $0.value.lastRun >= run - 1 }
    }
}
