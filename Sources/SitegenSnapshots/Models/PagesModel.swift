/// `api/v1/pages.json` (schema `pages`): the site's Markdown pages rendered to HTML.
public struct PagesFile: Codable, Sendable, Hashable {
    public struct Page: Codable, Sendable, Hashable {
        /// Site path: `''` for the home page, `about/`.
        public let path: String
        public let url: String
        public let title: String
        public let description: String
        public let html: String

        public init(path: String, url: String, title: String, description: String, html: String) {
            (self.path, self.url, self.title, self.description, self.html) = (path, url, title, description, html)
        }
    }

    public let schemaVersion: Int
    public let pages: [Page]

    public init(schemaVersion: Int, pages: [Page]) {
        (self.schemaVersion, self.pages) = (schemaVersion, pages)
    }
}
