import SitegenCore

/// The oracle's seeded random numbers (SplitMix64): the same seed gives the same edit sequence
/// on every machine and Swift version, so a failing seed printed by the test replays exactly
/// (`SITEGEN_ORACLE_SEED=…`). The standard library's generator is seeded from the system.
struct OracleRandom: RandomNumberGenerator {
    private var base: SplitMix64

    init(seed: UInt64) { base = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { base.next() }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }

    /// One of `items` (not empty), chosen by this generator (not `randomElement()`, whose use of
    /// the generator may change between Swift versions).
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

    /// A number in `range`.
    mutating func number(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
