/// `sitemap.xml` and `robots.txt`, from the pages actually written.
public enum Sitemap {
    public static func files(for pages: [OutputFile], context: RenderContext) -> [OutputFile] {
        let locations = pages.map(\.path)
            .filter { $0.hasSuffix("index.html") && !$0.hasPrefix("api/") }
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
