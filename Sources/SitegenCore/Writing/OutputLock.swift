import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One build at a time per output folder: an advisory `flock(2)` on the folder that holds it.
/// (`ContentEdit` and `sitegen init` lock a folder the same way: one edit of `Content/` at a time.)
///
/// The parent folder is locked, not a lock file, so nothing is left beside `Output/`; the kernel
/// drops the lock when the process ends in any way (kill -9 included), so a dead build never
/// leaves a stale lock. While the lock is held, every `.<name>.sitegen-new-*`/`-old-*` folder
/// beside the output is the leftover of a dead build and may be removed.
public final class OutputLock {
    private var descriptor: Int32

    /// Takes the lock, waiting for another build that holds it; `waiting` is called once if so.
    public static func acquire(parent: URL, waiting: @Sendable () -> Void) async throws -> OutputLock {
        let fd = open(parent.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            throw OutputWriter.WriteError(description: "cannot open \(parent.path) to lock it: \(String(cString: strerror(errno)))")
        }
        var told = false
        // Polled without blocking, so a waiting build does not hold one of the few threads of
        // Swift's cooperative pool.
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let why = String(cString: strerror(errno))
                close(fd)
                throw OutputWriter.WriteError(description: "cannot lock \(parent.path): \(why)")
            }
            if !told { waiting(); told = true }
            do { try await Task.sleep(for: .milliseconds(50)) } catch { close(fd); throw error }
        }
        return OutputLock(descriptor: fd)
    }

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Lets the next build go (closing the descriptor alone would too).
    public func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }

    /// The names of leftovers of dead builds into `name` inside `parent`.
    static func leftovers(of name: String, in parent: URL) -> [String] {
        let prefixes = [".\(name).sitegen-new-", ".\(name).sitegen-old-"]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        return entries.filter { entry in prefixes.contains { entry.hasPrefix($0) } }.sorted()
    }
}
