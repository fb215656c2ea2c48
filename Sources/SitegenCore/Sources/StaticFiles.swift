import Foundation

/// Files copied as they are: the theme's assets to `assets/**` (the built-in ones, each replaced
/// by the site's own `Templates/assets/**` at the same path), and the volunteer's
/// `Content/static/**` to the site root (favicon, photos, PDFs).
public enum StaticFiles {
    public static let contentFolder = "static"
    public static let assetsFolder = "assets"
    /// The theme's favicon (`scripts/make-icons` renders it from the app icons' SVG), copied to
    /// the site's root as `favicon.ico` as well.
    static let themeFavicon = "icons/favicon.ico"
    static let favicon = "favicon.ico"

    public static func read(templates: SourceTree, builtIn: BuiltInTheme = .none, content: SourceTree,
                             diagnostics: Diagnostics) async -> [OutputFile] {
        let assets = templates.subtree(assetsFolder)
        let statics = content.subtree(contentFolder)
        let own = assets.files(diagnostics: diagnostics)
        let ownNames = Set(own)
        let builtInAssets = builtIn.assets.filter { !ownNames.contains($0.key) }
        // Both layers in one sorted list, then the static files: the order a site holding its own
        // copy of the whole theme always had.
        let themeSources = (own.map { Source(tree: assets, relative: $0, target: "assets/" + $0) }
            + builtInAssets.map { Source(builtIn: $0.value, relative: $0.key) }).sorted { $0.target < $1.target }
        let staticFiles = statics.files(diagnostics: diagnostics)
        var sources = themeSources + staticFiles.map { Source(tree: statics, relative: $0, target: $0) }
        // Browsers ask every site for /favicon.ico: the theme's, unless the volunteer's static files have one.
        if let icon = themeSources.first(where: { $0.target == assetsFolder + "/" + themeFavicon }), !staticFiles.contains(favicon) {
            sources.append(icon.copied(to: favicon))
        }
        return await concurrentMap(sources) { source -> OutputFile? in
            if let data = source.builtIn {
                return OutputFile(path: source.target, data: AssetComments.stripped(data, path: source.target),
                                  source: BuiltInTheme.display(source.target))
            }
            guard let data = source.tree?.data(source.relative) else {
                diagnostics.error("cannot read file", at: SourceLocation(path: source.tree?.display(source.relative) ?? source.relative))
                return nil
            }
            // Only the built-in theme's scripts and stylesheets lose their comments (above, and a
            // copy in `Templates/assets/` still the same bytes): the scanner is proven on those. The
            // volunteer's own or changed files ship as they wrote them.
            let unchangedCopy = source.target != source.relative && builtIn.assets[source.relative] == data
            let shipped = unchangedCopy ? AssetComments.stripped(data, path: source.target) : data
            return OutputFile(path: source.target, data: shipped, source: source.tree?.display(source.relative))
        }.compactMap { $0 }
    }

    /// A file to copy: from the site's folders, or the built-in theme's bytes.
    private struct Source: Sendable {
        let tree: SourceTree?
        let builtIn: Data?
        let relative: String
        let target: String

        init(tree: SourceTree, relative: String, target: String) {
            (self.tree, builtIn, self.relative, self.target) = (tree, nil, relative, target)
        }

        init(builtIn data: Data, relative: String) {
            (tree, builtIn, self.relative, target) = (nil, data, relative, StaticFiles.assetsFolder + "/" + relative)
        }

        private init(tree: SourceTree?, builtIn: Data?, relative: String, target: String) {
            (self.tree, self.builtIn, self.relative, self.target) = (tree, builtIn, relative, target)
        }

        /// The same file, copied to another place in the site.
        func copied(to newTarget: String) -> Source {
            Source(tree: tree, builtIn: builtIn, relative: relative, target: newTarget)
        }
    }
}
