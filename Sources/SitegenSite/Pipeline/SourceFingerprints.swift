import Foundation

/// Fingerprints of every file below `Content/` and `Templates/`, keyed by absolute standardized path.
/// It answers one question: which of these paths really changed since the last successful build?
struct SourceFingerprints: Sendable {
    private(set) var entries: [String: SourceFingerprint] = [:]
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
    func changes(among candidates: Set<String>) -> (changed: Set<String>, updates: [String: SourceFingerprint?], looked: Set<String>) {
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
        var updates: [String: SourceFingerprint?] = [:]
        for path in paths {
            let known = entries[path]
            let now = SourceFingerprint.of(path, unlessSameAs: known)
            if now != known { updates[path] = now }
            if now?.digest != known?.digest { changed.insert(path) }
        }
        return (changed, updates, paths)
    }

    mutating func record(_ changes: [String: SourceFingerprint?]) {
        for (path, fingerprint) in changes { entries[path] = fingerprint }
    }

    /// Sets the engine's inputs to the files as they are now (`updates` applied): the digest of
    /// each of `paths` (nil: every file's, a new engine), removed when the file is gone, and, when
    /// a file was added or removed, or after a failed run (which may have set them from files
    /// since put back), or for a new engine, the files below every folder. An input set to the
    /// value it has changes nothing, so a file a failed run read and that was then put back as it
    /// was is read again (its input moves back).
    func feed(_ engine: QueryEngine, updates: [String: SourceFingerprint?] = [:], paths: Set<String>? = nil, afterFailure: Bool = false) {
        var now = entries
        for (path, fingerprint) in updates { now[path] = fingerprint }
        for path in paths ?? Set(now.keys) {
            if let fingerprint = now[path] { engine.set(SourceDigest(path: path), fingerprint.digest) } else { engine.remove(SourceDigest(path: path)) }
        }
        let added = updates.contains { entries[$0.key] == nil && $0.value != nil }
        let removed = updates.contains { entries[$0.key] != nil && $0.value == nil }
        guard paths == nil || added || removed || afterFailure else { return }
        var folders: [String: [String]] = [:]
        for root in roots.map(\.path) {
            for path in now.keys where path.hasPrefix(root + "/") {
                var folder = Substring(path)
                while let slash = folder.lastIndex(of: "/"), folder.count > root.count {
                    folder = folder[..<slash]
                    folders[String(folder), default: []].append(path)
                }
            }
        }
        for folder in engine.inputKeys(SourceFolder.self) where folders[folder.path] == nil { engine.set(folder, []) }
        for (folder, files) in folders { engine.set(SourceFolder(path: folder), files.sorted()) }
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
