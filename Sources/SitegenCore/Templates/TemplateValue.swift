/// What a template can show: the values Swift code hands a page. A closed set of shapes, so a
/// page's values are `Sendable` (built on one core, rendered on another) and two page specs
/// compare with `==` (the incremental build renders a page again only when its values changed).
///
/// Mustache reads them as: `text` and `number` print themselves; `flag` shows or hides a
/// section; `object` is a context whose names sections and `a.b` look up; `list` repeats a
/// section once per item.
public enum TemplateValue: Sendable, Hashable {
    case text(String)
    case flag(Bool)
    case number(Int)
    case object(TemplateObject)
    case list([TemplateValue])

    /// A list of objects (the common case: rows, links, entries).
    public static func objects(_ items: [TemplateObject]) -> TemplateValue {
        .list(items.map(TemplateValue.object))
    }

    /// A list of strings.
    public static func texts(_ items: [String]) -> TemplateValue {
        .list(items.map(TemplateValue.text))
    }

    /// Whether a section shows (once or per item) and an inverted section does not. Every
    /// text and number is true, even "" and 0, as the templates were written for.
    var isTruthy: Bool {
        switch self {
        case .flag(let flag): flag
        case .list(let items): !items.isEmpty
        case .text, .number, .object: true
        }
    }

    /// The child `key` of an object; nothing inside any other value.
    func child(_ key: String) -> TemplateValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// `value["key"]`: the child of an object, as a template's `value.key` finds it.
    public subscript(key: String) -> TemplateValue? { child(key) }

    /// The string of a text value.
    public var string: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The items of a list ([] for any other value).
    public var items: [TemplateValue] {
        if case .list(let items) = self { return items }
        return []
    }
}

/// A page's values, or one object inside them: names to values.
public typealias TemplateObject = [String: TemplateValue]

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self = .text(value) }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .flag(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .number(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements) { first, _ in first })
    }
}
