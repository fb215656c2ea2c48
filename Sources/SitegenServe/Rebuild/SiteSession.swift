import Foundation
import SitegenSite

/// What `serve` needs from a build engine: the shape of issue 6's incremental `BuildSession`.
///
/// `serve` talks only to this protocol. Until the incremental engine is merged, `FullRebuildSession`
/// fills it by running the whole pipeline; afterwards `extension BuildSession: SiteSession {}`
/// (plus dropping `ServeRebuildReport` in favour of its `RebuildReport`) swaps it in.
public protocol SiteSession: Actor {
    /// Full build into the output folder; throws `BuildFailed` on content errors.
    func build() async throws -> ServeRebuildReport
    /// Rebuild after these files (absolute URLs under Content/ or Templates/) were added, edited or deleted.
    func rebuild(changed: Set<URL>) async throws -> ServeRebuildReport
}

/// Same fields as the incremental engine's `RebuildReport`.
public struct ServeRebuildReport: Sendable {
    public var written: [String]
    public var removed: [String]
    public var seconds: Double
    public var timings: [(String, Double)]

    public init(written: [String], removed: [String], seconds: Double, timings: [(String, Double)]) {
        self.written = written
        self.removed = removed
        self.seconds = seconds
        self.timings = timings
    }
}
