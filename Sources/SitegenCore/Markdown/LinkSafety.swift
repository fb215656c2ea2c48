/// The one check of a link target written in content, shared by the menu in `site.yml`,
/// Markdown links and images, and the `href`/`src` of raw HTML: a site path (`/hymns/`),
/// a relative path or anchor (`about/`, `#top`), or an absolute URL with `https:`, `http:`,
/// `mailto:` or `tel:`. Anything else (`javascript:`, `data:`, `vbscript:`, `//host`, a
/// backslash, spaces or control characters that browsers strip before reading the scheme) is
/// refused, so a hostile or mistyped link can never run script in a visitor's browser.
public enum LinkSafety {
    public static let allowedSchemes: Set<String> = ["https", "http", "mailto", "tel"]

    /// Why `url` may not be linked to, or nil when it may.
    public static func problem(_ url: String) -> String? {
        if url.isEmpty { return "is empty" }
        for scalar in url.unicodeScalars {
            if scalar.value < 0x21 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                return "contains a space or control character (write %20 for a space)"
            }
            if scalar == "\\" { return "contains a backslash (browsers read it as '/')" }
        }
        if url.hasPrefix("//") { return "starts with '//' (a link to another host; write https://…)" }
        // A scheme is what comes before the first ':' when no '/', '?' or '#' comes earlier.
        guard let colon = url.firstIndex(of: ":"),
              !url[..<colon].contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else { return nil }
        let scheme = url[..<colon].lowercased()
        guard allowedSchemes.contains(scheme) else {
            return "uses '\(scheme):', which is not allowed (only site paths, https:, http:, mailto: and tel:)"
        }
        if scheme == "http" || scheme == "https" {
            let rest = url[url.index(after: colon)...]
            if !rest.hasPrefix("//") || rest.count <= 2 { return "is not a complete \(scheme):// address" }
        }
        return nil
    }
}
