import SitegenBible
import SitegenHymns
import SitegenSchedule

/// The read stage: every source into one typed `Site`, all problems collected.
/// Each kind of content is read concurrently with the others.
public enum SiteLoader {
    /// Templates every site needs; content kinds name their own.
    public static let requiredTemplates = ["layout", "page", "home"]

    public static func load(_ options: BuildOptions, config: SiteConfig, diagnostics: Diagnostics) async -> Site {
        if !options.content.exists {
            diagnostics.error("content folder not found", at: SourceLocation(path: options.content.displayPath))
        }
        async let templates = Task { TemplateLibrary.load(from: options.templates, diagnostics: diagnostics) }.value
        async let pages = PageReader.read(content: options.content, diagnostics: diagnostics)
        async let statics = StaticFiles.read(templates: options.templates, content: options.content, diagnostics: diagnostics)
        async let hymnal = HymnalReader.read(content: options.content, jobs: options.jobs, diagnostics: diagnostics)
        async let schedule = ScheduleLoader.load(content: options.content, diagnostics: diagnostics)
        async let bible = BibleReader.read(content: options.content, diagnostics: diagnostics, jobs: options.jobs)
        let site = Site(config: config, templates: await templates, pages: await pages, staticFiles: await statics,
                        hymnal: await hymnal, schedule: await schedule, bible: await bible)
        check(site, options: options, diagnostics: diagnostics)
        return site
    }

    /// Checks across kinds (templates the content needs); the incremental build runs them too.
    static func check(_ site: Site, options: BuildOptions, diagnostics: Diagnostics) {
        requireTemplates(of: site, diagnostics: diagnostics)
        for page in site.pages where !site.templates.has(page.template) {
            diagnostics.error("unknown template '\(page.template)' (no \(page.template).mustache in \(options.templates.displayPath))",
                              at: page.source)
        }
    }

    /// The templates of the kinds of content the site has; a site without a hymnal needs no hymn template.
    static func requireTemplates(of site: Site, diagnostics: Diagnostics) {
        var names = requiredTemplates
        if site.hymnal != nil { names += HymnPages.templates }
        if site.hasSchedule { names += ScheduleLoader.templates }
        if site.bible != nil { names += BiblePages.templates }
        site.templates.require(names, diagnostics: diagnostics)
    }
}
