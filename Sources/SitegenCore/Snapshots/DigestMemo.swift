import Foundation
import Synchronization

/// A file's bytes with their SHA-256, kept so unchanged bytes are not hashed again (compared
/// with `==`, much faster than hashing: bytes kept from the last build are the same storage).
public struct SnapshotDigest: Sendable {
    public let data: Data
    public let sha256: String

    public init(_ data: Data) {
        self.data = data
        self.sha256 = SnapshotJSON.sha256(data)
    }

    /// A staged file's digest, worked out when it was written; its bytes are not kept.
    init(staged: OutputFile.Staged) {
        self.data = Data()
        self.sha256 = staged.sha256
    }
}

/// The SHA-256 of each file by path, remembered between the builds of one session (the
/// manifest's snapshots, the offline list's files): only bytes that changed are hashed again.
public final class DigestMemo: Sendable {
    private let known = Mutex<[String: SnapshotDigest]>([:])

    public init() {}

    /// Every file's digest, on all cores; the memo then holds these files only.
    public func digests(of files: [OutputFile], jobs: Int) -> [String: SnapshotDigest] {
        let previous = known.withLock { $0 }
        let hashes = parallelMap(files, jobs: jobs) { file in
            if let staged = file.staged { return SnapshotDigest(staged: staged) }
            return previous[file.path].flatMap { $0.data == file.data ? $0 : nil } ?? SnapshotDigest(file.data)
        }
        let digests = Dictionary(zip(files.map(\.path), hashes)) { first, _ in first }
        known.withLock { $0 = digests }
        return digests
    }
}
