/// A hash that is the same on every machine and run (Swift's `Hasher` is seeded per process):
/// where the search cuts its shards, a group's slot, and a word's slot in `TermTable`.
public enum StableHash {
    /// FNV-1a's starting value.
    public static let fnvOffsetBasis: UInt32 = 2_166_136_261

    /// FNV-1a, 32 bits, of `bytes`; continued from `h` (the hash of the bytes before them, so
    /// that a prefix and a word hash as one term without being copied together).
    @inlinable
    public static func fnv1a(_ bytes: some Sequence<UInt8>, from h: UInt32 = fnvOffsetBasis) -> UInt32 {
        var h = h
        for b in bytes { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }
}
