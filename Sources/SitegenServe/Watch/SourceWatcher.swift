import Foundation
import SitegenCore

/// Notices added, edited and deleted files under the watched folders by polling.
///
/// Polling a fingerprint (size, modification time, inode) of every file every ~200 ms is portable,
/// costs a few milliseconds for the bundled site's ~500 source files, and sees editors that save
/// by writing a new file and renaming it over the old one (the inode changes) as well as in-place writes.
public struct SourceWatcher: Sendable {
    public struct Stamp: Sendable, Equatable {
        var size: Int64
        var modified: Int64   // nanoseconds since the epoch
        var inode: UInt64
    }

    public let roots: [URL]

    public init(roots: [URL]) { self.roots = roots.map(\.standardizedFileURL) }

    /// Absolute path → stamp of every file below the roots, as the readers list them
    /// (`SourceScan`: hidden files and folders skipped, where editors keep swap and backup files).
    public func scan() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for root in roots {
            SourceScan.walk(root) { relative, entry in
                if case .linkedFolder = entry { return }
                let path = root.path + "/" + relative
                if let stamp = Self.stamp(path) { stamps[path] = stamp }
            }
        }
        return stamps
    }

    static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return Stamp(size: Int64(info.st_size), modified: modified, inode: UInt64(info.st_ino))
    }

    /// Files present in only one scan, or with different stamps.
    public static func changes(from old: [String: Stamp], to new: [String: Stamp]) -> Set<URL> {
        var changed = Set<URL>()
        for (path, stamp) in new where old[path] != stamp { changed.insert(URL(fileURLWithPath: path)) }
        for path in old.keys where new[path] == nil { changed.insert(URL(fileURLWithPath: path)) }
        return changed
    }
}
