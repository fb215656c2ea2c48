/// The pages every site has whatever its kinds: the home page, which shows what each kind
/// contributes to it (the next meetings, the verse of the day), and the 404 page. A Markdown
/// `index.md` or `404.md` takes their place; otherwise they are made here. So is `/my/`, the
/// reader's own marks kept on the device (docs/marks.md), when the templates have `my`: it
/// shows what each kind contributes to it (`ContentKind.activityValues`).
enum SitePages {
    /// `specs` with the home page's values added to the home page (its own values win).
    static func withHome(_ specs: [PageSpec], home: TemplateObject) -> [PageSpec] {
        guard let index = specs.firstIndex(where: { $0.path.isEmpty }) else { return specs }
        var specs = specs
        specs[index].values.merge(home) { own, _ in own }
        return specs
    }

    /// The home page and the 404 page when no kind made them.
    static func defaults(madePaths: Set<String>, home: TemplateObject, activity: TemplateObject = [:],
                         context: RenderContext) -> [PageSpec] {
        var specs: [PageSpec] = []
        if !madePaths.contains("") {
            specs.append(PageSpec(path: "", template: "home", title: context.config.title,
                                  values: home.merging(["content": ""]) { own, _ in own }))
        }
        // The search page, when the templates have one (the index is written whatever they have).
        if !madePaths.contains(searchPath), context.templates.has("search") {
            specs.append(PageSpec(path: searchPath, template: "search", title: "Search",
                                  description: "Search the hymns, the Bible, the meetings, the localities and the pages.",
                                  values: ["searchURL": .text(context.url(searchPath))]))
        }
        // What the service worker shows for a page not saved on the device (docs/offline.md).
        if !madePaths.contains(OfflineFiles.offlinePagePath), context.templates.has("offline") {
            specs.append(PageSpec(path: OfflineFiles.offlinePagePath, template: "offline", title: "Not saved for offline use",
                                  description: "What this site keeps on your device to read without signal.", values: [:]))
        }
        if !madePaths.contains("404.html") {
            specs.append(PageSpec(path: "404.html", template: "page", title: "Page not found",
                                  values: ["content": .text("<p>There is no page at this address. Try the <a href=\"\(context.url(""))\">home page</a>.</p>")]))
        }
        if !madePaths.contains(myPath) && context.templates.has("my") {
            specs.append(PageSpec(path: myPath, template: "my", title: "My activity",
                                  description: "Your highlights, hearts, notes, favourite hymns and reading progress, kept on this device only.",
                                  values: activity))
        }
        return specs
    }

    /// The reader's own page: what they keep on the device (marks.js, my.js).
    static let myPath = "my/"

    /// Schemas the site publishes besides its snapshots': the file `/my/` exports and imports.
    static let schemas = [ReaderData.schema]

    static let searchPath = "search/"

    /// Templates every site needs; content kinds name their own.
    static let requiredTemplates = ["layout", "page", "home"]
}
