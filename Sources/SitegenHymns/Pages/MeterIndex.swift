import Foundation

/// The hymns grouped by the meter of their stanzas, as a hymnal's metrical index: "other hymns in
/// this meter" is how a song leader finds a tune to sing a text to.
public enum MeterIndex {
    public struct Group: Sendable {
        public let meter: String
        public let id: String
        public let hymns: [Hymn]
    }

    /// Numbered meters first, in numeric order line by line (6.6.4… before 8.6.8.6 before 10.10…),
    /// then the named ones (C.M., Irregular) alphabetically; hymns by number within a group.
    public static func groups(_ hymns: [Hymn]) -> [Group] {
        let metered = hymns.filter { !$0.removed && $0.meter != nil }
        let byMeter = Dictionary(grouping: metered) { Meter.anchor($0.meter!) }
        return byMeter.values.map { members in
            let sorted = members.sorted { $0.number < $1.number }
            let meter = Meter.stanzaPart(sorted[0].meter!)
            return Group(meter: meter, id: Meter.anchor(meter), hymns: sorted)
        }.sorted { sortKey($0.meter) < sortKey($1.meter) }
    }

    /// Counts compare as numbers; a name sorts after every numbered meter.
    static func sortKey(_ meter: String) -> SortKey {
        let counts = meter.split(separator: " ")[0].split(separator: ".").compactMap { Int($0) }
        return SortKey(named: counts.isEmpty, counts: counts, text: meter)
    }

    struct SortKey: Comparable {
        let named: Bool
        let counts: [Int]
        let text: String

        static func < (a: SortKey, b: SortKey) -> Bool {
            if a.named != b.named { return !a.named }
            if a.counts != b.counts { return a.counts.lexicographicallyPrecedes(b.counts) }
            return a.text < b.text
        }
    }
}
