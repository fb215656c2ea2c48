import Foundation
import Synchronization
import Testing
@testable import SitegenCore

/// The engine's mechanism on its own: what a query reads is recorded, a change of it (and only
/// of it) computes the query again, an equal result stops there (early cutoff), problems are
/// reported again with a reused value, unused values are let go, and parallel readers agree.
@Suite("Query engine")
struct QueryEngineTests {
    @Test("a query is computed again when an input it read changes, and only then")
    func recordsWhatItReads() {
        let engine = QueryEngine(), log = Log()
        engine.set(Number("a"), 2)
        engine.set(Number("b"), 3)
        engine.set(Number("c"), 100)
        let sum = Sum(names: ["a", "b"], log: log)
        #expect(engine.value(sum) == 5)
        #expect(engine.value(sum) == 5)
        #expect(log.entries == ["sum a+b"])
        engine.set(Number("c"), 101)          // not read by the sum
        #expect(engine.value(sum) == 5)
        #expect(log.entries == ["sum a+b"])
        engine.set(Number("b"), 4)
        #expect(engine.value(sum) == 6)
        #expect(log.entries == ["sum a+b", "sum a+b"])
    }

    @Test("setting an input to an equal value starts no revision and computes nothing again")
    func equalInputIsNoChange() {
        let engine = QueryEngine(), log = Log()
        engine.set(Number("a"), 1)
        let revision = engine.revision
        #expect(engine.value(Sum(names: ["a"], log: log)) == 1)
        engine.set(Number("a"), 1)
        #expect(engine.revision == revision)
        #expect(engine.value(Sum(names: ["a"], log: log)) == 1)
        #expect(log.entries.count == 1)
    }

    @Test("dependencies are those of the last computation: a branch no longer taken is no longer read")
    func dependenciesFollowTheLastComputation() {
        let engine = QueryEngine(), log = Log()
        engine.set(Number("switch"), 1)
        engine.set(Number("left"), 10)
        engine.set(Number("right"), 20)
        let pick = Pick(log: log)
        #expect(engine.value(pick) == 10)
        engine.set(Number("switch"), 0)
        #expect(engine.value(pick) == 20)
        engine.set(Number("left"), 11)        // read by the first computation only
        #expect(engine.value(pick) == 20)
        #expect(log.entries == ["pick", "pick"])
        engine.set(Number("right"), 21)
        #expect(engine.value(pick) == 21)
        #expect(log.entries == ["pick", "pick", "pick"])
    }

    @Test("early cutoff: a query whose new value is equal does not make its readers compute again")
    func earlyCutoff() {
        let engine = QueryEngine(), log = Log()
        engine.set(Number("n"), 2)
        let label = Label(log: log)
        #expect(engine.value(label) == "even")
        engine.set(Number("n"), 4)            // parity computed again: still even
        #expect(engine.value(label) == "even")
        #expect(log.entries == ["label", "parity", "parity"])   // the label is not
        engine.set(Number("n"), 5)
        #expect(engine.value(label) == "odd")
        #expect(log.entries == ["label", "parity", "parity", "parity", "label"])
    }

    @Test("a change reaches through layers of queries, and a missing input reads as nil until it is set")
    func invalidationThroughLayers() {
        let engine = QueryEngine(), log = Log()
        let label = Label(log: log)
        #expect(engine.value(label) == "none")
        engine.set(Number("n"), 7)
        #expect(engine.value(label) == "odd")
        engine.remove(Number("n"))
        #expect(engine.value(label) == "none")
    }

