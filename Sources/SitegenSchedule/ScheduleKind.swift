import Foundation

/// The meetings schedule and the localities as a content kind: `Content/schedule/` and
/// `Content/localities/` → the schedule, print sheet and locality pages, the calendar feeds,
/// `schedule.json` and `localities.json`, and the home page's next meetings.
public struct ScheduleKind: ContentKind {
    public init() {}

    public var name: String { "schedule" }

    public var sources: KindSources {
        // Locality pages check their photos against Content/static/.
        KindSources(folders: [ScheduleReader.folder, LocalityReader.folder], checksAgainst: ["static"],
                    templates: ScheduleLoader.templates)
    }

    /// Always a schedule (maybe empty): the snapshots are written even for a site without one.
    public func read(_ input: KindInput, cache: NoKindCache) async -> Schedule? {
        await ScheduleLoader.load(content: input.content, diagnostics: input.diagnostics, queries: input.queries)
    }

    public func requiredTemplates(_ schedule: Schedule) -> [String] {
        schedule.isEmpty ? [] : sources.templates
    }

    public func pages(_ schedule: Schedule, context: RenderContext, cache: NoKindCache) -> [PageSpec] {
        schedule.isEmpty ? [] : ScheduleOutputs.pageSpecs(schedule.naming(context.strings()), context: context)
    }

    public func snapshots(_ schedule: Schedule, context: RenderContext, cache: NoKindCache) throws -> [Snapshot] {
        try ScheduleOutputs.snapshots(schedule.naming(context.strings()), context: context)
    }

    /// The calendar feeds, and the Hymnal app's schedule and localities (`HymnalAppSchedule`).
    public func feeds(_ schedule: Schedule, context: RenderContext, cache: NoKindCache) -> [OutputFile] {
        // The app's files even without a schedule: an empty list, not "Data download failed".
        let named = schedule.naming(context.strings())
        let calendars = schedule.isEmpty ? [] : ScheduleOutputs.feeds(named, context: context)
        return calendars + HymnalAppSchedule.files(named, context: context)
    }

    /// A locality without a street address is a warning of `build` and `check`; its description's
    /// links go through the pages' link check (an unsafe link or one to no page is an error).
    public func check(_ schedule: Schedule, site: BuiltSite, context: RenderContext) {
        Self.warnAboutMissingAddresses(schedule, diagnostics: context.diagnostics)
        for locality in schedule.localities {
            MarkdownLinkCheck.check(.init(markdown: locality.description, path: locality.source.path,
                                          firstLine: locality.descriptionFirstLine, sitePath: locality.sitePath),
                                    site: site, context: context)
        }
    }

    /// A warning, not an error: a congregation may meet in homes and publish no address; but
    /// its page then has no directions to the door, which is what visitors come for.
    static func warnAboutMissingAddresses(_ schedule: Schedule, diagnostics: Diagnostics) {
        for l in schedule.localities where l.address.isEmpty {
            diagnostics.warning("locality '\(l.name)' has no 'address': its page offers no directions to the door; "
                + "add the street address if the congregation publishes one", at: l.source)
        }
    }

    /// Its meetings and localities to the search and the apps' bundle; the next mission visits,
    /// meetings and services to the home page; the Hymnal app's schemas to the manifest.
    public func contributions(_ schedule: Schedule, context: RenderContext, cache: NoKindCache) -> Contributions {
        let schedule = schedule.naming(context.strings())
        return Contributions(ScheduleSearch.contribution(schedule, context: context),
                             AppTables(ScheduleAppTables.tables(schedule, context: context)),
                             HomeValues(ScheduleOutputs.homeValues(schedule, context: context)),
                             ManifestListing(schemas: HymnalAppSchedule.schemas))
    }
}

extension Schedule {
    /// No localities and no events: the site has no schedule pages or feeds.
    public var isEmpty: Bool { localities.isEmpty && events.isEmpty }
}
