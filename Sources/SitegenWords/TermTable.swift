/// Terms interned by their UTF-8 bytes, numbered in order of first sight: the site's index looks
/// up every word of every document here (SitegenSearch), and the apps' bundle each word it stems
/// (`FoldedTexts`), so a word costs one FNV hash and one byte comparison instead of a `String`
/// and a SipHash in a dictionary.
public struct TermTable: Sendable {
    /// Every term's bytes one after another; term `i` is `arena[starts[i]..<starts[i + 1]]`.
    private var arena: [UInt8] = []
    private var starts: [Int] = [0]
    /// Open addressing: a term's id + 1, or 0 for an empty slot.
    private var slots: [Int32]
    private var hashes: [UInt32] = []

    public var count: Int { starts.count - 1 }

    public init(capacity: Int = 4_096) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        arena.reserveCapacity(capacity * 8)
        starts.reserveCapacity(capacity + 1)
        hashes.reserveCapacity(capacity)
    }

    /// The table with `terms` first, as ids `0..<terms.count` (the stop words).
    public init(first terms: [String]) {
        self.init()
        for term in terms { _ = id(of: Array(term.utf8)) }
    }

    public func term(_ id: Int) -> String {
        String(decoding: arena[starts[id]..<starts[id + 1]], as: UTF8.self)
    }

    public func bytes(_ id: Int) -> ArraySlice<UInt8> {
        arena[starts[id]..<starts[id + 1]]
    }

    public mutating func id(of word: ArraySlice<UInt8>) -> Int {
        word.withUnsafeBufferPointer { id(of: $0) }
    }

    public mutating func id(of word: [UInt8]) -> Int {
        word.withUnsafeBufferPointer { id(of: $0) }
    }

    public mutating func id(of word: UnsafeBufferPointer<UInt8>) -> Int {
        id(of: word, after: UnsafeBufferPointer(start: nil, count: 0))
    }

    /// The id of `prefix` and `word` as one term (a scope's word under its `!<scope> ` prefix),
    /// without first copying the two into one array.
    public mutating func id(of word: UnsafeBufferPointer<UInt8>, after prefix: UnsafeBufferPointer<UInt8>) -> Int {
        // Only where a term's slot is: ids follow first sight, so no output depends on the hash.
        let hash = StableHash.fnv1a(word, from: StableHash.fnv1a(prefix))
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let found = Int(slots[slot])
            if found == 0 { return insert(prefix, word, hash: hash, at: slot) }
            if hashes[found - 1] == hash, equals(found - 1, prefix, word) { return found - 1 }
            slot = (slot + 1) & mask
        }
    }

    private func equals(_ id: Int, _ prefix: UnsafeBufferPointer<UInt8>, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[id]
        guard starts[id + 1] - start == prefix.count + word.count else { return false }
        return arena.withUnsafeBufferPointer { arena in
            for (offset, byte) in prefix.enumerated() where arena[start + offset] != byte { return false }
            let rest = start + prefix.count
            for (offset, byte) in word.enumerated() where arena[rest + offset] != byte { return false }
            return true
        }
    }

    private mutating func insert(_ prefix: UnsafeBufferPointer<UInt8>, _ word: UnsafeBufferPointer<UInt8>, hash: UInt32, at slot: Int) -> Int {
        let id = count
        arena.append(contentsOf: prefix)
        arena.append(contentsOf: word)
        starts.append(arena.count)
        hashes.append(hash)
        slots[slot] = Int32(id + 1)
        if count * 2 > slots.count { grow() }
        return id
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for id in 0..<count {
            var slot = Int(hashes[id]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id + 1)
        }
    }
}
