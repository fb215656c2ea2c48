import Foundation

/// Files copied as they are: the theme's `Templates/assets/**` to `assets/**`, and the
/// volunteer's `Content/static/**` to the site root (favicon, photos, PDFs).
public enum StaticFiles {
    public static func read(templates: SourceTree, content: SourceTree, diagnostics: Diagnostics) async -> [OutputFile] {
        let assets = templates.subtree("assets")
        let statics = content.subtree("static")
        let sources = assets.files(diagnostics: diagnostics).map { (assets, $0, "assets/" + $0) }
            + statics.files(diagnostics: diagnostics).map { (statics, $0, $0) }
        let boxed = sources.map { UncheckedBox($0) }
        return await concurrentMap(boxed) { box -> OutputFile? in
            let (tree, relative, target) = box.value
            guard let data = tree.data(relative) else {
                diagnostics.error("cannot read file", at: SourceLocation(path: tree.display(relative)))
                return nil
            }
            return OutputFile(path: target, data: data, source: tree.display(relative))
        }.compactMap { $0 }
    }
}
