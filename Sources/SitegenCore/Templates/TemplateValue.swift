/// How a template sees one value of a page's `[String: Any]`: the shapes Swift code puts there
/// (strings, flags, numbers, dictionaries, lists), told apart by casts to concrete types, which
/// are cheap (protocol casts are what made general-purpose rendering slow).
enum TemplateValue {
    case missing
    case text(String)
    case flag(Bool)
    case object([String: Any])
    case list(TemplateList)
    /// Numbers and anything else: shown as `String(describing:)`, true in a section.
    case other(Any)

    init(_ value: Any?) {
        guard let value else { self = .missing; return }
        switch value {
        case let text as String: self = .text(text)
        case let object as [String: Any]: self = .object(object)
        case let flag as Bool: self = .flag(flag)
        case let number as Int: self = .other(number)
        case let number as Double: self = .other(number)
        case let list as [[String: Any]]: self = .list(.objects(list))
        case let list as [String]: self = .list(.texts(list))
        case let list as [Any]: self = .list(.values(list))
        case let optional as any OptionalValue: self = TemplateValue(optional.wrapped)
        default: self = Self.reflected(value)
        }
    }

    /// Collections of other element types, through reflection (sitegen's own pages never need it).
    private static func reflected(_ value: Any) -> TemplateValue {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection?, .set?: return .list(.values(mirror.children.map(\.value)))
        case .dictionary?:
            var object: [String: Any] = [:]
            for child in mirror.children {
                let pair = Array(Mirror(reflecting: child.value).children)
                if pair.count == 2, let key = pair[0].value as? String { object[key] = pair[1].value }
            }
            return .object(object)
        default: return .other(value)
        }
    }

    /// Whether a section shows (once or per item) and an inverted section does not.
    var isTruthy: Bool {
        switch self {
        case .missing: false
        case .flag(let flag): flag
        case .list(let list): !list.isEmpty
        case .text, .object, .other: true
        }
    }

    /// The child `key` of this value: a dictionary entry, or a stored property of a struct.
    static func child(_ key: String, of value: Any) -> Any? {
        if let object = value as? [String: Any] { return object[key] }
        if value is String || value is Bool || value is Int { return nil }
        return Mirror(reflecting: value).children.first { $0.label == key }?.value
    }
}

/// The items of a list value, without converting the list to `[Any]` first.
enum TemplateList {
    case objects([[String: Any]])
    case texts([String])
    case values([Any])

    var isEmpty: Bool {
        switch self {
        case .objects(let items): items.isEmpty
        case .texts(let items): items.isEmpty
        case .values(let items): items.isEmpty
        }
    }

    func forEach(_ body: (Any) -> Void) {
        switch self {
        case .objects(let items): for item in items { body(item) }
        case .texts(let items): for item in items { body(item) }
        case .values(let items): for item in items { body(item) }
        }
    }
}

/// `Optional` seen through `Any` (a `String?` stored in a dictionary of `Any`).
protocol OptionalValue {
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    var wrapped: Any? { self.map { $0 as Any } }
}
