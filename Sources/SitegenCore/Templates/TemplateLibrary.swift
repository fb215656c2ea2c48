import Foundation
import Mustache

/// The volunteer's Mustache templates from `Templates/`, each compiled once.
///
/// Templates are logic-less; `{{value}}` is HTML-escaped, `{{{value}}}` is for HTML the
/// generator built itself (rendered Markdown, stanzas). Pages extend `layout` with
/// `{{<layout}}…{{/layout}}`, so restyling the site means editing `Templates/` only.
public struct TemplateLibrary: Sendable {
    private let library: MustacheLibrary
    public let names: Set<String>
    /// The folder the templates were read from (for messages).
    public let tree: SourceTree

    public init(templates: [String: String], tree: SourceTree, diagnostics: Diagnostics) {
        var library = MustacheLibrary()
        for (name, text) in templates.sorted(by: { $0.key < $1.key }) {
            let path = tree.display(name + ".mustache")
            do {
                try library.register(text, named: name)
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.error("template syntax: \(error.error)",
                                  at: SourceLocation(path: path, line: error.context.lineNumber, column: error.context.columnNumber))
            } catch {
                diagnostics.error("template syntax: \(error)", at: SourceLocation(path: path))
            }
        }
        self.library = library
        self.names = Set(templates.keys)
        self.tree = tree
        Self.checkReferences(templates, names: names, tree: tree, diagnostics: diagnostics)
    }

    /// Reads every `*.mustache` file below `tree` (the `assets` folder is not templates).
    public static func load(from tree: SourceTree, diagnostics: Diagnostics) -> TemplateLibrary {
        if !tree.exists {
            diagnostics.error("templates folder not found", at: SourceLocation(path: tree.displayPath))
        }
        var texts: [String: String] = [:]
        for relative in tree.files(withExtensions: ["mustache"], diagnostics: diagnostics) where !relative.hasPrefix("assets/") {
            guard let file = tree.read(relative, diagnostics: diagnostics) else { continue }
            texts[String(relative.dropLast(".mustache".count))] = file.text
        }
        return TemplateLibrary(templates: texts, tree: tree, diagnostics: diagnostics)
    }

    public func has(_ name: String) -> Bool { names.contains(name) }

    /// Reports templates the site needs that are missing.
    public func require(_ required: [String], diagnostics: Diagnostics) {
        for name in required where !has(name) {
            diagnostics.error("missing template '\(name).mustache'", at: SourceLocation(path: tree.display(name + ".mustache")))
        }
    }

    /// Renders `name` with `context`; nil when the template does not exist.
    public func render(_ name: String, _ context: [String: Any]) -> String? {
        library.render(context, withTemplate: name)
    }

    /// Mustache renders a missing partial as nothing; a volunteer's typo deserves an error.
    static func checkReferences(_ templates: [String: String], names: Set<String>, tree: SourceTree, diagnostics: Diagnostics) {
        let pattern = try! NSRegularExpression(pattern: #"\{\{\s*[<>]\s*([^\s}]+)\s*\}\}"#)
        for (name, text) in templates {
            let ns = text as NSString
            for match in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                let target = ns.substring(with: match.range(at: 1))
                guard !names.contains(target), !target.hasPrefix("*") else { continue }
                let before = ns.substring(to: match.range.location)
                let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
                diagnostics.error("unknown template '\(target)' (no \(target).mustache in \(tree.displayPath))",
                                  at: SourceLocation(path: tree.display(name + ".mustache"), line: lines.count,
                                                     column: (lines.last?.count ?? 0) + 1))
            }
        }
    }
}
