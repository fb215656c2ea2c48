import Foundation
import SitegenBuiltIn

/// What one build or rebuild did: for the summary line, `--verbose`, and `sitegen serve`.
public struct BuildReport: Sendable {
    /// From the repository's VERSION file (scripts/embed-version).
    public static let version = BuildVersion.version
    public static var generator: String { "sitegen \(version)" }

    /// The day the build treated as today.
    public var asOf: CalendarDate?
    /// The address links, the sitemap and the feeds were made for.
    public var address: SiteAddress?
    /// HTML pages, files and bytes of the whole site.
    public var pages = 0
    public var files = 0
    public var bytes = 0
    /// Output paths written (relative to the output folder), sorted.
    public var written: [String] = []
    /// Output paths deleted because no source produces them any more, sorted.
    public var removed: [String] = []
    /// (stage, seconds) in the order the stages ran; `snapshots` runs alongside `render`, so the
    /// stages can add up to more than `seconds`.
    public var timings: [(String, Double)] = []
    /// Source files that really changed (bytes, added or deleted), absolute paths.
    public var changedSources: [String] = []
    /// Pages rendered through their templates in this run.
    public var rendered = 0
    public var warnings: [Diagnostic] = []
    /// Wall-clock seconds of the whole run.
    public var seconds: Double = 0
}

/// Wall-clock lap timer for `--verbose` stage timings (never written into output).
struct StageClock {
    private let start = DispatchTime.now().uptimeNanoseconds
    private var last = DispatchTime.now().uptimeNanoseconds

    mutating func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { last = now }
        return Double(now - last) / 1e9
    }

    var total: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
}
