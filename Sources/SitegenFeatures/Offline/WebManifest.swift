import Foundation

/// The web-app manifest: what a phone needs to add the site to its home screen.
struct WebManifest: Encodable {
    struct Icon: Encodable {
        let src: String
        let sizes: String
        let type: String
        let purpose: String
    }

    let name: String
    let short_name: String
    let description: String
    let lang: String
    let start_url: String
    let scope: String
    let display: String
    let background_color: String
    let theme_color: String
    let icons: [Icon]

    /// The icons the manifest names, when the theme has them (`Templates/assets/icons/`).
    static let icons = [("assets/icons/icon-192.png", "192x192", "any"), ("assets/icons/icon-512.png", "512x512", "any"),
                        ("assets/icons/icon-maskable-512.png", "512x512", "maskable")]
    /// The manifest's colours: site.css's light `--accent` and `--bg` (a manifest has one theme
    /// colour; the layout's two `theme-color` metas give the light and the dark one).
    static let themeColor = "#1d4f91"
    static let backgroundColor = "#ffffff"

    static func data(context: RenderContext, assets: [OutputFile]) throws -> Data {
        let present = Set(assets.map(\.path))
        let manifest = WebManifest(
            name: context.config.title, short_name: context.config.shortTitle ?? context.config.title,
            description: context.config.description, lang: context.config.language, start_url: "./", scope: "./",
            display: "standalone", background_color: backgroundColor, theme_color: themeColor,
            icons: icons.filter { present.contains($0.0) }.map { Icon(src: $0.0, sizes: $0.1, type: "image/png", purpose: $0.2) })
        return try encoder.encode(manifest)
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
