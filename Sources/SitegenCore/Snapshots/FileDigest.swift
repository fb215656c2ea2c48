import Foundation

/// A file's SHA-256, a query of the engine keyed by the file's path and compared by its bytes
/// (the manifest's snapshots, the offline list's files): in a session only bytes that changed
/// are hashed again (comparing is much faster than hashing, and bytes kept from the last build
/// are the same storage).
struct FileDigest: QueryKey {
    typealias Value = String
    let path: String
    let data: Data

    func compute(_ queries: Queries) -> String { SnapshotJSON.sha256(data) }

    func hash(into hasher: inout Hasher) { hasher.combine(path) }
}

extension RenderContext {
    /// Every file's SHA-256 by path, on all cores: a staged file's as worked out when it was
    /// written; in a session (`remembers`) each a `FileDigest` query of the engine, so an
    /// edit hashes only the files whose bytes changed; in `sitegen build`, which runs once,
    /// hashed without being kept.
    public func sha256(of files: [OutputFile]) -> [String: String] {
        let hashes = parallelMap(files, jobs: jobs) { file in
            if let staged = file.staged { return staged.sha256 }
            return remembers ? queries.value(FileDigest(path: file.path, data: file.data)) : SnapshotJSON.sha256(file.data)
        }
        return Dictionary(zip(files.map(\.path), hashes)) { first, _ in first }
    }
}
