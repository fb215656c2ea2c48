import Foundation
import Synchronization

/// Per-file results of a reader (a parsed hymn, the books of one OSIS file, a page), kept
/// between builds so that only changed files are read again. Each entry keeps the problems
/// its file had, and replays them, so a cached read reports exactly what a fresh read would.
public final class FileMemo<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        let value: Value
        let diagnostics: [Diagnostic]
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// Forgets the files that changed (absolute standardized paths).
    public init() {}

    public func invalidate(_ paths: Set<String>) {
        entries.withLock { entries in
            for path in paths { entries[path] = nil }
        }
    }

    public func removeAll() { entries.withLock { $0.removeAll() } }

    public var count: Int { entries.withLock { $0.count } }

    /// The remembered result for `url`, or `read` run now (into its own diagnostics, then copied).
    /// `valid`: whether a remembered result still holds (it may depend on more than the file).
    public func value(for url: URL, diagnostics: Diagnostics, valid: (Value) -> Bool = { _ in true },
               read: (Diagnostics) -> Value) -> Value {
        let key = url.standardizedFileURL.path
        let entry = entries.withLock { $0[key] }.flatMap { valid($0.value) ? $0 : nil } ?? {
            let local = Diagnostics()
            let fresh = Entry(value: read(local), diagnostics: local.all)
            entries.withLock { $0[key] = fresh }
            return fresh
        }()
        for problem in entry.diagnostics { diagnostics.report(problem) }
        return entry.value
    }
}

