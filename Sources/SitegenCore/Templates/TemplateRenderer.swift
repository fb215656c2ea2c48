/// Renders a compiled template with a page's values into UTF-8 bytes.
///
/// Mustache semantics: a name is looked up from the innermost section's value outwards (for
/// `a.b`, only `a` so, then `b` inside it); `{{value}}` is HTML-escaped; a section shows once
/// for a true value, once per item of a list, not at all for false, a missing value or an empty
/// list; a standalone partial or block indents every line it outputs; a child template's blocks
/// replace its parent's (the most derived child wins).
struct TemplateRenderer {
    /// Deeper than this, a template is taken to include itself forever.
    static let maximumDepth = 100

    private let templates: [String: Template]
    private(set) var output: [UInt8] = []
    /// The template whose inclusion went past `maximumDepth`, or that was including itself when
    /// the page went past `maximumSteps`, if one did.
    private(set) var runaway: String?
    /// The page went past `maximumSteps` with no template including itself: a page too large,
    /// not a cycle (70,000 meetings on one page), reported as such and on that page only.
    private(set) var overBudget = false
    /// The page's HTML went past `maximumBytes`: rendering stopped there (a 300 KB template of
    /// `{{site.description}}` with a 100 KB description made 1 GB pages, and a build under a memory
    /// limit died with SIGABRT instead of an error).
    private(set) var overBytes = false
    /// How many times each template is open (included, not yet finished); one open twice is recursing.
    private var open: [String: Int] = [:]
    /// The values sections have entered, innermost last, above the frames given.
    private var stack: [TemplateValue]
    /// Beneath them all, a page's values by fixed name (`RenderContext.render`).
    private let page: PageFrame?
    /// How many frames at the bottom of `stack` (the given ones) have none of `page`'s names: a
    /// name of `page` is not looked for in them (a page's own values rarely hide one; most of a
    /// page's lookups are of `strings`, `base`, `site`, `page`).
    private let framesWithoutPageNames: Int
    private var indentation: [UInt8] = []
    private var overrides: [String: [TemplateNode]] = [:]
    private var depth = 0
    /// Nodes rendered so far, against `maximumSteps`; and the template being rendered, for the message.
    private var steps = 0
    private var current = ""
    /// More than ten times the largest bundled page (all build within 100,000); a template that gets here (lists inside
    /// lists inside lists…) would otherwise run for minutes: it is reported like a runaway.
    static let maximumSteps = 1_000_000
    /// The HTML of one page: 8 MiB, 60 times the largest bundled page (the WEB's contents, 137 KB;
    /// a chapter is 21 KB, the schedule page 129 KB).
    static let maximumBytes = 8 * 1024 * 1024

    init(templates: [String: Template], page: PageFrame? = nil, frames: [TemplateObject], name: String = "") {
        self.templates = templates
        self.current = name
        self.page = page
        self.stack = frames.map(TemplateValue.object)
        framesWithoutPageNames = page == nil ? 0 : frames.prefix { !PageFrame.Name.hasAny(in: $0) }.count
        // Above nearly every page's size (a chapter page is about 21 KB, 23 of 6,800 pass 64 KB):
        // grown from 16 KB, most pages were copied once on the way. Only a page being rendered
        // holds it (one per core); the file keeps its own exact copy.
        output.reserveCapacity(64 * 1024)
    }

    mutating func render(_ nodes: [TemplateNode]) {
        steps += nodes.count
        if steps > Self.maximumSteps {
            if open.values.contains(where: { $0 > 1 }) { runaway = runaway ?? current } else { overBudget = true }
            return
        }
        for node in nodes {
            guard output.count <= Self.maximumBytes else { overBytes = true; return }
            switch node {
            case .text(let bytes): emit(bytes)
            case .value(let name, let escaped): emit(lookup(name), escaped: escaped)
            case .section(let name, let body): section(lookup(name), body)
            case .inverted(let name, let body): if !(lookup(name)?.isTruthy ?? false) { render(body) }
            case .partial(let name, let indentation): include(name, indentation: indentation, blocks: [:])
            case .parent(let name, let blocks, let indentation): include(name, indentation: indentation, blocks: blocks)
            case .block(let name, let body, let indentation): expand(overrides[name] ?? body, name: current, indentation: indentation)
            }
        }
    }

    private func lookup(_ name: TemplateName) -> TemplateValue? {
        guard let first = name.parts.first else { return stack.last }
        let floor = name.pageSlot == nil ? 0 : framesWithoutPageNames
        for index in stride(from: stack.count - 1, through: floor, by: -1) {
            if let value = stack[index].child(first) { return descend(value, name) }
        }
        guard let slot = name.pageSlot, let value = page?[slot: slot] else { return nil }
        return descend(value, name)
    }

    /// `a.b.c` inside the value found for `a`.
    private func descend(_ found: TemplateValue, _ name: TemplateName) -> TemplateValue? {
        var value = found
        for part in name.parts.dropFirst() {
            guard let child = value.child(part) else { return nil }
            value = child
        }
        return value
    }

    private mutating func section(_ value: TemplateValue?, _ body: [TemplateNode]) {
        switch value {
        case nil: return
        case .flag(let flag): if flag { render(body) }
        case .list(let items): for item in items { within(item, body) }
        case let value?: within(value, body)
        }
    }

    private mutating func within(_ frame: TemplateValue, _ body: [TemplateNode]) {
        stack.append(frame)
        render(body)
        stack.removeLast()
    }

    /// A partial, or a parent with the blocks its child fills.
    private mutating func include(_ name: String, indentation extra: [UInt8], blocks: [String: [TemplateNode]]) {
        guard let template = templates[name] else { return }   // reported when the templates were loaded
        let saved = overrides, savedCurrent = current
        overrides.merge(blocks) { outer, _ in outer }
        current = name
        open[name, default: 0] += 1
        expand(template.nodes, name: name, indentation: extra)
        open[name, default: 1] -= 1
        overrides = saved
        current = savedCurrent
    }

    private mutating func expand(_ nodes: [TemplateNode], name: String, indentation extra: [UInt8]) {
        guard depth < Self.maximumDepth else {
            runaway = runaway ?? name
            return
        }
        let saved = indentation
        indentation += extra
        depth += 1
        render(nodes)
        depth -= 1
        indentation = saved
    }

    // MARK: Output

    private mutating func emit(_ bytes: [UInt8]) {
        guard !indentation.isEmpty else { return output.append(contentsOf: bytes) }
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
            indentAtLineStart()
            output.append(contentsOf: bytes[start..<end])
            start = end
        }
    }

    /// Texts and numbers print themselves; a flag prints `true` or `false`; objects and lists
    /// print nothing (they are for sections).
    private mutating func emit(_ value: TemplateValue?, escaped: Bool) {
        switch value {
        case .text(let text): write(text, escaped: escaped)
        case .number(let number): write(String(number), escaped: escaped)
        case .flag(let flag): write(flag ? "true" : "false", escaped: escaped)
        case .object, .list, nil: return
        }
    }

    private mutating func write(_ text: String, escaped: Bool) {
        guard !text.isEmpty else { return }
        indentAtLineStart()
        var text = text
        text.withUTF8 { bytes in
            if escaped { Escape.appendHTML(bytes, to: &output) } else { output.append(contentsOf: bytes) }
        }
    }

    private mutating func indentAtLineStart() {
        if !indentation.isEmpty, output.isEmpty || output.last == UInt8(ascii: "\n") {
            output.append(contentsOf: indentation)
        }
    }
}
