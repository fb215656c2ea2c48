/// A compiled Mustache template: a tree of nodes ready to render, with the names of the
/// templates it includes (for error messages and for the incremental build's dependency graph).
///
/// sitegen compiles templates itself rather than interpreting them through a general library:
/// every page is rendered from these trees, so names are split once, text is kept as UTF-8
/// bytes and values are looked up in the page's typed `TemplateObject`.
/// See `TemplateScanner` (tags and standalone lines), `TemplateParser` (the tree) and
/// `TemplateRenderer` (evaluation).
public struct Template: Sendable {
    public let name: String
    let nodes: [TemplateNode]
    /// `{{> partial}}` and `{{< parent}}` references, in order, with where they are written.
    public let references: [TemplateReference]
}

/// A `{{> name}}` or `{{< name}}` tag.
public struct TemplateReference: Sendable, Equatable {
    public let name: String
    public let line: Int
    public let column: Int
}

/// A variable name as written in a tag: `.` (the current item) or dotted parts (`page.title`).
struct TemplateName: Sendable, Equatable {
    /// Empty for `.`.
    let parts: [String]
    /// The slot of the first part among the names beneath every page's values (`PageFrame`), if it is one.
    let pageSlot: Int?

    init(_ text: String) {
        parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        pageSlot = parts.first.flatMap(PageFrame.Name.slot)
    }
}

enum TemplateNode: Sendable {
    /// Literal template text, as UTF-8.
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}`.
    case value(TemplateName, escaped: Bool)
    /// `{{#name}}…{{/name}}`.
    case section(TemplateName, [TemplateNode])
    /// `{{^name}}…{{/name}}`.
    case inverted(TemplateName, [TemplateNode])
    /// `{{> name}}`; `indentation` is the whitespace before a standalone tag, given to every line.
    case partial(String, indentation: [UInt8])
    /// `{{< name}}{{$block}}…{{/block}}{{/name}}`: renders `name` with these blocks replaced.
    case parent(String, blocks: [String: [TemplateNode]], indentation: [UInt8])
    /// `{{$name}}default{{/name}}` outside a parent: a place a child template may fill.
    case block(String, [TemplateNode], indentation: [UInt8])
}
