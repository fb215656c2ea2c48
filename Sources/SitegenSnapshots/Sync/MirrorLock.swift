import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One sync at a time per mirror folder: an advisory `flock(2)` on `DIR/.sync-lock`, held for
/// the whole run and released when the process ends, however it ends.
final class MirrorLock {
    private let descriptor: Int32

    /// Waits up to `wait` for the lock; `SyncError.busy` if another sync still holds it.
    init(_ root: URL, wait: Duration) async throws {
        let path = root.appendingPathComponent(".sync-lock").path
        let fd = try Self.openLock(path)
        let giveUp = ContinuousClock.now + wait
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < giveUp else {
                close(fd)
                throw SyncError.busy(path: root.path)
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        descriptor = fd
    }

    /// Opens the lock file, never through a link: a `.sync-lock` that is a symbolic link (or
    /// anything but a regular file) is removed and made again, so it neither blocks every later
    /// sync nor sends the lock elsewhere. The link itself goes, never what it points to.
    private static func openLock(_ path: String) throws -> Int32 {
        for _ in 0..<3 {
            let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o644)
            if fd >= 0, isRegular(fd) { return fd }
            let failure = errno
            if fd >= 0 { close(fd) }
            guard fd >= 0 || failure == ELOOP || failure == EISDIR || failure == ENXIO else {
                throw SyncError.local(path: path, reason: String(cString: strerror(failure)))
            }
            let entry = MirrorEntry(URL(fileURLWithPath: path))
            if entry == .directory { try? FileManager.default.removeItem(atPath: path) } else { unlink(path) }
        }
        throw SyncError.local(path: path, reason: "is not a regular file and cannot be replaced by one")
    }

    private static func isRegular(_ fd: Int32) -> Bool {
        var info = stat()
        return fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

/// What a path is, without following a symbolic link at its end.
enum MirrorEntry: Equatable {
    case missing, directory, file, link, other

    init(_ url: URL) {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { self = .missing; return }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: self = .directory
        case S_IFREG: self = .file
        case S_IFLNK: self = .link
        default: self = .other
        }
    }
}
