import Foundation
import SitegenCore
@testable import SitegenSite

/// What a build of some sources gave: every output file's SHA-256 by path and the warnings, or
/// the diagnostics it failed with (each sorted, as the comparison needs).
enum OracleOutcome: Equatable {
    case built(files: [String: String], warnings: [String])
    case failed([String])
}

/// Fresh full builds, remembered by a hash of every source file (path and bytes): every sequence
/// starts from the same sources, and an edit that is mended comes back to sources seen before.
/// A build is deterministic (same sources, same bytes), so a remembered one is the one it would make.
actor FreshBuilds {
    static let shared = FreshBuilds()
    private var outcomes: [String: OracleOutcome] = [:]
    private(set) var made = 0

    /// The outcome of a fresh build of `site`, whose source files are `sources`.
    func outcome(_ site: TestSite, sources: [String: Data]) async -> OracleOutcome {
        var all = Data()
        for (path, data) in sources.sorted(by: { $0.key < $1.key }) {
            all.append(contentsOf: path.utf8)
            all.append(0)
            all.append(data)
            all.append(0)
        }
        let key = SnapshotJSON.sha256(all)
        if let known = outcomes[key] { return known }
        let outcome: OracleOutcome
        do {
            let run = try await SiteRun.make(site.options, changes: .all(kindCount: site.kinds.count), previous: nil, engine: QueryEngine(),
                                             mode: SessionBuild())
            outcome = .built(files: Dictionary(run.files.map { ($0.path, SnapshotJSON.sha256($0.data)) }) { first, _ in first },
                             warnings: run.warnings.map(\.description).sorted())
        } catch let failure as BuildFailed {
            outcome = .failed(failure.diagnostics.map(\.description).sorted())
        } catch {
            outcome = .failed(["not a BuildFailed: \(error)"])
        }
        made += 1
        outcomes[key] = outcome
        return outcome
    }
}