    @Test("problems a computation reported are reported again whenever its value is used, also through a reader")
    func problemsAreReplayed() {
        let engine = QueryEngine(), log = Log()
        engine.set(Number("n"), -1)
        for _ in 0..<2 {
            let diagnostics = Diagnostics()
            #expect(engine.value(Label(log: log), diagnostics: diagnostics) == "odd")
            #expect(diagnostics.all.map(\.message) == ["negative: -1"])
        }
        #expect(log.entries == ["label", "parity"])
        engine.set(Number("n"), -3)           // same parity, another message: not cut off
        let diagnostics = Diagnostics()
        #expect(engine.value(Label(log: log), diagnostics: diagnostics) == "odd")
        #expect(diagnostics.all.map(\.message) == ["negative: -3"])
        #expect(log.entries == ["label", "parity", "parity", "label"])
    }

    @Test("values of a type asked for in a run are let go when no run asked for them in two runs")
    func unusedValuesAreDropped() {
        let engine = QueryEngine(), log = Log()
        engine.set(Number("a"), 1)
        _ = engine.value(Sum(names: ["a"], log: log))
        engine.endRun()
        _ = engine.value(Sum(names: ["b"], log: log))
        engine.endRun()
        #expect(engine.storedQueries == 2)   // the first asked for in the run before the last
        engine.endRun()
        engine.endRun()
        #expect(engine.storedQueries == 2)   // no sum asked for: the sums are kept
        _ = engine.value(Sum(names: ["b"], log: log))
        engine.endRun()
        #expect(engine.storedQueries == 1)
        #expect(engine.value(Sum(names: ["a"], log: log)) == 1)
        #expect(log.entries.count == 3)
    }

    @Test("queries asked for from many tasks at once agree with a sequential computation")
    func parallelReaders() async {
        let engine = QueryEngine(), log = Log()
        for index in 0..<50 { engine.set(Number("\(index)"), index) }
        let sums = (0..<200).map { Sum(names: ["\($0 % 50)", "\(($0 * 7) % 50)"], log: log) }
        for round in 0..<3 {
            if round > 0 { engine.set(Number("\(round)"), 1000 + round) }
            let values = await concurrentMap(sums, jobs: 8) { engine.value($0) }
            let expected = sums.map { $0.names.reduce(0) { $0 + (engine.input(Number($1)) ?? 0) } }
            #expect(values == expected)
        }
    }
}

/// Which computations ran, in order.
private final class Log: Sendable {
    private let storage = Mutex<[String]>([])
    func add(_ entry: String) { storage.withLock { $0.append(entry) } }
    var entries: [String] { storage.withLock { $0 } }
}

private struct Number: InputKey {
    typealias Value = Int
    let name: String
    init(_ name: String) { self.name = name }
}

/// A key of which there is one (its log is not part of it).
private protocol OneOfAKind: Hashable {}

extension OneOfAKind {
    static func == (a: Self, b: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

private struct Sum: QueryKey {
    typealias Value = Int
    let names: [String]
    let log: Log
    func compute(_ queries: Queries) -> Int {
        log.add("sum " + names.joined(separator: "+"))
        return names.reduce(0) { $0 + (queries.input(Number($1)) ?? 0) }
    }
    static func == (a: Sum, b: Sum) -> Bool { a.names == b.names }
    func hash(into hasher: inout Hasher) { hasher.combine(names) }
}

private struct Pick: QueryKey, OneOfAKind {
    typealias Value = Int
    let log: Log
    func compute(_ queries: Queries) -> Int {
        log.add("pick")
        return queries.input(Number("switch")) == 1 ? queries.input(Number("left")) ?? 0 : queries.input(Number("right")) ?? 0
    }
}

private struct Parity: QueryKey, OneOfAKind {
    typealias Value = String
    let log: Log
    func compute(_ queries: Queries) -> String {
        log.add("parity")
        guard let n = queries.input(Number("n")) else { return "none" }
        if n < 0 { queries.diagnostics.warning("negative: \(n)", at: SourceLocation(path: "n")) }
        return n % 2 == 0 ? "even" : "odd"
    }
}

private struct Label: QueryKey, OneOfAKind {
    typealias Value = String
    let log: Log
    func compute(_ queries: Queries) -> String {
        log.add("label")
        return queries[Parity(log: log)]
    }
}
