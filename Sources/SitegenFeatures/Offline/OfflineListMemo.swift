import Synchronization
import SitegenCore

/// What the offline list remembers between the builds of one session (`sitegen serve`), so an
/// edit costs what it changes: the last list with where each entry is in its parts
/// (`OfflineListState`), patched when only bytes changed; for a list made again (files added
/// or removed; each listed file's SHA-256 is a query of the engine, `RenderContext.sha256`), each bucket
/// key's hash (which part a file goes in), and each part's file with the entries it was made
/// from. Never changes what is made: a full build starts with an empty one.
public final class OfflineListMemo: Sendable {
    private let bucketHashes = Mutex<[String: UInt32]>([:])
    private let last = Mutex<OfflineListState?>(nil)
    private let patchedParts = Mutex<Int?>(nil)

    public init() {}

    /// How many parts the last list made again when it was patched; nil when it was made whole.
    public var lastPatchedParts: Int? { patchedParts.withLock { $0 } }

    /// The last list brought up to `input`, if only bytes changed since (`OfflineListState.patch`).
    func patched(_ input: OfflineFeature.Input, manifest: OutputFile) -> OfflineListState? {
        last.withLock { last in
            // Taken out while patched, so its arrays are changed in place, not copied.
            guard var state = last.take(), let made = state.patch(input, manifest: manifest) else {
                last = nil
                patchedParts.withLock { $0 = nil }
                return nil
            }
            last = state
            patchedParts.withLock { $0 = made }
            return state
        }
    }

    /// The list made whole (nil: the theme has no worker, so no list).
    func remember(_ state: OfflineListState?) { last.withLock { $0 = state } }

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
