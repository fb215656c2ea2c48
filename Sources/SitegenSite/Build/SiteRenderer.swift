import SitegenBible
import SitegenHymns
import SitegenSchedule

/// The render stage: a pure function from the `Site` to the files of the finished site.
public enum SiteRenderer {
    /// The files, and how long the snapshots took (for `--verbose`).
    public struct Rendered {
        public var files: [OutputFile]
        /// The snapshots, made alongside the pages (wall seconds of that task alone).
        public var snapshotSeconds: Double
    }

    public static func render(_ site: Site, context: RenderContext) async throws -> [OutputFile] {
        try await renderTimed(site, context: context).files
    }

    /// Pages, snapshots and feeds are independent functions of the site, so they are made side by
    /// side: the serial parts of one (the feeds, the manifest) fill the cores the others leave idle.
    public static func renderTimed(_ site: Site, context: RenderContext) async throws -> Rendered {
        async let snapshots = Task {
            var clock = StageClock()
            let files = try await snapshotFiles(site, context: context)
            return (UncheckedBox(files), clock.lap())
        }.value
        async let feeds = Task { site.hasSchedule ? ScheduleOutputs.feeds(site.schedule, context: context) : [] }.value
        let pages = await renderPages(site, context: context)
        let (snapshotOutputs, snapshotSeconds) = try await snapshots
        let files = assemble(site, pages: pages, snapshots: snapshotOutputs.value, feeds: await feeds, context: context)
        return Rendered(files: files, snapshotSeconds: snapshotSeconds)
    }

    /// The files besides pages and snapshots (sitemap, static files, feeds), in a fixed order,
    /// and the check that every internal link of a Markdown page lands on one of them.
    public static func assemble(_ site: Site, pages: [OutputFile], snapshots: [OutputFile], feeds: [OutputFile],
                                context: RenderContext) -> [OutputFile] {
        var files = pages + snapshots
        files += Sitemap.files(for: files, context: context)
        files += site.staticFiles
        files += feeds
        ReferenceCheck.check(site.pages, files: files, context: context)
        return files
    }

    /// Every HTML page. The kinds' page specs are built side by side (they hold the pages'
    /// pre-rendered HTML, a good part of the work), then rendered on all cores.
    public static func renderPages(_ site: Site, context: RenderContext) async -> [OutputFile] {
        async let hymns = Task { UncheckedBox(site.hymnal.map { HymnPages.specs($0, context: context) } ?? []) }.value
        async let bible = Task { UncheckedBox(site.bible.map { BiblePages.specs($0, context: context) } ?? []) }.value
        var specs = siteSpecs(site, context: context)
        specs += await hymns.value
        if site.hasSchedule { specs += ScheduleOutputs.pageSpecs(site.schedule, context: context) }
        specs += await bible.value
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

    /// The snapshot files for the apps, with their schemas and the manifest; the kinds' snapshots
    /// are encoded side by side.
    public static func snapshotFiles(_ site: Site, context: RenderContext) async throws -> [OutputFile] {
        try Manifest.outputFiles(for: try await snapshots(site, context: context), asOf: context.asOf, generator: context.generator)
    }

    static func snapshots(_ site: Site, context: RenderContext) async throws -> [Snapshot] {
        async let bible = Task { try site.bible.map { try BibleSnapshots.snapshots($0, jobs: context.jobs) } ?? [] }.value
        async let hymns = Task { try site.hymnal.map { try HymnsSnapshot.snapshot($0, context: context) } }.value
        var snapshots = [try PagesSnapshot.snapshot(site.pages, context: context)]
        snapshots += try ScheduleOutputs.snapshots(site.schedule, context: context)
        if let hymns = try await hymns { snapshots.append(hymns) }
        snapshots += try await bible
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
