import Foundation
import SitegenServe
import Testing
@testable import SitegenSite

/// The incremental build's oracle (issue 43): random edit sequences against a `BuildSession`, each
/// step compared with a fresh full build byte for byte (`OracleSequence`). `make test` runs 200
/// sequences (seeds 1…200); `make oracle-long` 2,000 (`SITEGEN_ORACLE_SEQUENCES`); a failure
/// prints its seed, replayed alone with `SITEGEN_ORACLE_SEED=…`.
@Suite("The incremental oracle", .serialized)
struct IncrementalOracleTests {
    static let environment = ProcessInfo.processInfo.environment

    @Test func randomEditSequencesGiveTheBytesOfFreshBuilds() async throws {
        let seeds: ClosedRange<UInt64> = if let seed = Self.environment["SITEGEN_ORACLE_SEED"].flatMap(UInt64.init) {
            OracleChain.replaying(seed)
        } else {
            1...UInt64(Self.environment["SITEGEN_ORACLE_SEQUENCES"].flatMap(Int.init) ?? 200)
        }
        var failures = 0
        var chain: OracleChain?
        for seed in seeds {
            let first = (seed - 1) % OracleChain.length == 0 || seed == seeds.lowerBound
            if chain == nil, !first { continue }   // the rest of a failed chain: its replay would not match
            if first {
                chain?.remove()
                chain = try await OracleChain()
            }
            guard let failure = await chain?.run(seed: seed) else { continue }
            Issue.record(Comment(rawValue: failure))
            failures += 1
            if failures == 3 { break }   // the first few tell; the rest would repeat them
            chain?.remove()
            chain = nil
        }
        chain?.remove()
    }

    /// An editor that saves by writing a new file and renaming it over the old one, keeping the
    /// old file's length and modification time: only the inode tells the new file from the old.
    /// The watcher sees it; the session must rebuild the page, not drop the change.
    @Test func aSaveByRenameWithTheSameSizeAndTimeRebuildsThePage() async throws {
        let site = try TestSite.oracleCopy()
        defer { site.remove() }
        let session = BuildSession(options: site.options)
        _ = try await session.build()
        let watcher = SourceWatcher(roots: [site.url("Content"), site.url("Templates")])
        let known = watcher.scan()
        let page = "Content/pages/about.md"
        let before = try Self.fileStat(site.url(page))
        try FileOperation.saveKeepingSizeAndTime(site.url(page), try site.read(page).replacingOccurrences(of: "small", with: "smell"))
        let after = try Self.fileStat(site.url(page))
        #expect(after.size == before.size && after.mtime == before.mtime && after.inode != before.inode)

        let changed = SourceWatcher.changes(from: known, to: watcher.scan())
        #expect(changed.map(\.lastPathComponent) == ["about.md"])
        let report = try await session.rebuild(changed: changed)
        #expect(report.written.contains("about/index.html"), "written: \(report.written)")
        #expect(try site.read("Output/about/index.html").contains("A smell congregation"))
        try await site.expectOutputMatchesFreshBuild(after: "a save by rename with the same size and time")
    }

    static func fileStat(_ url: URL) throws -> (size: Int, mtime: timespec, inode: UInt64) {
        var info = Glibc.stat()
        let found = lstat(url.path, &info) == 0
        try #require(found)
        return (Int(info.st_size), info.st_mtim, UInt64(info.st_ino))
    }
}

extension timespec: @retroactive Equatable {
    public static func == (a: timespec, b: timespec) -> Bool { a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec }
}
