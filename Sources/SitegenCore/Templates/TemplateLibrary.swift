import Foundation

/// The site's Mustache templates, each compiled once: the built-in theme's, each replaced by the
/// site's own `Templates/NAME.mustache` when it has one (`BuiltInTheme`).
///
/// Templates are logic-less; `{{value}}` is HTML-escaped, `{{{value}}}` is for HTML the
/// generator built itself (rendered Markdown, stanzas). Pages extend `layout` with
/// `{{<layout}}…{{/layout}}`, so restyling the site means editing `Templates/` only.
public struct TemplateLibrary: Sendable {
    private let templates: [String: Template]
    /// Templates that ran away in an earlier render (see `RunawayMemo`).
    private let runaways = RunawayMemo()
    public var names: Set<String> { Set(templates.keys) }
    /// The folder the templates were read from (for messages).
    public let tree: SourceTree
    /// Whether the theme has `assets/custom.css` (the layout links it when it is there).
    public let hasCustomStylesheet: Bool

    public init(templates texts: [String: String], tree: SourceTree, hasCustomStylesheet: Bool = false, diagnostics: Diagnostics) {
        var templates: [String: Template] = [:]
        for (name, text) in texts {
            do {
                templates[name] = try TemplateParser.parse(text, name: name)
            } catch {
                diagnostics.error("template syntax: \(error.message)",
                                  at: SourceLocation(path: tree.display(name + ".mustache"), line: error.line, column: error.column))
            }
        }
        self.templates = templates
        self.tree = tree
        self.hasCustomStylesheet = hasCustomStylesheet
        Self.checkReferences(templates.values, known: Set(texts.keys), tree: tree, diagnostics: diagnostics)
    }

    /// Reads every `*.mustache` file below `tree` (the `assets` folder is not templates) over the
    /// built-in theme's; without a built-in theme the folder must exist.
    public static func load(from tree: SourceTree, builtIn: BuiltInTheme = .none, diagnostics: Diagnostics) -> TemplateLibrary {
        if !tree.exists && builtIn.isEmpty {
            diagnostics.error("templates folder not found", at: SourceLocation(path: tree.displayPath))
        }
        var texts = builtIn.templateTexts
        for relative in tree.files(withExtensions: ["mustache"], diagnostics: diagnostics) where !relative.hasPrefix("assets/") {
            guard let file = tree.read(relative, diagnostics: diagnostics) else { continue }
            // One too large is reported and taken as empty (not as missing, a second error).
            texts[String(relative.dropLast(".mustache".count))] = file.isWithin(.template, diagnostics: diagnostics) ? file.text : ""
        }
        let custom = StaticFiles.assetsFolder + "/" + BuiltInTheme.customStylesheet
        return TemplateLibrary(templates: texts, tree: tree,
                               hasCustomStylesheet: tree.fileExists(custom) || builtIn.files[custom] != nil, diagnostics: diagnostics)
    }

    public func has(_ name: String) -> Bool { templates[name] != nil }

    /// The templates `name` includes or extends directly.
    public func references(of name: String) -> Set<String> {
        Set(templates[name]?.references.map(\.name) ?? [])
    }

    /// Reports templates the site needs that are missing.
    public func require(_ required: [String], diagnostics: Diagnostics) {
        for name in required where !has(name) {
            diagnostics.error("missing template '\(name).mustache'", at: SourceLocation(path: tree.display(name + ".mustache")))
        }
    }

    /// The result of rendering one page.
    public enum Rendering {
        case html([UInt8])
        case unknownTemplate
        /// A template included itself (directly or through others) without end.
        case runaway(String)
        /// The page needs more than `TemplateRenderer.maximumSteps` nodes with no template
        /// including itself: too large, not a cycle (other pages are not affected).
        case tooLarge(limit: Int)
        /// The page's HTML would be more than `TemplateRenderer.maximumBytes` bytes.
        case tooManyBytes(limit: Int)
    }

    /// Renders `name` into UTF-8 bytes. `frames`: the values, outermost first; a name is looked
    /// up in the last frame first (as if the frames were merged in order), then in `page`.
    public func render(_ name: String, page: PageFrame? = nil, frames: [TemplateObject]) -> Rendering {
        guard let template = templates[name] else { return .unknownTemplate }
        if let known = runaways.known(from: name, in: templates) { return .runaway(known) }
        var renderer = TemplateRenderer(templates: templates, page: page, frames: frames, name: name)
        renderer.render(template.nodes)
        if let runaway = renderer.runaway {
            let named = TemplateCycles.selfIncluding(runaway, in: templates)
            runaways.record(named)
            return .runaway(named)
        }
        if renderer.overBudget { return .tooLarge(limit: TemplateRenderer.maximumSteps) }
        if renderer.overBytes { return .tooManyBytes(limit: TemplateRenderer.maximumBytes) }
        return .html(renderer.output)
    }

    /// Renders `name` with `values` as text; nil when the template does not exist or never ends.
    public func render(_ name: String, _ values: TemplateObject) -> String? {
        guard case .html(let bytes) = render(name, frames: [values]) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Mustache renders a missing partial as nothing; a volunteer's typo deserves an error.
    static func checkReferences(_ templates: Dictionary<String, Template>.Values, known: Set<String>, tree: SourceTree,
                                diagnostics: Diagnostics) {
        for template in templates {
            for reference in template.references where !known.contains(reference.name) {
                diagnostics.error("unknown template '\(reference.name)' (no \(reference.name).mustache in \(tree.displayPath))",
                                  at: SourceLocation(path: tree.display(template.name + ".mustache"), line: reference.line,
                                                     column: reference.column))
            }
        }
    }
}
