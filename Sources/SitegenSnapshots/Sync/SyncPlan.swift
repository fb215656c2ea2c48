import Foundation

/// One file a manifest lists (a snapshot, a schema, a file of the bundle), as a sync fetches it.
struct SyncEntry: Sendable, Equatable {
    let path: String
    let sha256: String
    let bytes: Int

    func matches(_ data: Data) -> Bool { data.count == bytes && sha256Hex(data) == sha256 }
}

/// What a manifest asks a sync to hold, checked before anything is fetched.
enum SyncPlan {
    /// Every file of the manifest below `api/v1/`: snapshots, schemas and the bundle's files (the
    /// search index is the site's, not the apps').
    static func entries(_ manifest: SnapshotManifest) -> [SyncEntry] {
        manifest.files.map { SyncEntry(path: $0.path, sha256: $0.sha256, bytes: $0.bytes) }
            + manifest.schemas.map { SyncEntry(path: $0.path, sha256: $0.sha256, bytes: $0.bytes) }
            + manifest.bundles.map { SyncEntry(path: $0.path, sha256: $0.sha256, bytes: $0.bytes) }
    }

    /// The manifest decoded and checked: a format, schemas and versions this library reads,
    /// plain paths, and no more files or bytes than `limits` allow.
    static func check(_ data: Data, supported: [String: Int], bundleVersion: Int, limits: SyncLimits = SyncLimits()) throws -> SnapshotManifest {
        guard let format = try? JSONDecoder().decode(Format.self, from: data).format else {
            throw SyncError.badManifest("not a sitegen manifest")
        }
        guard format == SnapshotManifest.format else { throw SyncError.unsupportedFormat(format) }
        let manifest: SnapshotManifest
        do { manifest = try JSONDecoder().decode(SnapshotManifest.self, from: data) } catch {
            throw SyncError.badManifest("\(error)")
        }
        for file in manifest.files {
            guard let known = supported[file.schemaName] else { throw SyncError.unknownSchema(path: file.path, schema: file.schema) }
            if file.schemaVersion > known {
                throw SyncError.unsupportedVersion(path: file.path, schema: file.schemaName, version: file.schemaVersion, supported: known)
            }
        }
        for bundle in manifest.bundles where bundle.version > bundleVersion {
            throw SyncError.unsupportedVersion(path: bundle.path, schema: "bundle", version: bundle.version, supported: bundleVersion)
        }
        try checkEntries(entries(manifest), limits: limits)
        return manifest
    }

    /// Plain paths listed once, hashes that are hashes, sizes within `limits`.
    private static func checkEntries(_ entries: [SyncEntry], limits: SyncLimits) throws {
        guard entries.count <= limits.files else {
            throw SyncError.badManifest("it lists \(entries.count) files, more than the \(limits.files) a sync accepts")
        }
        var seen: Set<String> = ["manifest.json"]
        var total = 0
        for entry in entries {
            guard isPlain(entry.path) else { throw SyncError.badManifest("path '\(entry.path)' is not a plain path below api/v1/") }
            guard seen.insert(entry.path).inserted else { throw SyncError.badManifest("'\(entry.path)' is listed twice") }
            guard entry.sha256.count == 64, entry.sha256.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else {
                throw SyncError.badManifest("'\(entry.path)' has no SHA-256 (64 lower-case hex digits)")
            }
            guard (0...limits.fileBytes).contains(entry.bytes) else {
                throw SyncError.badManifest("'\(entry.path)' is \(entry.bytes) bytes; a file may have 0 to \(limits.fileBytes)")
            }
            total += entry.bytes
            guard total <= limits.totalBytes else {
                throw SyncError.badManifest("its files add up to more than the \(limits.totalBytes) bytes a sync accepts")
            }
        }
        try checkNoFileIsAFolder(seen)
    }

    /// A path listed as a file must not be a folder of another (`a.json` and `a.json/b.json`):
    /// no folder can hold both, so such a set could never be verified, and every retry would
    /// download it all again.
    private static func checkNoFileIsAFolder(_ paths: Set<String>) throws {
        for path in paths.sorted() {
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                if paths.contains(String(folder)) {
                    throw SyncError.badManifest("'\(folder)' is listed as a file and as the folder of '\(path)'")
                }
            }
        }
    }

    private struct Format: Decodable { let format: Int }

    /// Lower-case letters, digits, `.`, `_`, `-` in `/`-separated parts, none `.` or `..`.
    static func isPlain(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && part.utf8.allSatisfy { byte in
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x5F || byte == 0x2D
            }
        }
    }
}
