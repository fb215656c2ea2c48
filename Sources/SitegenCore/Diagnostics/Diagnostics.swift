import Synchronization

/// Collects every problem of a run, from any thread, so the user sees all of them at once
/// instead of fixing one error per build.
public final class Diagnostics: Sendable {
    private let storage = Mutex<[Diagnostic]>([])

    public init() {}

    public func report(_ diagnostic: Diagnostic) {
        storage.withLock { $0.append(diagnostic) }
    }

    public func error(_ message: String, at location: SourceLocation) {
        report(Diagnostic(.error, at: location, message))
    }

    public func warning(_ message: String, at location: SourceLocation) {
        report(Diagnostic(.warning, at: location, message))
    }

    /// All diagnostics, sorted by file and position, duplicates removed.
    public var all: [Diagnostic] {
        let items = storage.withLock { $0 }
        var seen = Set<Diagnostic>()
        return items.filter { seen.insert($0).inserted }
            .sorted { ($0.location, $0.message) < ($1.location, $1.message) }
    }

    public var errors: [Diagnostic] { all.filter { $0.severity == .error } }
    public var hasErrors: Bool { storage.withLock { $0.contains { $0.severity == .error } } }
}

/// Thrown when a stage stops because the user's files have problems; the problems
/// themselves are in the `Diagnostics` of the run.
public struct BuildFailed: Error, CustomStringConvertible {
    public let diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
