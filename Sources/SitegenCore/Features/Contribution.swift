/// A value a content kind (or a feature) gives to one of the site's features: the search's
/// documents, the home page's values, the apps' tables, a schema for the manifest. Its type is
/// its key: each feature reads the contributions of the types it declares, from every kind and
/// every feature before it, and never looks inside a kind (docs/architecture.md).
///
/// `Equatable`, because a feature's input is compared with the last build's: when no
/// contribution changed, its files are kept as they were.
public protocol Contribution: Sendable, Equatable {}

extension Contribution {
    fileprivate func isEqual(to other: any Contribution) -> Bool {
        (other as? Self) == self
    }
}

/// What one kind (or feature) contributes: at most one value of each contribution type.
public struct Contributions: Sendable, Equatable {
    private var values: [ObjectIdentifier: any Contribution] = [:]
    /// The types let go of by `keepOnly(_:)`: asking for one is a pipeline bug.
    private var dropped: Set<ObjectIdentifier> = []

    public init() {}

    /// The given values; a second value of one type replaces the first.
    public init(_ values: any Contribution...) {
        for value in values { add(value) }
    }

    /// Adds `value`, replacing a value of the same type.
    public mutating func add<Value: Contribution>(_ value: Value) {
        values[ObjectIdentifier(Value.self)] = value
    }

    /// The value of this type, if one was given.
    public subscript<Value: Contribution>(_ type: Value.Type) -> Value? {
        precondition(!dropped.contains(ObjectIdentifier(type)), "\(type) was let go of after the contributions stage")
        return values[ObjectIdentifier(type)] as? Value
    }

    /// Lets go of the values of every type but these: those no feature still to run reads
    /// (`sitegen build`, see `SiteFeature.reads`).
    public mutating func keepOnly(_ types: [any Contribution.Type]) {
        let kept = Set(types.map { ObjectIdentifier($0) })
        let gone = values.keys.filter { !kept.contains($0) }
        for key in gone { values[key] = nil }
        dropped.formUnion(gone)
    }

    public var isEmpty: Bool { values.isEmpty }

    public static func == (lhs: Contributions, rhs: Contributions) -> Bool {
        lhs.values.count == rhs.values.count && lhs.values.allSatisfy { key, value in
            rhs.values[key].map { value.isEqual(to: $0) } ?? false
        }
    }
}

/// One contribution with who gave it (a kind's or a feature's name), in the site's order.
public struct Contributed<Value: Contribution>: Sendable, Equatable {
    /// The kind's or the feature's name (`bible`, `search`).
    public let contributor: String
    public let value: Value

    public init(contributor: String, value: Value) {
        self.contributor = contributor
        self.value = value
    }

    /// Every contributor's value of this type, in order (those that gave none left out).
    static func collect(_ type: Value.Type, from contributors: [(name: String, contributions: Contributions)]) -> [Contributed<Value>] {
        contributors.compactMap { item in item.contributions[type].map { Contributed(contributor: item.name, value: $0) } }
    }
}

extension Array {
    /// The template values every contributor gave, merged into one object; a key given twice
    /// is an error naming both contributors (`what`: the page, for the message), never a silent
    /// overwrite.
    public func mergedValues(_ values: (Element) -> (contributor: String, values: TemplateObject), what: String,
                             at location: SourceLocation, diagnostics: Diagnostics) -> TemplateObject {
        var merged: TemplateObject = [:]
        var givenBy: [String: String] = [:]
        for element in self {
            let (contributor, object) = values(element)
            for (key, value) in object.sorted(by: { $0.key < $1.key }) {
                if let first = givenBy[key] {
                    diagnostics.error("\(what) value '\(key)' is given by both '\(first)' and '\(contributor)'", at: location)
                    continue
                }
                givenBy[key] = contributor
                merged[key] = value
            }
        }
        return merged
    }
}
