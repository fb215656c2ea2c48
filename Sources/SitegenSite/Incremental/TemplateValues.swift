import Foundation

/// Exact comparison of two page specs, so that a page is rendered again only when what its
/// template receives changed. Template values are `[String: Any]` trees of strings, numbers,
/// booleans, arrays and dictionaries; anything else counts as changed (safe: re-rendered).
enum TemplateValues {
    static func same(_ a: PageSpec, _ b: PageSpec) -> Bool {
        a.path == b.path && a.template == b.template && a.title == b.title && a.description == b.description
            && a.source?.path == b.source?.path && same(a.values, b.values)
    }

    static func same(_ a: [String: Any], _ b: [String: Any]) -> Bool {
        guard a.count == b.count else { return false }
        for (key, left) in a {
            guard let right = b[key], same(left, right) else { return false }
        }
        return true
    }

    static func same(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case let (x as String, y as String): return x == y
        case let (x as Bool, y as Bool): return x == y
        case let (x as Int, y as Int): return x == y
        case let (x as Double, y as Double): return x == y
        case let (x as [String: Any], y as [String: Any]): return same(x, y)
        // Lists of rows first: casting them to `[Any]` would copy every element into a new array.
        case let (x as [[String: Any]], y as [[String: Any]]):
            guard x.count == y.count else { return false }
            return zip(x, y).allSatisfy { same($0, $1) }
        case let (x as [Any], y as [Any]):
            guard x.count == y.count else { return false }
            return zip(x, y).allSatisfy { same($0, $1) }
        default:
            return sameOptional(a, b)
        }
    }

    /// `Optional` wrapped in `Any` (a `String?` stored as a value): compare what is inside.
    private static func sameOptional(_ a: Any, _ b: Any) -> Bool {
        let left = Mirror(reflecting: a), right = Mirror(reflecting: b)
        guard left.displayStyle == .optional, right.displayStyle == .optional else { return false }
        switch (left.children.first, right.children.first) {
        case (nil, nil): return true
        case let (x?, y?): return same(x.value, y.value)
        default: return false
        }
    }
}
