import Foundation

/// `preview.png`: the one link-preview image of the site (`og:image`, `twitter:image`), made at
/// build time from the site's icon (`assets/icons/icon-512.png`, the theme's or the site's own)
/// and its title. docs/publishing.md, "Link previews".
public struct LinkPreviewFeature: SiteFeature {
    public init() {}

    public var name: String { "preview" }

    public struct Input: Sendable, Equatable {
        let title: String
        let icon: Data?
    }

    public func input(_ site: SiteSoFar, context: RenderContext) -> Input {
        Input(title: context.config.title, icon: site.statics.first { $0.path == LinkPreview.iconPath }?.data)
    }

    /// An icon that cannot be read is a warning and leaves it out: the title still makes a preview.
    public func make(_ input: Input, context: RenderContext, cache: NoFeatureCache) throws -> FeatureFiles {
        var icon: RGBAImage?
        if let data = input.icon {
            do {
                icon = try PNGCodec.decode(data)
            } catch {
                context.diagnostics.warning("the link preview is made without the icon: \(error.description)",
                                            at: SourceLocation(path: LinkPreview.iconPath))
            }
        }
        return FeatureFiles(files: [OutputFile(path: LinkPreview.imagePath, data: PreviewImage.png(title: input.title, icon: icon))])
    }
}
