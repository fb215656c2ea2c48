import Foundation
import SitegenCore

/// Notices added, edited and deleted files under the watched folders by polling.
///
/// Polling the stamp (`SourceStamp`: size, modification time, inode) of every file every ~200 ms is portable,
/// costs a few milliseconds for the bundled site's ~500 source files, and sees editors that save
/// by writing a new file and renaming it over the old one (the inode changes) as well as in-place writes.
public struct SourceWatcher: Sendable {
    public let roots: [URL]

    public init(roots: [URL]) { self.roots = roots.map(\.standardizedFileURL) }

    /// Absolute path → stamp of every file below the roots, as the readers list them
    /// (`SourceScan`: hidden files and folders skipped, where editors keep swap and backup files).
    public func scan() -> [String: SourceStamp] {
        var stamps: [String: SourceStamp] = [:]
        for root in roots {
            SourceScan.walk(root) { relative, entry in
                if case .linkedFolder = entry { return }
                let path = root.path + "/" + relative
                if let stamp = SourceStamp.of(path) { stamps[path] = stamp }
            }
        }
        return stamps
    }

    /// Files present in only one scan, or with different stamps.
    public static func changes(from old: [String: SourceStamp], to new: [String: SourceStamp]) -> Set<URL> {
        var changed = Set<URL>()
        for (path, stamp) in new where old[path] != stamp { changed.insert(URL(fileURLWithPath: path)) }
        for path in old.keys where new[path] == nil { changed.insert(URL(fileURLWithPath: path)) }
        return changed
    }
}
