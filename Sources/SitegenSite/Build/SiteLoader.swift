import SitegenSchedule

/// The read stage: every source into one typed `Site`, all problems collected.
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
        async let schedule = ScheduleLoader.load(content: options.content, diagnostics: diagnostics)
        var site = Site(config: config, templates: await templates, pages: await pages, staticFiles: await statics)
        site.schedule = await schedule
        site.templates.require(requiredTemplates, diagnostics: diagnostics)
        if !site.schedule.localities.isEmpty || !site.schedule.events.isEmpty {
            site.templates.require(ScheduleLoader.templates, diagnostics: diagnostics)
        }
        for page in site.pages where !site.templates.has(page.template) {
            diagnostics.error("unknown template '\(page.template)' (no \(page.template).mustache in \(options.templates.displayPath))",
                              at: page.source)
        }
        return site
    }
}
