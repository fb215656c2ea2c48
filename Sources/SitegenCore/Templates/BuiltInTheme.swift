import Foundation

/// The theme compiled into sitegen (this repository's `Templates/`, see docs/architecture.md).
/// A site's own `Templates/` folder is optional and overrides it file by file: a template or an
/// asset the site has at the same relative path replaces the built-in one, everything else is
/// built in (the lookup order of Hugo's `layouts/` before a theme's).
public struct BuiltInTheme: Sendable {
    /// Relative path (`hymn.mustache`, `assets/site.css`) → bytes.
    public let files: [String: Data]

    public init(files: [String: Data]) { self.files = files }

    /// No built-in theme: the site's `Templates/` must hold every file (tests, tools).
    public static let none = BuiltInTheme(files: [:])

    /// An extra stylesheet a site may add (`Templates/assets/custom.css`): the layout links it
    /// after site.css when it is there, so small changes need no copy of site.css.
    public static let customStylesheet = "custom.css"

    public var isEmpty: Bool { files.isEmpty }

    /// The built-in templates' texts by name (`hymn` for `hymn.mustache`), as `TemplateLibrary` reads a folder.
    var templateTexts: [String: String] {
        var texts: [String: String] = [:]
        for (path, data) in files where path.hasSuffix(".mustache") && !path.hasPrefix(StaticFiles.assetsFolder + "/") {
            texts[String(path.dropLast(".mustache".count))] = String(decoding: data, as: UTF8.self)
        }
        return texts
    }

    /// The built-in assets, by path below `assets/`.
    var assets: [String: Data] {
        let prefix = StaticFiles.assetsFolder + "/"
        var assets: [String: Data] = [:]
        for (path, data) in files where path.hasPrefix(prefix) { assets[String(path.dropFirst(prefix.count))] = data }
        return assets
    }

    /// How a built-in file is named in messages.
    public static func display(_ relative: String) -> String { "(built-in theme)/" + relative }
}
