/// After rendering: every link or image a Markdown text points at inside the site must exist in
/// the output (a page, a copied static file, a feed), and every link must be safe (`LinkSafety`).
/// One check for every kind with Markdown: the pages and the localities' descriptions (a
/// `javascript:` link there once became a dead `href=""` with no error). Each problem is reported
/// at the line and column of the source file that holds it.
public enum MarkdownLinkCheck {
    /// A Markdown text, as it stands in its source file.
    public struct Text {
        public let markdown: String
        /// The source file (`Content/pages/about.md`).
        public let path: String
        /// The file's line the text starts at (after the front matter).
        public let firstLine: Int
        /// The site path of the page it is shown on: relative links start there.
        public let sitePath: String

        public init(markdown: String, path: String, firstLine: Int, sitePath: String) {
            self.markdown = markdown
            self.path = path
            self.firstLine = firstLine
            self.sitePath = sitePath
        }
    }

    public static func check(_ text: Text, site: BuiltSite, context: RenderContext) {
        for reference in context.markdown.references(in: text.markdown) {
            let location = SourceLocation(path: text.path, line: text.firstLine + reference.line - 1, column: reference.column)
            if let problem = LinkSafety.problem(reference.url) {
                context.diagnostics.error("\(reference.isImage ? "image" : "link") '\(reference.url)' \(problem)", at: location)
                continue
            }
            guard let target = sitePath(of: reference.url, from: text.sitePath, basePath: context.basePath),
                  !site.contains(sitePath: target) else { continue }
            context.diagnostics.error(reference.isImage
                ? "image '\(reference.url)' is not in the site (put images in Content/static/)"
                : "link '\(reference.url)' points to no page or file of this site", at: location)
        }
    }

    /// The output path a reference points to, or nil for external links, anchors and mail.
    public static func sitePath(of url: String, from pagePath: String, basePath: String) -> String? {
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
