import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a source file looked like at the last successful build: size and modification time
/// (cheap, from `stat`) and a hash of its bytes (so that a save without a change, or a `touch`,
/// is not an edit).
struct Fingerprint: Sendable, Equatable {
    var size: Int
    var modified: Double
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

    /// Stat first; read and hash only when size or time moved.
    static func fingerprint(_ path: String, unlessSameAs known: Fingerprint?) -> Fingerprint? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        if let known, known.size == size, known.modified == modified { return known }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return Fingerprint(size: size, modified: modified, digest: SnapshotJSON.sha256(data))
    }

    /// Regular files below `root` (absolute paths), with `readdir`: Foundation's enumerator
    /// asks for resource values per file and is many times slower on Linux. Symbolic links to
    /// files count as files; linked folders are not entered (as the readers' own listing).
    static func files(below root: URL) -> [String] {
        var result: [String] = []
        var pending = [root.standardizedFileURL.path]
        while let folder = pending.popLast() {
            guard let directory = opendir(folder) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: pending.append(path)
                case S_IFREG: result.append(path)
                case S_IFLNK:
                    if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { result.append(path) }
                default: continue
                }
            }
        }
        return result
    }
}
