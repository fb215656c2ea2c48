import Synchronization

/// What a query's `compute` reads through: other queries and inputs, each read recorded as a
/// dependency of the query being computed, and the problems it reports (`diagnostics`), kept
/// with its value and reported again whenever the value is used.
///
/// A computation may read from several tasks at once (a `parallelMap` over a book's chapters);
/// the record is behind a lock.
public final class Queries: Sendable {
    let engine: QueryEngine
    /// The queries being computed, outermost first (this one last): a query that reads one of
    /// them is a cycle, a programming error stopped at once.
    let active: [any EngineKey]
    /// The problems this computation reports (and those of the queries it reads, copied here).
    public let diagnostics = Diagnostics()
    private let record = Mutex(Record())

    init(engine: QueryEngine, active: [any EngineKey]) {
        self.engine = engine
        self.active = active
    }

    /// Another query's value, up to date; recorded as read.
    public subscript<K: QueryKey>(_ key: K) -> K.Value {
        note(key)
        let memo = engine.validated(key, active: active)
        for problem in memo.diagnostics { diagnostics.report(problem) }
        return memo.value
    }

    /// An input's value (nil: not set); recorded as read, so setting it later recomputes this query.
    public func input<K: InputKey>(_ key: K) -> K.Value? {
        note(key)
        return engine.input(key)
    }

    var recorded: [Dependency] { record.withLock { $0.dependencies } }

    private func note<K: EngineKey>(_ key: K) {
        record.withLock { record in
            if record.seen.insert(AnyHashable(key)).inserted { record.dependencies.append(Dependency(key: key)) }
        }
    }

    private struct Record {
        var dependencies: [Dependency] = []
        var seen = Set<AnyHashable>()
    }
}
