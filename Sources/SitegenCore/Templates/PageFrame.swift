/// The values a page's template finds beneath the page's own (`RenderContext.render`): those
/// every page shares (`site`, `base`, `asOf`, `assets`, `generator`) and those about the page
/// (`page`, `nav`, `strings`, `scriptStrings`, `updated`, `pageLanguage`).
///
/// Their names are fixed, so a tag's name is matched to its slot once, when the template is
/// compiled (`TemplateName.pageSlot`), and found here by its index. Kept as two dictionary
/// frames, every `{{strings.x}}` or `{{base}}` of every page hashed its name in each frame on
/// the way down (a page looks up about 150 names; hashing was a third of the renderer's time).
public struct PageFrame: Sendable {
    public enum Name: Int, CaseIterable, Sendable {
        case site, base, asOf, assets, generator, page, nav, strings, scriptStrings, updated, pageLanguage

        /// The name as templates write it.
        var key: String { String(describing: self) }

        private static let keys = allCases.map(\.key)
        private static let byKey = Dictionary(uniqueKeysWithValues: allCases.map { ($0.key, $0) })

        /// The slot of a name as written in a tag, if it is one of these.
        static func slot(_ key: String) -> Int? { byKey[key]?.rawValue }

        /// Whether `object` has a value under one of these names (which would hide the frame's).
        static func hasAny(in object: TemplateObject) -> Bool { keys.contains { object[$0] != nil } }
    }

    private var slots = [TemplateValue?](repeating: nil, count: Name.allCases.count)

    public init() {}

    public subscript(name: Name) -> TemplateValue? {
        get { slots[name.rawValue] }
        set { slots[name.rawValue] = newValue }
    }

    /// The value in a slot (`TemplateName.pageSlot`).
    subscript(slot slot: Int) -> TemplateValue? { slots[slot] }

    /// The same values as an object (for code and tests that want them by name).
    public var object: TemplateObject {
        var object: TemplateObject = [:]
        for name in Name.allCases { object[name.key] = self[name] }
        return object
    }
}
