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
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SyncError.local(path: path, reason: String(cString: strerror(errno))) }
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
