/// Finds the locality a free-text place name means ("Watford City, ND", "Tri‐Cities",
/// "Barrie" → its slug), so imported `with` lists link to locality pages where they can.
public struct LocalityMatcher: Sendable {
    private let byKey: [String: String]

    public init(_ localities: [Locality]) {
        var keys: [String: String] = [:]
        for l in localities {
            keys[Self.key(l.slug)] = l.slug
            keys[Self.key(l.name)] = l.slug
            keys[Self.key(Self.withoutRegion(l.name))] = l.slug
        }
        byKey = keys
    }

    public func slug(for name: String) -> String? {
        byKey[Self.key(name)] ?? byKey[Self.key(Self.withoutRegion(name))]
    }

    /// "Flathead Valley, MT (Kalispell)" → "Flathead Valley".
    static func withoutRegion(_ name: String) -> String {
        String(name.split(separator: ",").first ?? Substring(name))
    }

    /// Lower case letters and digits only ("Tri‐Cities" and "tricities" agree).
    static func key(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
            .map(Character.init))
    }
}
