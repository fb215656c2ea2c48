import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Brings a `SnapshotMirror` up to a published site's `api/v1/`: fetches `manifest.json`,
/// refuses a format or schema version this library does not read, downloads only the files
/// whose hash differs from the mirror's (into `staging/`, each checked for its SHA-256 and
/// size), then moves the finished set into `versions/` and switches `current` to it with one
/// atomic `rename`. Interrupted, it leaves `current` as it was and keeps what it verified in
/// `staging/`, so the next run resumes; a file that does not match the manifest is refused.
public struct SnapshotSync {
    /// The site's `api/v1/` folder (ends with `/`).
    public let source: URL
    public let mirror: SnapshotMirror
    /// Schema name → highest version accepted (default: what this library's models read).
    public var supported = SnapshotModels.schemaVersions
    public var bundleVersion = SnapshotModels.bundleVersion
    let session: URLSession

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
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    public func run() async throws -> Report {
        let manifestData = try await fetch("manifest.json")
        let manifest = try SyncPlan.check(manifestData, supported: supported, bundleVersion: bundleVersion)
        if let current = mirror.current, (try? Data(contentsOf: current.appendingPathComponent("manifest.json"))) == manifestData,
           try mirror.verify().isEmpty {
            return Report(downloaded: ["manifest.json"], reused: 0, version: current.lastPathComponent, upToDate: true)
        }
        let fm = FileManager.default
        try fm.createDirectory(at: mirror.staging, withIntermediateDirectories: true)
        var downloaded = ["manifest.json"]
        var reused = 0
        let entries = SyncPlan.entries(manifest)
        for entry in entries {
            let target = mirror.staging.appendingPathComponent(entry.path)
            if let data = try? Data(contentsOf: target), entry.matches(data) {
                reused += 1
            } else if let current = mirror.current, let data = try? Data(contentsOf: current.appendingPathComponent(entry.path)),
                      entry.matches(data) {
                try place(data, at: target)
                reused += 1
            } else {
                let data = try await fetch(entry.path)
                guard entry.matches(data) else {
                    throw SyncError.mismatch(path: entry.path, expected: "\(entry.bytes) bytes, sha256 \(entry.sha256)",
                                             got: "\(data.count) bytes, sha256 \(sha256Hex(data))")
                }
                try place(data, at: target)
                downloaded.append(entry.path)
            }
        }
        try place(manifestData, at: mirror.staging.appendingPathComponent("manifest.json"))
        try removeExtras(keeping: Set(entries.map(\.path) + ["manifest.json"]))
        let version = try promote(id: String(sha256Hex(manifestData).prefix(16)))
        return Report(downloaded: downloaded, reused: reused, version: version, upToDate: false)
    }

    private func fetch(_ path: String) async throws -> Data {
        let url = source.appendingPathComponent(path)
        let (data, response) = try await session.data(from: url)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw SyncError.http(url: url.absoluteString, status: status) }
        return data
    }

    /// Writes a whole file: to a temporary name, then renamed, so `staging/` only ever holds
    /// complete files (a resumed run checks their hashes anyway).
    private func place(_ data: Data, at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }

    /// Files an earlier, different manifest left in `staging/`.
    private func removeExtras(keeping wanted: Set<String>) throws {
        let base = mirror.staging.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(at: mirror.staging, includingPropertiesForKeys: [.isRegularFileKey]) else { return }
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let relative = String(url.standardizedFileURL.path.dropFirst(base.count))
            if !wanted.contains(relative) { try FileManager.default.removeItem(at: url) }
        }
    }

    /// Moves `staging/` to `versions/<id>-<n>` and points `current` at it (a new link renamed
    /// over the old: atomic on POSIX); then removes the sets older than the one it replaced,
    /// which a reader may still have open.
    private func promote(id: String) throws -> String {
        let fm = FileManager.default
        try fm.createDirectory(at: mirror.versions, withIntermediateDirectories: true)
        let previous = mirror.current?.lastPathComponent
        var name = id
        var n = 1
        while fm.fileExists(atPath: mirror.versions.appendingPathComponent(name).path) { n += 1; name = "\(id)-\(n)" }
        try fm.moveItem(at: mirror.staging, to: mirror.versions.appendingPathComponent(name))
        let newLink = mirror.root.appendingPathComponent("current.next")
        try? fm.removeItem(at: newLink)
        try fm.createSymbolicLink(atPath: newLink.path, withDestinationPath: "versions/" + name)
        guard rename(newLink.path, mirror.link.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: mirror.link.path])
        }
        for old in try fm.contentsOfDirectory(atPath: mirror.versions.path) where old != name && old != previous {
            try? fm.removeItem(at: mirror.versions.appendingPathComponent(old))
        }
        return name
    }
}
