/// After rendering: every link or image a Markdown page points at inside the site must exist
/// in the output (a page, a copied static file, a feed). A missing photo or a mistyped link is
/// reported at the line of the page that references it.
public enum ReferenceCheck {
    public static func check(_ pages: [Page], site: BuiltSite, context: RenderContext) {
        // A page that failed to render (reported) is missing from the site: links to it are not news.
        guard !context.diagnostics.hasErrors else { return }
        checkMenu(context: context, site: site)
        for page in pages {
            for reference in context.markdown.references(in: page.body) {
                if let problem = LinkSafety.problem(reference.url) {
                    context.diagnostics.error("\(reference.isImage ? "image" : "link") '\(reference.url)' \(problem)",
                        at: SourceLocation(path: page.source.path, line: page.bodyFirstLine + reference.line - 1, column: reference.column))
                    continue
                }
                guard let target = sitePath(of: reference.url, from: page.sitePath, basePath: context.basePath) else { continue }
                if site.contains(sitePath: target) { continue }
                let problem = reference.isImage
                    ? "image '\(reference.url)' is not in the site (put images in Content/static/)"
                    : "link '\(reference.url)' points to no page or file of this site"
                context.diagnostics.error(problem,
                    at: SourceLocation(path: page.source.path, line: page.bodyFirstLine + reference.line - 1,
                                       column: reference.column))
            }
        }
    }

    /// Menu links to site paths must lead to a page or file, as Markdown links must.
    static func checkMenu(context: RenderContext, site: BuiltSite) {
        for item in context.config.menu {
            guard let target = sitePath(of: item.url, from: "", basePath: context.basePath) else { continue }
            if target.isEmpty || site.contains(sitePath: target) { continue }
            context.diagnostics.error("menu link '\(item.url)' points to no page or file of this site",
                                      at: item.source ?? SourceLocation(path: "site.yml"))
        }
    }

    /// The output path a reference points to, or nil for external links, anchors and mail.
    static func sitePath(of url: String, from pagePath: String, basePath: String) -> String? {
        if url.isEmpty || url.hasPrefix("#") || url.hasPrefix("//") || url.contains(":") { return nil }
        var path = String(url.prefix { $0 != "#" && $0 != "?" })
        if path.isEmpty { return nil }
        if path.hasPrefix("/") {
            path = path.hasPrefix(basePath) ? String(path.dropFirst(basePath.count)) : String(path.dropFirst())
        } else {
            // Relative to the page's folder: `about/` for /about/, `` for /404.html.
            let folder = pagePath.hasSuffix("/") ? pagePath : pagePath.split(separator: "/").dropLast().map { $0 + "/" }.joined()
            path = folder + path
        }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if parts.popLast() == nil { return nil }; continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return path.hasSuffix("/") && !joined.isEmpty ? joined + "/" : joined
    }
}
