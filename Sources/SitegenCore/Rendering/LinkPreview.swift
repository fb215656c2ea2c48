/// Where the site's link-preview image is (`LinkPreviewFeature` writes it; every page's
/// `og:image` names it at a published address).
public enum LinkPreview {
    public static let imagePath = "preview.png"
    /// The icon it is made from, below the theme's (or the site's) assets.
    public static let iconPath = "assets/icons/icon-512.png"
    public static let width = 1200, height = 630
}
