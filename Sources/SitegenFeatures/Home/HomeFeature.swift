/// The pages every site has whatever its kinds: the home page, which shows what each kind gives
/// it (`HomeValues`: the next meetings, the verse of the day, the hymn-number box), and the 404
/// page. A kind's page at the same path (a Markdown `index.md` or `404.md`) is used instead,
/// with the home values added to `index.md`'s own.
public struct HomeFeature: SiteFeature {
    public init() {}

    public var name: String { "home" }
    public var requiredTemplates: [String] { ["page", "home"] }

    public func pages(_ site: SitePlan, context: RenderContext) -> [PageSpec] {
        let home = site.contributions(HomeValues.self).mergedValues({ ($0.contributor, $0.value.values) }, what: "home page",
                                                                   at: SourceLocation(path: context.templates.tree.display("home.mustache")),
                                                                   diagnostics: context.diagnostics)
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
}
