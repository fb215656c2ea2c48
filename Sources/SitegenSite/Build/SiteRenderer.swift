import SitegenBible
import SitegenHymns
import SitegenSchedule

/// The render stage: a pure function from the `Site` to the files of the finished site.
public enum SiteRenderer {
    public static func render(_ site: Site, context: RenderContext) async throws -> [OutputFile] {
        async let pages = renderPages(site, context: context)
        let snapshots = try snapshots(site, context: context)
        var files = await pages
        files += try Manifest.outputFiles(for: snapshots, asOf: context.asOf, generator: context.generator)
        files += Sitemap.files(for: files, context: context)
        files += site.staticFiles
        if site.hasSchedule { files += ScheduleOutputs.feeds(site.schedule, context: context) }
        ReferenceCheck.check(site.pages, files: files, context: context)
        return files
    }

    static func renderPages(_ site: Site, context: RenderContext) async -> [OutputFile] {
        var specs = siteSpecs(site, context: context)
        if let hymnal = site.hymnal { specs += HymnPages.specs(hymnal, context: context) }
        if site.hasSchedule { specs += ScheduleOutputs.pageSpecs(site.schedule, context: context) }
        if let bible = site.bible { specs += BiblePages.specs(bible, context: context) }
        return await context.render(specs)
    }

    /// The Markdown pages, the home page and the 404 page (the incremental build renders these as one group).
    /// `home`: `HomePage.values`, when the caller already has them.
    static func siteSpecs(_ site: Site, context: RenderContext, home: [String: Any]? = nil) -> [PageSpec] {
        let home = home ?? HomePage.values(site, context: context)
        var specs = site.pages.map { page in
            page.spec(context: context, extra: page.isHome ? home : [:])
        }
        if !site.pages.contains(where: \.isHome) {
            specs.append(PageSpec(path: "", template: "home", title: site.config.title,
                                  values: home.merging(["content": ""]) { a, _ in a }))
        }
        if !site.pages.contains(where: { $0.sitePath == "404.html" }) {
            specs.append(PageSpec(path: "404.html", template: "page", title: "Page not found",
                                  values: ["content": "<p>There is no page at this address. Try the <a href=\"\(context.url(""))\">home page</a>.</p>"]))
        }
        return specs
    }

    static func snapshots(_ site: Site, context: RenderContext) throws -> [Snapshot] {
        var snapshots = [try PagesSnapshot.snapshot(site.pages, context: context)]
        if let hymnal = site.hymnal { snapshots.append(try HymnsSnapshot.snapshot(hymnal, context: context)) }
        snapshots += try ScheduleOutputs.snapshots(site.schedule, context: context)
        if let bible = site.bible { snapshots += try BibleSnapshots.snapshots(bible) }
        return snapshots
    }
}

/// Values the home page template gets besides its own Markdown.
public enum HomePage {
    public static func values(_ site: Site, context: RenderContext) -> [String: Any] {
        merged(schedule: ScheduleOutputs.homeValues(site.schedule, context: context),
               bible: DailyVerseHome.values(site.bible, context: context))
    }

    /// The two parts together (the incremental build makes each again only when its source changed).
    static func merged(schedule: [String: Any], bible: [String: Any]) -> [String: Any] {
        var values: [String: Any] = [:]
        values.merge(schedule) { _, new in new }
        values.merge(bible) { _, new in new }
        return values
    }
}
