import Foundation

/// A local copy of a site's `api/v1/`, as `SnapshotSync` keeps it:
///
/// ```
/// DIR/current -> versions/<id>     the set an app reads (a symbolic link, switched atomically)
/// DIR/versions/<id>/manifest.json  one complete, verified set per id (the manifest's hash)
/// DIR/staging/                     the next set while it downloads (kept when interrupted)
/// DIR/.sync-lock                   held (flock) by the sync that is running
/// ```
///
/// A reader opens files below `current/`; a sync never changes a set in place, it makes the
/// next one beside it and switches the link with one `rename`, so a reader sees the old set or
/// the new one, never a mix. Inside the mirror no link is followed but `current`, and that only
/// into `versions/`.
public struct SnapshotMirror: Sendable {
    public let root: URL

    public init(root: URL) { self.root = root }

    /// The folder of the set in use (`DIR/current`, resolved), nil before the first sync. Only a
    /// link to a real folder `versions/<id>` counts: the mirror never follows a link elsewhere.
    public var current: URL? {
        guard MirrorEntry(link) == .link, MirrorEntry(versions) == .directory,
              let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path),
              target.hasPrefix("versions/"), SyncPlan.isPlain(String(target.dropFirst("versions/".count))),
              !target.dropFirst("versions/".count).contains("/") else { return nil }
        let folder = root.appendingPathComponent(target)
        return MirrorEntry(folder) == .directory ? folder : nil
    }

    var link: URL { root.appendingPathComponent("current") }
    var staging: URL { root.appendingPathComponent("staging") }
    var versions: URL { root.appendingPathComponent("versions") }

    /// Puts back what a sync relies on: `versions` a real folder, `current` a link into it or
    /// nothing. A real folder at `current` (a mirror copied with `cp -rL`) becomes a version
    /// (`versions/copied-<n>`) that `current` links to; any other `current` that is not a link to
    /// a version is removed. Run under the mirror's lock.
    func repair() throws {
        let fm = FileManager.default
        do {
            if MirrorEntry(versions) != .directory {
                if MirrorEntry(versions) != .missing { try fm.removeItem(at: versions) }
                try fm.createDirectory(at: versions, withIntermediateDirectories: false)
            }
            switch MirrorEntry(link) {
            case .missing: return
            case .directory:
                var n = 1
                while MirrorEntry(versions.appendingPathComponent("copied-\(n)")) != .missing { n += 1 }
                try fm.moveItem(at: link, to: versions.appendingPathComponent("copied-\(n)"))
                try point(at: "copied-\(n)")
            default:
                if current == nil { try fm.removeItem(at: link) }
            }
        } catch let error as SyncError {
            throw error
        } catch {
            throw SyncError.local(root, error)
        }
    }

    /// Points `current` at `versions/<name>`: a new link renamed over the old one (atomic on POSIX).
    func point(at name: String) throws {
        let next = root.appendingPathComponent("current.next")
        if MirrorEntry(next) != .missing { try? FileManager.default.removeItem(at: next) }
        do { try FileManager.default.createSymbolicLink(atPath: next.path, withDestinationPath: "versions/" + name) } catch {
            throw SyncError.local(next, error)
        }
        guard rename(next.path, link.path) == 0 else {
            throw SyncError.local(path: link.path, reason: String(cString: strerror(errno)))
        }
    }

    /// The current set's manifest.
    public func manifest() throws -> SnapshotManifest? {
        guard let current else { return nil }
        return try SnapshotModels.decode(SnapshotManifest.self, from: Data(contentsOf: current.appendingPathComponent("manifest.json")))
    }

    /// The bytes of a file of the current set (`hymns/1-50.json`, `bible/kjv/books/john.json`).
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
    SHA256Digest.hex(data)
}
