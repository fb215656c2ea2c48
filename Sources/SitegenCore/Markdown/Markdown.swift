import CCmarkGFM
#if canImport(Glibc)
import Glibc
#endif

/// Renders Markdown to HTML with cmark-gfm, linked in process.
///
/// GitHub-flavoured extensions are on (tables, strikethrough, autolinks, tag filter, task lists)
/// plus footnotes and smart punctuation. Raw HTML written in content is shown as text unless
/// the site allows it, because content is data, never code; allowed raw HTML goes through
/// `RawHTMLSanitizer`'s allow-list.
public struct MarkdownRenderer: Sendable, Equatable {
    public var allowRawHTML: Bool
    /// Prefix for links written site-relative (`/hymns/12/`), so a site served below a
    /// sub-path (`https://example.org/church/`) still links correctly.
    public var basePath: String

    public init(allowRawHTML: Bool = false, basePath: String = "/") {
        self.allowRawHTML = allowRawHTML
        self.basePath = basePath
    }

    static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// Registering is idempotent but not thread-safe; a static let runs it exactly once.
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    var options: Int32 {
        var options = CMARK_OPT_SMART | CMARK_OPT_FOOTNOTES | CMARK_OPT_GITHUB_PRE_LANG
        if allowRawHTML { options |= CMARK_OPT_UNSAFE }
        return options
    }

    /// Text beyond `MarkdownLimits` is never given to cmark-gfm: the readers report it as an
    /// error at its line, and here it renders as nothing (a second line of defence).
    public func render(_ markdown: String) -> String {
        guard MarkdownLimits.check(markdown) == nil else { return "" }
        _ = Self.registered
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in Self.extensionNames {
            if let ext = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        markdown.utf8CString.withUnsafeBufferPointer { buffer in
            cmark_parser_feed(parser, buffer.baseAddress, buffer.count - 1)
        }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        rewrite(document)
        guard let html = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    /// A link or image target written in Markdown, with its position in the text (1-based).
    public struct Reference: Sendable, Hashable {
        public let url: String
        public let line: Int
        public let column: Int
        public let isImage: Bool
    }

    /// Every link and image target of `markdown`, for checking that referenced files exist.
    public func references(in markdown: String) -> [Reference] {
        guard MarkdownLimits.check(markdown) == nil else { return [] }
        _ = Self.registered
        guard let parser = cmark_parser_new(options | CMARK_OPT_SOURCEPOS) else { return [] }
        defer { cmark_parser_free(parser) }
        for name in Self.extensionNames {
            if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
        }
        markdown.utf8CString.withUnsafeBufferPointer { cmark_parser_feed(parser, $0.baseAddress, $0.count - 1) }
        guard let document = cmark_parser_finish(parser), let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator); cmark_node_free(document) }
        var result: [Reference] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let url = cmark_node_get_url(node) else { continue }
            // Inline nodes carry no position of their own in cmark-gfm; use the enclosing block's.
            var block: OpaquePointer? = node
            while let b = block, cmark_node_get_start_line(b) == 0 { block = cmark_node_parent(b) }
            result.append(Reference(url: String(cString: url), line: block.map { Int(cmark_node_get_start_line($0)) } ?? 1,
                                    column: block.map { Int(cmark_node_get_start_column($0)) } ?? 1,
                                    isImage: type == CMARK_NODE_IMAGE))
        }
        return result
    }

    /// Turns raw HTML into visible text (unless allowed) and prefixes site-relative links.
    private func rewrite(_ document: OpaquePointer) {
        var rawHTML: [OpaquePointer] = []
        // Allowed raw HTML is balanced per container (the node's parent): what a paragraph, a
        // list item or the page opens is closed there, and nothing closes what it did not open.
        var open: [OpaquePointer: (type: cmark_node_type, elements: RawHTMLSanitizer.OpenElements)] = [:]
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE {
                if !allowRawHTML {
                    rawHTML.append(node)
                } else if let literal = cmark_node_get_literal(node), let parent = cmark_node_parent(node) {
                    // Allowed raw HTML is still rebuilt from an allow-list (no handlers, no script URLs).
                    // In place: a copy per node would make 20,000 inline tags quadratic.
                    let sanitized = RawHTMLSanitizer.sanitize(String(cString: literal),
                                                              open: &open[parent, default: (type, RawHTMLSanitizer.OpenElements())].elements)
                    cmark_node_set_literal(node, sanitized)
                }
            } else if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE {
                // cmark-gfm empties `javascript:` only in safe mode; with raw HTML allowed the same
                // LinkSafety rule as everywhere else applies (the build also reports it as an error).
                if let raw = cmark_node_get_url(node), LinkSafety.problem(String(cString: raw)) != nil,
                   !String(cString: raw).isEmpty { cmark_node_set_url(node, "") }
                prefixSiteRelative(node)
            }
        }
        for node in rawHTML { replaceWithText(node) }
        for (parent, container) in open where !container.elements.isEmpty {
            var elements = container.elements
            appendHTML(elements.closingAll(), type: container.type, to: parent)
        }
    }

    private func appendHTML(_ html: String, type: cmark_node_type, to parent: OpaquePointer) {
        guard let node = cmark_node_new(type) else { return }
        cmark_node_set_literal(node, html)
        if cmark_node_append_child(parent, node) == 0 { cmark_node_free(node) }
    }

    private func prefixSiteRelative(_ node: OpaquePointer) {
        guard basePath != "/", let raw = cmark_node_get_url(node) else { return }
        let url = String(cString: raw)
        guard url.hasPrefix("/"), !url.hasPrefix("//") else { return }
        cmark_node_set_url(node, basePath + url.dropFirst())
    }

    private func replaceWithText(_ node: OpaquePointer) {
        let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        let isBlock = cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK
        guard let text = cmark_node_new(CMARK_NODE_TEXT) else { return }
        let trimmed = isBlock ? String(literal.drop { $0 == "\n" }.reversed().drop { $0 == "\n" }.reversed()) : literal
        cmark_node_set_literal(text, trimmed)
        var replacement = text
        if isBlock, let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH) {
            cmark_node_append_child(paragraph, text)
            replacement = paragraph
        }
        cmark_node_replace(node, replacement)
        cmark_node_free(node)
    }
}
