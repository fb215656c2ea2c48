/// After rendering: every link or image a Markdown page points at inside the site must exist
/// in the output (a page, a copied static file, a feed). A missing photo or a mistyped link is
/// reported at the line of the page that references it (`MarkdownLinkCheck`, which the
/// localities' descriptions go through too).
public enum ReferenceCheck {
    public static func check(_ pages: [Page], site: BuiltSite, context: RenderContext) {
        // A page that failed to render (reported) is missing from the site: links to it are not news.
        guard !context.diagnostics.hasErrors else { return }
        checkMenu(context: context, site: site)
        for page in pages {
            MarkdownLinkCheck.check(.init(markdown: page.body, path: page.source.path, firstLine: page.bodyFirstLine,
                                          sitePath: page.sitePath), site: site, context: context)
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
        MarkdownLinkCheck.sitePath(of: url, from: pagePath, basePath: basePath)
    }
}
