import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Brings a `SnapshotMirror` up to a published site's `api/v1/`: fetches `manifest.json`,
/// refuses a format, schema or version this library does not read, downloads only the files
/// whose hash differs from the mirror's (into `staging/`, each cut off at the size the manifest
/// states and checked for its SHA-256), verifies the whole set again, then moves it into
/// `versions/` and switches `current` to it with one atomic `rename`. One run at a time per
/// folder (a lock); every response within `limits`. Interrupted, it leaves `current` as it was
/// and keeps what it verified in `staging/`, so the next run resumes.
public struct SnapshotSync: Sendable {
    /// The site's `api/v1/` folder (ends with `/`).
    public let source: URL
    public let mirror: SnapshotMirror
    /// Schema name → highest version accepted (default: what this library's models read).
    public var supported = SnapshotModels.schemaVersions
    public var bundleVersion = SnapshotModels.bundleVersion
    /// Sizes, counts and times a run keeps to (docs/app-data.md, "Limits").
    public var limits = SyncLimits()
    /// How a file is written into `staging/` (a test injects a full disk).
    var writeFile: @Sendable (Data, URL) throws -> Void = { data, url in try data.write(to: url, options: .atomic) }

    /// What a run did.
    public struct Report: Sendable, Equatable {
        /// Paths fetched over the network, `manifest.json` first.
        public let downloaded: [String]
        /// Files taken from the current set or from an interrupted run's staging.
        public let reused: Int
        /// The folder `current` now points to.
        public let version: String
        /// Nothing had changed since the last sync.
        public let upToDate: Bool
    }

    /// `site`: the site's address (`https://example.org/`) or its `api/v1/` folder.
    public init(site: URL, into folder: URL) {
        let text = site.absoluteString.hasSuffix("/") ? site.absoluteString : site.absoluteString + "/"
        source = URL(string: text.hasSuffix("api/v1/") ? text : text + "api/v1/") ?? site
        mirror = SnapshotMirror(root: folder)
    }

    public func run() async throws -> Report {
        guard let scheme = source.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            throw SyncError.network(url: source.absoluteString, reason: "not an http(s) address")
        }
        do { try FileManager.default.createDirectory(at: mirror.root, withIntermediateDirectories: true) } catch {
            throw SyncError.local(mirror.root, error)
        }
        let lock = try await MirrorLock(mirror.root, wait: limits.lockWait)
        defer { withExtendedLifetime(lock) {} }
        try mirror.repair()
        let transport = SyncTransport(limits: limits)
        defer { transport.close() }
        return try await run(with: transport)
    }

    private func run(with transport: SyncTransport) async throws -> Report {
        let manifestData = try await transport.fetch(source.appendingPathComponent("manifest.json"), limit: limits.manifestBytes)
        let manifest = try SyncPlan.check(manifestData, supported: supported, bundleVersion: bundleVersion, limits: limits)
        if let current = mirror.current, (try? Data(contentsOf: current.appendingPathComponent("manifest.json"))) == manifestData,
           try mirror.verify().isEmpty {
            return Report(downloaded: ["manifest.json"], reused: 0, version: current.lastPathComponent, upToDate: true)
        }
        let staging = StagingArea(root: mirror.staging, writeFile: writeFile)
        try staging.prepare()
        do {
            return try await fill(staging, manifest: manifest, manifestData: manifestData, with: transport)
        } catch SyncError.local(let path, let reason) {
            // The disk (full, read-only) failed, not the network: what staging/ holds would only
            // keep the space taken, so it goes; an interrupted download keeps it to resume.
            try? staging.discard()
            throw SyncError.local(path: path, reason: reason)
        }
    }

    /// Downloads into `staging/` what the mirror does not have, verifies the set and switches to it.
    private func fill(_ staging: StagingArea, manifest: SnapshotManifest, manifestData: Data,
                      with transport: SyncTransport) async throws -> Report {
        var downloaded = ["manifest.json"]
        var reused = 0
        let entries = SyncPlan.entries(manifest)
        for entry in entries {
            if let data = staging.read(entry.path), entry.matches(data) {
                reused += 1
            } else if let data = currentData(entry.path), entry.matches(data) {
                try staging.write(data, at: entry.path)
                reused += 1
            } else {
                let data = try await transport.fetch(source.appendingPathComponent(entry.path), limit: entry.bytes)
                guard entry.matches(data) else {
                    throw SyncError.mismatch(path: entry.path, expected: "\(entry.bytes) bytes, sha256 \(entry.sha256)",
                                             got: "\(data.count) bytes, sha256 \(sha256Hex(data))")
                }
                try staging.write(data, at: entry.path)
                downloaded.append(entry.path)
            }
        }
        try staging.write(manifestData, at: "manifest.json")
        try staging.keepOnly(Set(entries.map(\.path) + ["manifest.json"]))
        try verify(staging, entries)
        let version = try promote(id: String(sha256Hex(manifestData).prefix(16)))
        return Report(downloaded: downloaded, reused: reused, version: version, upToDate: false)
    }

    /// A file of the set in use, if it is one.
    private func currentData(_ path: String) -> Data? {
        guard let current = mirror.current else { return nil }
        return StagingArea(root: current).read(path)
    }

    /// Every file of the finished set read back and checked: `current` only ever switches to a
    /// complete set. A set that fails here is discarded whole, and the next run starts afresh.
    private func verify(_ staging: StagingArea, _ entries: [SyncEntry]) throws {
        for entry in entries {
            guard let data = staging.read(entry.path), entry.matches(data) else {
                try staging.discard()
                throw SyncError.mismatch(path: entry.path, expected: "\(entry.bytes) bytes, sha256 \(entry.sha256)",
                                         got: "a different file in staging/ (changed while the sync ran)")
            }
        }
    }

    /// Moves `staging/` to `versions/<id>` (or `<id>-<n>` while that name is in use), points
    /// `current` at it, then removes every other version but the one it replaced, which a
    /// reader may still have open.
    private func promote(id: String) throws -> String {
        let fm = FileManager.default
        let previous = mirror.current?.lastPathComponent
        var name = id
        var n = 1
        while MirrorEntry(mirror.versions.appendingPathComponent(name)) != .missing {
            n += 1
            name = "\(id)-\(n)"
        }
        let target = mirror.versions.appendingPathComponent(name)
        do { try fm.moveItem(at: mirror.staging, to: target) } catch { throw SyncError.local(target, error) }
        try mirror.point(at: name)
        let names = (try? fm.contentsOfDirectory(atPath: mirror.versions.path)) ?? []
        for old in names where old != name && old != previous {
            try? fm.removeItem(at: mirror.versions.appendingPathComponent(old))
        }
        return name
    }
}
