import Foundation

/// Everything a renderer needs besides its own model: the site settings, the as-of date,
/// the compiled templates and where to report problems. Renderers are pure functions of
/// (model, context) → files.
public struct RenderContext: Sendable {
    public let config: SiteConfig
    /// Absolute base URL ending in `/` (`https://example.org/church/`) or a path (`/`).
    public let baseURL: String
    /// Path part of the base URL, always starting and ending with `/`.
    public let basePath: String
    /// The day the build treats as today.
    public let asOf: CalendarDate
    public let templates: TemplateLibrary
    public let markdown: MarkdownRenderer
    public let diagnostics: Diagnostics
    public let jobs: Int
    public let generator: String
    private let shared: SharedValues

    public init(config: SiteConfig, baseURL: String, asOf: CalendarDate, templates: TemplateLibrary,
                diagnostics: Diagnostics, jobs: Int, generator: String) {
        let normalized = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        let path = Self.path(ofBaseURL: normalized)
        self.config = config
        self.baseURL = normalized
        self.basePath = path
        self.asOf = asOf
        self.templates = templates
        self.markdown = MarkdownRenderer(allowRawHTML: config.allowRawHTML, basePath: path)
        self.diagnostics = diagnostics
        self.jobs = jobs
        self.generator = generator
        let url = { (sitePath: String) in path + (sitePath.hasPrefix("/") ? String(sitePath.dropFirst()) : sitePath) }
        let nav = Self.navigation(config.menu) { $0.hasPrefix("/") && !$0.hasPrefix("//") ? url($0) : $0 }
        self.shared = SharedValues(Self.sharedValues(config: config, baseURL: normalized, asOf: asOf, generator: generator, url: url),
                                   nav: nav.bySection, otherNav: nav.other)
    }

    static func path(ofBaseURL url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url.hasPrefix("/") ? url : "/" + url }
        let rest = url[schemeEnd.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return "/" }
        return String(rest[slash...])
    }

    /// Link to a page or file of this site: `url("hymns/12/")` → `/hymns/12/`.
    public func url(_ sitePath: String) -> String {
        basePath + (sitePath.hasPrefix("/") ? String(sitePath.dropFirst()) : sitePath)
    }

    /// Absolute URL for feeds and the sitemap; a path when the base URL has no host.
    public func absoluteURL(_ sitePath: String) -> String {
        baseURL + (sitePath.hasPrefix("/") ? String(sitePath.dropFirst()) : sitePath)
    }

    /// Links from site.yml may be site-relative (`/hymns/`) or absolute (`https://…`).
    public func link(_ configured: String) -> String {
        configured.hasPrefix("/") && !configured.hasPrefix("//") ? url(configured) : configured
    }
}

/// A page to be rendered: its template, where it goes and what it shows.
public struct PageSpec {
    /// Site path: `hymns/12/`, `` for the home page, `404.html`.
    public var path: String
    public var template: String
    public var title: String
    public var description: String
    /// Template values of this page, merged over the site-wide ones.
    public var values: [String: Any]
    /// The source the page came from (for messages), if any.
    public var source: SourceLocation?

    public init(path: String, template: String, title: String, description: String = "",
                values: [String: Any] = [:], source: SourceLocation? = nil) {
        self.path = path
        self.template = template
        self.title = title
        self.description = description
        self.values = values
        self.source = source
    }
}

extension RenderContext {
    /// The values every template can use that are the same on every page: `site`, `base`,
    /// `asOf`, `assets`, `generator` (built once per build, not once per page).
    static func sharedValues(config: SiteConfig, baseURL: String, asOf: CalendarDate, generator: String,
                             url: (String) -> String) -> [String: Any] {
        // Typed `[String: Any]` throughout: a `[String: String]` would be converted at every lookup.
        let site: [String: Any] = ["title": config.title, "description": config.description, "language": config.language,
                                   "baseURL": baseURL, "footer": config.footer]
        let asOfValues: [String: Any] = ["iso": asOf.description, "long": asOf.longDescription, "year": asOf.year]
        let assets: [String: Any] = ["css": url("assets/site.css"), "js": url("assets/site.js")]
        return [
            "site": site,
            "base": url(""),
            "asOf": asOfValues,
            "assets": assets,
            "generator": generator,
        ]
    }

    /// The values about the page itself: `page` and `nav` (whose current item depends on the section).
    public func pageValues(for page: PageSpec) -> [String: Any] {
        let section = page.path.split(separator: "/").first.map(String.init) ?? ""
        let pageValues: [String: Any] = [
            "title": page.title, "description": page.description.isEmpty ? config.description : page.description,
            "url": url(page.path), "canonical": absoluteURL(page.path), "isHome": page.path.isEmpty, "section": section,
        ]
        return ["page": pageValues, "nav": shared.nav[section] ?? shared.otherNav]
    }

    /// The menu as `nav` items for a page of each section the menu links to (that item is
    /// `current`), and for every other page (none is).
    static func navigation(_ menu: [SiteConfig.MenuItem], link: (String) -> String) -> (bySection: [String: [[String: Any]]], other: [[String: Any]]) {
        let sections = menu.map { item in
            item.url.contains("://") ? "" : item.url.split(separator: "/").first.map(String.init) ?? ""
        }
        func items(current: String) -> [[String: Any]] {
            zip(menu, sections).map { item, section in
                ["title": item.title, "url": link(item.url), "current": !section.isEmpty && section == current]
            }
        }
        var bySection: [String: [[String: Any]]] = [:]
        for section in sections where !section.isEmpty { bySection[section] = items(current: section) }
        return (bySection, items(current: ""))
    }

    /// Renders a page through its template (which extends `layout`). The page's own values
    /// come first, then `page`/`nav`, then the shared ones (as if merged in that order).
    public func render(_ page: PageSpec) -> OutputFile? {
        let templateFile = templates.tree.display(page.template + ".mustache")
        switch templates.render(page.template, frames: [shared.values, pageValues(for: page), page.values]) {
        case .html(let bytes):
            return OutputFile(path: OutputFile.filePath(forPage: page.path), data: Data(bytes), source: page.source?.path)
        case .unknownTemplate:
            diagnostics.error("unknown template '\(page.template)' (no \(page.template).mustache in \(templates.tree.displayPath))",
                              at: page.source ?? SourceLocation(path: templateFile))
        case .runaway(let name):
            diagnostics.error("template '\(name)' includes itself without end (through \(page.template).mustache)",
                              at: SourceLocation(path: templates.tree.display(name + ".mustache")))
        }
        return nil
    }

    /// Renders many pages on all cores.
    public func render(_ pages: [PageSpec]) async -> [OutputFile] {
        let boxes = pages.map { UncheckedBox($0) }
        return await concurrentMap(boxes, jobs: jobs) { self.render($0.value) }.compactMap { $0 }
    }
}

/// The template values of a build that every page shares; built once, only read afterwards.
final class SharedValues: @unchecked Sendable {
    let values: [String: Any]
    /// `nav` for pages of each section the menu links to, and for all other pages.
    let nav: [String: [[String: Any]]]
    let otherNav: [[String: Any]]

    init(_ values: [String: Any], nav: [String: [[String: Any]]], otherNav: [[String: Any]]) {
        self.values = values
        self.nav = nav
        self.otherNav = otherNav
    }
}

/// Template values are `[String: Any]`, which Swift cannot prove thread-safe; each page's
/// values are built once and only read afterwards, so handing them to a worker is safe.
public struct UncheckedBox<T>: @unchecked Sendable {
    public let value: T
    public init(_ value: T) { self.value = value }
}
