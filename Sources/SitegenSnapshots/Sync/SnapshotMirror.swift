import Crypto
import Foundation

/// A local copy of a site's `api/v1/`, as `SnapshotSync` keeps it:
///
/// ```
/// DIR/current -> versions/<id>     the set an app reads (a symbolic link, switched atomically)
/// DIR/versions/<id>/manifest.json  one complete, verified set per id (the manifest's hash)
/// DIR/staging/                     the next set while it downloads (kept when interrupted)
/// ```
///
/// A reader opens files below `current/`; a sync never changes a set in place, it makes the
/// next one beside it and switches the link with one `rename`, so a reader sees the old set or
/// the new one, never a mix.
public struct SnapshotMirror: Sendable {
    public let root: URL

    public init(root: URL) { self.root = root }

    /// The folder of the set in use (`DIR/current`, resolved), nil before the first sync.
    public var current: URL? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path) else { return nil }
        return root.appendingPathComponent(target)
    }

    var link: URL { root.appendingPathComponent("current") }
    var staging: URL { root.appendingPathComponent("staging") }
    var versions: URL { root.appendingPathComponent("versions") }

    /// The current set's manifest.
    public func manifest() throws -> SnapshotManifest? {
        guard let current else { return nil }
        return try SnapshotModels.decode(SnapshotManifest.self, from: Data(contentsOf: current.appendingPathComponent("manifest.json")))
    }

    /// The bytes of a file of the current set (`hymns.json`, `bible/kjv/books/john.json`).
    public func data(_ path: String) throws -> Data {
        guard let current else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: current.appendingPathComponent(path))
    }

    /// A file of the current set decoded with its model (`HymnsFile.self`).
    public func decode<T: Decodable>(_ type: T.Type, _ path: String) throws -> T {
        try SnapshotModels.decode(type, from: data(path))
    }

    /// Checks every file the current manifest lists (hash and size); the paths that fail.
    public func verify() throws -> [String] {
        guard let current, let manifest = try manifest() else { return ["manifest.json"] }
        return SyncPlan.entries(manifest).filter { entry in
            guard let data = try? Data(contentsOf: current.appendingPathComponent(entry.path)) else { return true }
            return !entry.matches(data)
        }.map(\.path)
    }
}

/// SHA-256 in lower-case hex.
func sha256Hex(_ data: Data) -> String {
    SHA256.hash(data: data).map { byte in
        let hex = String(byte, radix: 16)
        return byte < 16 ? "0" + hex : hex
    }.joined()
}
