import Foundation
import Synchronization

/// A Markdown page from `Content/pages/`: `about.md` → `/about/`, `index.md` → the home page,
/// `404.md` → `404.html`.
public struct Page: Sendable, Equatable {
    public let sitePath: String
    public let title: String
    public let description: String
    public let template: String
    /// Markdown body; rendered once, when a build first asks (`html(_:)`).
    public let body: String
    /// Line of the source file on which the body starts (for messages about the body).
    public let bodyFirstLine: Int
    public let source: SourceLocation
    /// The body's HTML once made: the page, `pages.json` and the search all read it, and a
    /// session keeps the page (its file's memo) until the file changes.
    let rendered = RenderedBody()

    public var isHome: Bool { sitePath.isEmpty }

    /// Equal when read from files that say the same (what the engine's early cutoff compares);
    /// written out so that the rendering a page carries (`rendered`) is never part of it.
    public static func == (a: Page, b: Page) -> Bool {
        a.sitePath == b.sitePath && a.title == b.title && a.description == b.description && a.template == b.template
            && a.body == b.body && a.bodyFirstLine == b.bodyFirstLine && a.source == b.source
    }

    /// The body as HTML, rendered by cmark-gfm on the first call for these settings and the
    /// same string after (a session whose settings change renders again).
    public func html(_ markdown: MarkdownRenderer) -> String {
        rendered.html(of: body, markdown)
    }
}

/// A page body's HTML, kept with the renderer's settings it was made with. The lock is held
/// while rendering, so two steps asking at once still render once (each page has its own).
final class RenderedBody: Sendable {
    private let made = Mutex<(settings: MarkdownRenderer, html: String)?>(nil)
    /// How many times cmark-gfm rendered this body (what the test of "once" reads).
    let renders = Mutex(0)

    func html(of body: String, _ markdown: MarkdownRenderer) -> String {
        made.withLock { made in
            if let made, made.settings == markdown { return made.html }
            let html = markdown.render(body)
            renders.withLock { $0 += 1 }
            made = (markdown, html)
            return html
        }
    }
}

/// Reads `Content/pages/**/*.md`.
///
/// Front matter keys: `title` (default: the file name), `description`, `template`
/// (default `page`; `home` for the home page), `draft` (true: not built).
public enum PageReader {
    public static let folder = "pages"
    /// The largest page file read: the Markdown body's own limit (`MarkdownLimits`, 512 KiB)
    /// and room for the front matter.
    public static let maximumFileBytes = 1024 * 1024

    /// `queries` remembers the pages of files that did not change (a session's builds).
    public static func read(content: SourceTree, diagnostics: Diagnostics, queries: QueryEngine = QueryEngine()) async -> [Page] {
        let tree = content.subtree(folder)
        let paths = tree.files(withExtensions: ["md", "markdown"], diagnostics: diagnostics).filter {
            SitePathName.check($0, at: SourceLocation(path: tree.display($0)), diagnostics: diagnostics)
        }
        return await concurrentMap(paths) { relative in
            queries.read(relative, in: tree, with: PageFile(), diagnostics: diagnostics)
        }.compactMap { $0 }
    }

    static func read(tree: SourceTree, relative: String, diagnostics: Diagnostics) -> Page? {
        guard let file = tree.read(relative, diagnostics: diagnostics),
              file.isWithin(maximumFileBytes, what: "a page file", diagnostics: diagnostics),
              let document = FrontMatterDocument.split(file, diagnostics: diagnostics),
              let fields = document.fields(diagnostics: diagnostics) else { return nil }
        defer { fields.reportUnknownKeys() }
        let sitePath = sitePath(for: relative)
        let defaultTemplate = sitePath.isEmpty ? "home" : "page"
        let title = fields.string("title") ?? defaultTitle(relative)
        let draft = fields.bool("draft") ?? false
        let page = Page(sitePath: sitePath, title: title, description: fields.string("description") ?? "",
                        template: fields.string("template") ?? defaultTemplate,
                        body: document.body, bodyFirstLine: document.bodyFirstLine, source: file.location(line: 1))
        if let template = fields.string("template"), template.contains("/") == false, template.isEmpty {
            fields.error("'template' must name a template file in Templates/", at: "template")
        }
        if let violation = MarkdownLimits.check(document.body) {   // never handed to cmark-gfm
            diagnostics.error(violation.message, at: file.location(line: document.bodyFirstLine + violation.line - 1, column: violation.column))
            return nil
        }
        return draft ? nil : page
    }

    /// `about.md` → `about/`, `help/index.md` → `help/`, `index.md` → ``, `404.md` → `404.html`.
    static func sitePath(for relative: String) -> String {
        var stem = relative
        if let dot = stem.lastIndex(of: ".") { stem = String(stem[..<dot]) }
        if stem == "404" { return "404.html" }
        if stem == "index" { return "" }
        if stem.hasSuffix("/index") { stem.removeLast("/index".count) }
        return stem + "/"
    }

    static func defaultTitle(_ relative: String) -> String {
        let name = relative.split(separator: "/").last.map(String.init) ?? relative
        let stem = name.split(separator: ".").first.map(String.init) ?? name
        return stem.replacingOccurrences(of: "-", with: " ").capitalized
    }
}

extension Page {
    /// The page as something a template can render; `content` is the rendered Markdown (the
    /// pipeline adds the home page's values to the home page).
    public func spec(context: RenderContext) -> PageSpec {
        PageSpec(path: sitePath, template: template, title: title, description: description,
                 values: ["content": .text(html(context.markdown))], source: source)
    }
}

/// One page file's page (nil: a draft, or unreadable with its problems reported).
struct PageFile: SourceFileReader {
    typealias Value = Page?

    func read(_ tree: SourceTree, _ relative: String, _ queries: Queries) -> Page? {
        PageReader.read(tree: tree, relative: relative, diagnostics: queries.diagnostics)
    }
}
