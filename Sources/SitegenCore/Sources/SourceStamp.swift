import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says of a source file: its size, modification time and inode. The one test of
/// "may this file have changed", shared by `sitegen serve`'s watcher (which polls it) and the
/// session's change detection (which reads and hashes a file only when its stamp moved).
///
/// The inode is part of it because editors save by writing a new file and renaming it over the
/// old one: the new file may have the same size and, within the clock's resolution, the same
/// time, but it is another inode.
public struct SourceStamp: Sendable, Hashable {
    public let size: Int64
    /// Nanoseconds since the epoch.
    public let modified: Int64
    public let inode: UInt64

    public init(size: Int64, modified: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.inode = inode
    }

    /// The stamp of a regular file (a symbolic link is followed); nil: missing, a folder, a FIFO.
    public static func of(_ path: String) -> SourceStamp? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return SourceStamp(size: Int64(info.st_size), modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                           inode: UInt64(info.st_ino))
    }
}

/// A source file as the session last built it: its stamp and the SHA-256 of its bytes (so that a
/// save without changes, or a `touch`, is not an edit).
public struct SourceFingerprint: Sendable, Equatable {
    public let stamp: SourceStamp
    public let digest: String

    public init(stamp: SourceStamp, digest: String) {
        self.stamp = stamp
        self.digest = digest
    }

    /// The file's fingerprint now: `known` again when its stamp has not moved (nothing read),
    /// else its bytes read and hashed. nil: not a regular file any more.
    public static func of(_ path: String, unlessSameAs known: SourceFingerprint?) -> SourceFingerprint? {
        guard let stamp = SourceStamp.of(path) else { return nil }
        if let known, known.stamp == stamp { return known }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return SourceFingerprint(stamp: stamp, digest: SnapshotJSON.sha256(data))
    }
}
