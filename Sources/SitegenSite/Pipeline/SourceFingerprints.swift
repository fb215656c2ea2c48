import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a source file looked like at the last successful build: size, modification time and
/// inode (cheap, from `stat`; the inode, as the watcher's stamp has it, tells an editor's save by
/// rename of a new file with the same size and time from the old file) and a hash of its bytes
/// (so that a save without a change, or a `touch`, is not an edit).
struct Fingerprint: Sendable, Equatable {
    var size: Int
    var modified: Double
    var inode: UInt64
    var digest: String
}

/// Fingerprints of every file below `Content/` and `Templates/`, keyed by absolute standardized path.
/// It answers one question: which of these paths really changed since the last successful build?
struct SourceFingerprints: Sendable {
    private(set) var entries: [String: Fingerprint] = [:]
    let roots: [URL]

    init(roots: [URL]) {
        self.roots = roots.map(\.standardizedFileURL)
    }

    /// Every regular file below the roots, now.
    func scanAll() -> [String] {
        roots.flatMap { Self.files(below: $0) }
    }

    /// Which of `candidates` were added, edited or deleted (`changed`), and the fingerprints to
    /// record once the rebuild succeeds (`updates`, nil: deleted; also new times of unchanged bytes).
    /// A folder among the candidates stands for everything below it (a watcher may report a
    /// renamed or deleted folder).
    func changes(among candidates: Set<String>) -> (changed: Set<String>, updates: [String: Fingerprint?]) {
        var paths = Set<String>()
        for candidate in candidates {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDir), isDir.boolValue {
                paths.formUnion(Self.files(below: URL(fileURLWithPath: candidate)))
            } else {
                paths.insert(candidate)
            }
            let prefix = candidate.hasSuffix("/") ? candidate : candidate + "/"   // files of a deleted folder
            paths.formUnion(entries.keys.filter { $0.hasPrefix(prefix) })
        }
        var changed = Set<String>()
        var updates: [String: Fingerprint?] = [:]
        for path in paths {
            let known = entries[path]
            let now = Self.fingerprint(path, unlessSameAs: known)
            if now != known { updates[path] = now }
            if now?.digest != known?.digest { changed.insert(path) }
        }
        return (changed, updates)
    }

    mutating func record(_ changes: [String: Fingerprint?]) {
        for (path, fingerprint) in changes { entries[path] = fingerprint }
    }

    /// Stat first; read and hash only when size, time or inode moved.
    static func fingerprint(_ path: String, unlessSameAs known: Fingerprint?) -> Fingerprint? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        let inode = UInt64(info.st_ino)
        if let known, known.size == size, known.modified == modified, known.inode == inode { return known }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return Fingerprint(size: size, modified: modified, inode: inode, digest: SnapshotJSON.sha256(data))
    }

    /// The files below `root` as the readers list them (`SourceScan`), as absolute paths;
    /// symbolic links to files count as files (a link to outside is refused by the reader, and
    /// changing it must rebuild to say so again).
    static func files(below root: URL) -> [String] {
        let base = root.standardizedFileURL.path + "/"
        var result: [String] = []
        SourceScan.walk(root) { relative, entry in
            if case .linkedFolder = entry { return }
            if case .special = entry { return }   // never opened (a FIFO would block); the readers report it
            result.append(base + relative)
        }
        return result
    }
}
