import Synchronization
import SitegenCore

/// What the offline list remembers between the builds of one session (`sitegen serve`), so an
/// edit costs what it changes: each listed file's SHA-256 (only changed bytes are hashed
/// again), each bucket key's hash (which part a file goes in), and each part's file with the
/// entries it was made from (a part whose entries are the same is not written out or hashed
/// again). Never changes what is made: a full build starts with an empty one.
public final class OfflineListMemo: Sendable {
    let digests = DigestMemo()
    let parts = KeyedMemo<OfflineList.PartInput, OutputFile>()
    private let bucketHashes = Mutex<[String: UInt32]>([:])

    public init() {}

    /// The bucket hash of each key (`OfflineList.bucketHash`); the memo then holds these keys only.
    func bucketHashes(of keys: [String]) -> [String: UInt32] {
        let known = bucketHashes.withLock { $0 }
        var hashes: [String: UInt32] = [:]
        hashes.reserveCapacity(keys.count)
        for key in keys where hashes[key] == nil {
            hashes[key] = known[key] ?? OfflineList.bucketHash(of: key)
        }
        bucketHashes.withLock { [hashes] in $0 = hashes }
        return hashes
    }
}
