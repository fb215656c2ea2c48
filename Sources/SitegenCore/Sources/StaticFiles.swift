import Foundation

/// Files copied as they are: the theme's `Templates/assets/**` to `assets/**`, and the
/// volunteer's `Content/static/**` to the site root (favicon, photos, PDFs).
public enum StaticFiles {
    public static let contentFolder = "static"
    public static let assetsFolder = "assets"
    /// The theme's favicon (`scripts/make-icons` renders it from the app icons' SVG), copied to
    /// the site's root as `favicon.ico` as well.
    static let themeFavicon = "icons/favicon.ico"
    static let favicon = "favicon.ico"

    public static func read(templates: SourceTree, content: SourceTree, diagnostics: Diagnostics) async -> [OutputFile] {
        let assets = templates.subtree(assetsFolder)
        let statics = content.subtree(contentFolder)
        let assetFiles = assets.files(diagnostics: diagnostics), staticFiles = statics.files(diagnostics: diagnostics)
        var sources = assetFiles.map { Source(tree: assets, relative: $0, target: "assets/" + $0) }
            + staticFiles.map { Source(tree: statics, relative: $0, target: $0) }
        // Browsers ask every site for /favicon.ico: the theme's, unless the volunteer's static files have one.
        if assetFiles.contains(themeFavicon), !staticFiles.contains(favicon) {
            sources.append(Source(tree: assets, relative: themeFavicon, target: favicon))
        }
        return await concurrentMap(sources) { source -> OutputFile? in
            guard let data = source.tree.data(source.relative) else {
                diagnostics.error("cannot read file", at: SourceLocation(path: source.tree.display(source.relative)))
                return nil
            }
            return OutputFile(path: source.target, data: data, source: source.tree.display(source.relative))
        }.compactMap { $0 }
    }

    private struct Source: Sendable {
        let tree: SourceTree
        let relative: String
        let target: String
    }
}
