import Foundation

/// `Content/site.yml`: what the whole site shares.
///
/// ```yaml
/// title: Grace Fellowship
/// description: Hymns, Bible and meetings of our congregation
/// base_url: https://example.org/
/// language: en
/// time_zone: America/Chicago
/// raw_html: false
/// menu:
///   - { title: Hymns, url: /hymns/ }
/// ```
public struct SiteConfig: Sendable {
    public struct MenuItem: Sendable, Hashable {
        public let title: String
        /// A key of the string table whose word is the title in the page's language (`string: menu.hymns`).
        public var stringKey: String? = nil
        /// Site-relative (`/hymns/`) or absolute (`https://…`).
        public let url: String
        /// Where the `url` is written (for "points to no page" messages).
        public var source: SourceLocation? = nil

        public init(title: String, url: String, source: SourceLocation? = nil, stringKey: String? = nil) {
            self.title = title
            self.stringKey = stringKey
            self.url = url
            self.source = source
        }
    }

    public var title: String
    public var description: String
    public var baseURL: String
    public var language: String
    public var timeZone: TimeZone
    public var allowRawHTML: Bool
    public var menu: [MenuItem]
    public var footer: String
    /// Where `base_url` is written in site.yml (the file itself when it is not).
    public var baseURLLocation = SourceLocation(path: fileName)
    /// The name under the icon on a phone's home screen (`short_title`; the title when not set).
    public var shortTitle: String? = nil
    /// The interface's words: the site language's table and every other table of `Content/strings/`.
    public var strings: StringTables = .builtIn

    public static let fileName = "site.yml"

    /// The placeholder the bundled site ships with: a site published with it has canonical links,
    /// a sitemap, feeds and calendar UIDs that point at someone else's domain.
    /// True for a base URL on a domain reserved for examples (RFC 2606: example.org, .com, .net
    /// and their subdomains), such as the bundled `https://example.org/`.
    public static func isExampleBaseURL(_ url: String) -> Bool {
        guard let host = URL(string: url)?.host?.lowercased() else { return false }
        return ["example.org", "example.com", "example.net"].contains { host == $0 || host.hasSuffix("." + $0) }
    }

    public static func read(from content: SourceTree, diagnostics: Diagnostics) -> SiteConfig? {
        guard content.fileExists(fileName) else {
            diagnostics.error("missing site configuration \(fileName) (title, base_url, language, time_zone)",
                              at: SourceLocation(path: content.display(fileName)))
            return nil
        }
        guard let file = content.read(fileName, diagnostics: diagnostics),
              let fields = YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: diagnostics),
              var config = parse(fields, diagnostics: diagnostics) else { return nil }
        let tables = StringTable.readAll(content, siteLanguage: config.language, at: fields.location(ofKey: "language"),
                                         diagnostics: diagnostics)
        config.strings = StringTables(site: config.language, tables: tables)
        for item in config.menu {
            if let key = item.stringKey, !config.strings.site.has(key) {
                diagnostics.error("menu item's string '\(key)' is no key of the string tables",
                                  at: item.source ?? fields.location(ofKey: "menu"))
            }
        }
        return config
    }

    static func parse(_ fields: YAMLFields, diagnostics: Diagnostics) -> SiteConfig? {
        let title = fields.string("title", required: true) ?? ""
        let description = fields.string("description") ?? ""
        let baseURL = fields.string("base_url") ?? "/"
        if case .failure(let problem) = SiteAddress.parse(baseURL) {
            fields.error("'base_url': \(problem.message)", at: "base_url")
        }
        let language = fields.string("language") ?? "en"
        let zoneName = fields.string("time_zone") ?? "UTC"
        let zone = TimeZone(identifier: zoneName)
        if zone == nil { fields.error("unknown time zone '\(zoneName)' (use an IANA name like America/Chicago)", at: "time_zone") }
        let raw = fields.bool("raw_html") ?? false
        let footer = fields.string("footer") ?? ""
        let shortTitle = fields.string("short_title")
        let menu = (fields.mappingList("menu") ?? []).compactMap { item -> MenuItem? in
            defer { item.reportUnknownKeys() }
            // `string:` names the title's key in the string tables, so the menu follows the page's language.
            let key = item.string("string")
            guard let title = item.string("title", required: key == nil) ?? key, let url = item.string("url", required: true) else { return nil }
            // The same check as Markdown links: no `javascript:` or `data:` on every page's menu.
            if let problem = LinkSafety.problem(url) {
                item.error("menu link '\(url)' \(problem)", at: "url")
                return nil
            }
            return MenuItem(title: title, url: url, source: item.location(ofKey: "url"), stringKey: key)
        }
        fields.reportUnknownKeys()
        guard !title.isEmpty, let zone else { return nil }
        return SiteConfig(title: title, description: description, baseURL: baseURL, language: language,
                          timeZone: zone, allowRawHTML: raw, menu: menu, footer: footer,
                          baseURLLocation: fields.location(ofKey: "base_url"), shortTitle: shortTitle)
    }

}
