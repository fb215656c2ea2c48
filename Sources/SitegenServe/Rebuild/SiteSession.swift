import Foundation
import SitegenCore

/// What `serve` needs from a build engine: the shape of issue 6's incremental `BuildSession`.
///
/// `serve` talks only to this protocol, so the server, watcher and reload logic do not depend on
/// how the engine rebuilds; `IncrementalSession.swift` makes the incremental `BuildSession` one.
public protocol SiteSession: Actor {
    associatedtype Report: RebuildSummary
    /// Full build into the output folder; throws `BuildFailed` on content errors.
    func build() async throws -> Report
    /// Rebuild after these files (absolute URLs under Content/ or Templates/) were added, edited or
    /// deleted. `deferSlow`: leave the outputs made from every kind (search index, apps' bundle)
    /// for `settle()`, so the page reloads first.
    func rebuild(changed: Set<URL>, deferSlow: Bool) async throws -> Report
    /// Whether a rebuild left outputs for `settle()`.
    var isUnsettled: Bool { get }
    /// Makes what rebuilds deferred; the output is then a fresh full build's again.
    func settle() async throws -> Report
}

/// What `serve` prints about a finished build (the fields of the incremental engine's `BuildReport`).
public protocol RebuildSummary: Sendable {
    /// Output paths written, relative to the output folder.
    var written: [String] { get }
    /// Output paths removed because nothing produces them any more.
    var removed: [String] { get }
    var seconds: Double { get }
    /// (stage, seconds) in the order the stages ran, for `--verbose`.
    var timings: [(String, Double)] { get }
    var warnings: [Diagnostic] { get }
}
