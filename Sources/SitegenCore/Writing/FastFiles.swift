import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system operations the writer does thousands of times, as plain POSIX calls.
///
/// Why: corelibs-foundation's `Data.write(to:)`, `createDirectory` and `removeItem` convert URLs,
/// stat and (for removal) build Swift arrays per entry; for ~1,800 files that was most of the
/// write stage. These do one `open`/`write`/`close` per file and one `mkdir` per folder.
package enum FastFiles {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ action: String, _ path: String, _ code: Int32 = errno) {
            description = "\(action) \(path): \(String(cString: strerror(code)))"
        }
    }

    /// Creates one folder (its parent must exist); a folder already there is fine.
    package static func makeDirectory(_ path: String) throws {
        if mkdir(path, 0o777) != 0 && errno != EEXIST { throw Failure("cannot create folder", path) }
    }

    /// Creates or truncates `path` and writes `data` (mode 0666 less the umask, like `Data.write`).
    package static func write(_ data: Data, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        if fd < 0 { throw Failure("cannot create", path) }
        var failure: Int32 = 0
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard var next = buffer.baseAddress else { return }
            var left = buffer.count
            while left > 0 {
                let written = Glibc.write(fd, next, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                next += written
                left -= written
            }
        }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure != 0 { throw Failure("cannot write", path, failure) }
    }

    /// Removes a folder and everything below it without following symbolic links; nothing if
    /// missing. Best effort, like `try? removeItem`: what cannot be removed stays.
    static func removeTree(_ path: String, jobs: Int) async {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { unlink(path); return }
        // Two levels are listed first, so the work spreads over the cores: a built site is a
        // few section folders, and one of them (the Bible's) holds most of the files.
        var work: [String] = []
        var sections: [String] = []
        for (name, type) in entries(of: path) {
            let child = path + "/" + name
            if isFolder(child, type: type) {
                sections.append(child)
                work += entries(of: child).map { child + "/" + $0.0 }
            } else {
                work.append(child)
            }
        }
        _ = await concurrentMap(work, jobs: jobs) { entry in removeDepthFirst(entry) }
        for section in sections { rmdir(section) }
        rmdir(path)
    }

    /// Whether a directory entry is a folder (not a link to one).
    private static func isFolder(_ path: String, type: UInt8) -> Bool {
        if Int32(type) != Int32(DT_UNKNOWN) { return Int32(type) == Int32(DT_DIR) }
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Children before their folder; a symbolic link is removed, never followed.
    static func removeDepthFirst(_ path: String, isFolder known: Bool? = nil) {
        var isFolder = known ?? false
        if known == nil {
            var info = stat()
            guard lstat(path, &info) == 0 else { return }
            isFolder = (info.st_mode & S_IFMT) == S_IFDIR
        }
        guard isFolder else { unlink(path); return }
        for (name, type) in entries(of: path) {
            // d_type saves a stat per file; file systems that do not fill it in say DT_UNKNOWN.
            let child = path + "/" + name
            switch Int32(type) {
            case Int32(DT_DIR): removeDepthFirst(child, isFolder: true)
            case Int32(DT_UNKNOWN): removeDepthFirst(child)
            default: unlink(child)
            }
        }
        rmdir(path)
    }

    /// The names and `d_type`s in one folder, without `.` and `..`.
    static func entries(of path: String) -> [(String, UInt8)] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var result: [(String, UInt8)] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { result.append((name, entry.pointee.d_type)) }
        }
        return result
    }
}
