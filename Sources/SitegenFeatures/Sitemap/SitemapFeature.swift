/// `sitemap.xml` and `robots.txt`, from the pages actually written.
public struct SitemapFeature: SiteFeature {
    public init() {}

    public var name: String { "sitemap" }
    public var reads: [any Contribution.Type]? { [] }

    /// The pages' file paths (`hymns/12/index.html`).
    public func input(_ site: SiteSoFar, context: RenderContext) -> [String] {
        site.pages.compactMap { $0.file?.path }
    }

    public func make(_ paths: [String], context: RenderContext, cache: NoFeatureCache) throws -> FeatureFiles {
        FeatureFiles(files: Self.files(pagePaths: paths, context: context))
    }

    static func files(pagePaths: [String], context: RenderContext) -> [OutputFile] {
        let locations = pagePaths
            .filter { $0.hasSuffix("index.html") && !$0.hasPrefix(Manifest.root) }
            .map { context.absoluteURL(String($0.dropLast("index.html".count))) }
            .sorted()
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for url in locations { xml += "  <url><loc>\(Escape.xml(url))</loc></url>\n" }
        xml += "</urlset>\n"
        let robots = "User-agent: *\nAllow: /\n\nSitemap: \(context.absoluteURL("sitemap.xml"))\n"
        return [OutputFile(path: "sitemap.xml", text: xml), OutputFile(path: "robots.txt", text: robots)]
    }
}
