/// The volunteer's Markdown pages as a content kind: `Content/pages/` → one page each and
/// `pages.json`; `index.md` is the home page, `404.md` the 404 page.
public struct PagesKind: ContentKind {
    public init() {}

    public var name: String { "pages" }

    public var sources: KindSources { KindSources(folders: [PageReader.folder]) }

    /// Always the pages (maybe none): `pages.json` is written even for a site without any.
    public func read(_ input: KindInput, cache: NoKindCache) async -> [Page]? {
        await PageReader.read(content: input.content, diagnostics: input.diagnostics, queries: input.queries)
    }

    /// Each page's own template (checked by the pipeline like every page's).
    public func requiredTemplates(_ pages: [Page]) -> [String] { [] }

    public func pages(_ pages: [Page], context: RenderContext, cache: NoKindCache) -> [PageSpec] {
        pages.map { $0.spec(context: context) }
    }

    public func snapshots(_ pages: [Page], context: RenderContext, cache: NoKindCache) throws -> [Snapshot] {
        [try PagesSnapshot.snapshot(pages, context: context)]
    }

    /// Every page but the 404 page to the search, as plain text.
    public func contributions(_ pages: [Page], context: RenderContext, cache: NoKindCache) -> Contributions {
        Contributions(SearchContribution(documents: pages.filter { $0.sitePath != "404.html" }.map { page in
            SearchDocument(kind: context.strings()["kind.pages"], url: page.sitePath, title: page.title,
                           text: SearchDocument.plainText(html: page.html(context.markdown)), group: "pages", priority: 1,
                           groupSlot: 0)
        }))
    }

    public func check(_ pages: [Page], site: BuiltSite, context: RenderContext) {
        ReferenceCheck.check(pages, site: site, context: context)
    }
}
