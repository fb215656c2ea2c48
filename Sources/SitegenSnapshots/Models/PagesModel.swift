/// `api/v1/pages.json` (schema `pages`): the site's Markdown pages rendered to HTML.
public struct PagesFile: Codable, Sendable, Equatable {
    public struct Page: Codable, Sendable, Equatable {
        /// Site path: `''` for the home page, `about/`.
        public let path: String
        public let url: String
        public let title: String
        public let description: String
        public let html: String
    }

    public let schemaVersion: Int
    public let pages: [Page]
}
