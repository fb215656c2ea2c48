/// The pages every site has whatever its kinds: the home page, which shows what each kind gives
/// it (`HomeValues`: the next meetings, the verse of the day, the hymn-number box), and the 404
/// page. A kind's page at the same path (a Markdown `index.md` or `404.md`) is used instead,
/// with the home values added to `index.md`'s own.
public struct HomeFeature: SiteFeature {
    public init() {}

    public var name: String { "home" }
    public var requiredTemplates: [String] { ["page", "home"] }

    public func pages(_ site: SitePlan, context: RenderContext) -> [PageSpec] {
        var home = site.contributions(HomeValues.self).mergedValues({ ($0.contributor, $0.value.values) }, what: "home page",
                                                                   at: SourceLocation(path: context.templates.tree.display("home.mustache")),
                                                                   diagnostics: context.diagnostics)
        home["jsonLD"] = Self.webSite(context)
        var specs: [PageSpec] = []
        if var own = site.pages[""] {
            own.values.merge(home) { own, _ in own }
            specs.append(own)
        } else {
            specs.append(PageSpec(path: "", template: "home", title: context.config.title,
                                  values: home.merging(["content": ""]) { own, _ in own }))
        }
        if site.pages[Self.notFoundPath] == nil {
            let words = context.strings()
            // The table's words are text (escaped), like every other word of the tables.
            let html = "<p>\(Escape.html(words["notFound"])) <a href=\"\(Escape.html(context.url("")))\">\(Escape.html(words["notFoundLink"]))</a></p>"
            specs.append(PageSpec(path: Self.notFoundPath, template: "page", title: words["notFoundTitle"], values: ["content": .text(html)]))
        }
        return specs
    }

    public static let notFoundPath = "404.html"

    /// The home page's schema.org `WebSite` with a `SearchAction` (the site's search page reads
    /// `?q=`), so a search engine can offer a search box; absolute at a published address.
    static func webSite(_ context: RenderContext) -> TemplateValue {
        let search = "search/?q={search_term_string}"
        let site = LinkedData.thing("WebSite", [
            "name": .text(context.config.title), "inLanguage": .text(context.config.language),
            "url": .text(context.publishedURL("") ?? context.url("")),
            "potentialAction": .thing("SearchAction", [
                "target": .thing("EntryPoint", ["urlTemplate": .text(context.publishedURL(search) ?? context.url(search))]),
                "query-input": .text("required name=search_term_string"),
            ]),
        ])
        return LinkedData.script([site]).map(TemplateValue.text) ?? .text("")
    }
}
