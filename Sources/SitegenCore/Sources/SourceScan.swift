import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one walk over a source folder, shared by the readers (`SourceTree.files`), the
/// incremental build's fingerprints and `serve`'s watcher, so all three see the same files.
///
/// Hidden names (`.git`, an editor's `.swp`) and backups (`name~`) are skipped, files and
/// folders alike. Folders are entered; a symbolic link is reported with what it points to and
/// never entered, so a linked folder cannot lead the walk outside, nor round in a circle.
/// `readdir` directly: Foundation's enumerator asks for resource values per file and is many
/// times slower on Linux.
public enum SourceScan {
    public enum Entry: Sendable, Equatable {
        /// A regular file.
        case file
        /// A symbolic link to a regular file, with the target's absolute resolved path.
        case linkedFile(target: String)
        /// A symbolic link to a folder (not entered), with the target's absolute resolved path.
        case linkedFolder(target: String)
        /// A FIFO, socket or device, or a link to one (`custom.css` → `/dev/zero`): never read (a
        /// FIFO would block the build forever, a device never end), reported by the readers.
        case special(what: String)
    }

    /// What a file that is not a regular one or a folder is, for the message refusing it.
    public static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "not a regular file"
        }
    }

    /// Whether `path` (symbolic links followed) is a regular file; else what it is.
    public static func regularFile(_ path: String) -> (isRegular: Bool, what: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return (false, "missing") }
        return ((info.st_mode & S_IFMT) == S_IFREG, kindName(info.st_mode))
    }

    /// Whether a name is left out of every listing.
    public static func isIgnored(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~")
    }

    /// Calls `visit` with the path relative to `root` (`/`-separated) of every file and link
    /// below it, in no particular order.
    public static func walk(_ root: URL, _ visit: (String, Entry) -> Void) {
        let base = root.standardizedFileURL.path
        var pending = [""]
        while let folder = pending.popLast() {
            guard let directory = opendir(folder.isEmpty ? base : base + "/" + folder) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name == "." || name == ".." || isIgnored(name) { continue }
                let relative = folder.isEmpty ? name : folder + "/" + name
                let path = base + "/" + relative
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: pending.append(relative)
                case S_IFREG: visit(relative, .file)
                case S_IFLNK:
                    guard stat(path, &info) == 0 else { continue }   // a dangling link is nothing
                    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                    switch info.st_mode & S_IFMT {
                    case S_IFREG: visit(relative, .linkedFile(target: target))
                    case S_IFDIR: visit(relative, .linkedFolder(target: target))
                    default: visit(relative, .special(what: "a symbolic link to \(kindName(info.st_mode)) (\(target))"))
                    }
                default: visit(relative, .special(what: kindName(info.st_mode)))
                }
            }
        }
    }
}
