import Foundation

/// What `sitegen build`, `check` and `serve` were asked to do.
public struct BuildOptions: Sendable {
    public var content: SourceTree
    /// The site's own templates and assets, each over the built-in theme's file at the same path.
    public var templates: SourceTree
    /// The theme compiled into sitegen (`BuiltInTheme.none` in tests that give a whole folder).
    public var theme: BuiltInTheme
    public var output: URL
    /// The site's kinds of content, in the order their pages are written (see `ContentKind`).
    public var kinds: [any ContentKind]
    /// The site's cross-cutting outputs, in the order they are made (see `SiteFeature`).
    public var features: [any SiteFeature]
    /// Overrides `base_url` from site.yml.
    public var baseURL: String?
    /// The day the build treats as today; nil: SOURCE_DATE_EPOCH, else today in the site's zone.
    public var asOf: CalendarDate?
    public var jobs: Int
    public var force: Bool
    /// Typed values for the kinds (`RenderContext.settings`): the schedule page links the
    /// printed sheet when `build --print-sheet` will print it.
    public var settings: BuildSettingValues

    public init(content: SourceTree, templates: SourceTree, theme: BuiltInTheme = .none, output: URL, kinds: [any ContentKind],
                features: [any SiteFeature], baseURL: String? = nil,
                asOf: CalendarDate? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, force: Bool = false,
                settings: BuildSettingValues = BuildSettingValues()) {
        self.content = content
        self.templates = templates
        self.theme = theme
        self.output = output
        self.kinds = kinds
        self.features = features
        self.baseURL = baseURL
        self.asOf = asOf
        self.jobs = max(1, jobs)
        self.force = force
        self.settings = settings
    }

    /// The as-of date when none was given: `SOURCE_DATE_EPOCH` (reproducible-builds.org) if set,
    /// else the current day, in the site's time zone either way.
    public static func defaultAsOf(timeZone: TimeZone, environment: [String: String] = ProcessInfo.processInfo.environment,
                                   now: Date = Date()) -> CalendarDate? {
        var instant = now
        if let epoch = environment["SOURCE_DATE_EPOCH"] {
            guard let seconds = Int(epoch.trimmingCharacters(in: .whitespaces)) else { return nil }
            instant = Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        return CalendarDate(year: parts.year!, month: parts.month!, day: parts.day!)
    }
}

/// `site.yml`, the site's address and the as-of date, resolved once per build (again only when
/// site.yml changes).
struct BuildSettings: Sendable {
    let config: SiteConfig
    let address: SiteAddress
    let asOf: CalendarDate

    /// Throws `BuildFailed` with the problems of site.yml, `--base-url` or SOURCE_DATE_EPOCH.
    static func resolve(_ options: BuildOptions, diagnostics: Diagnostics) throws -> BuildSettings {
        guard let config = SiteConfig.read(from: options.content, diagnostics: diagnostics) else {
            throw BuildFailed(diagnostics.all)
        }
        guard let asOf = options.asOf ?? BuildOptions.defaultAsOf(timeZone: config.timeZone) else {
            diagnostics.error("SOURCE_DATE_EPOCH must be a whole number of seconds", at: SourceLocation(path: "SOURCE_DATE_EPOCH"))
            throw BuildFailed(diagnostics.all)
        }
        let baseURL = options.baseURL ?? config.baseURL
        let location = options.baseURL == nil ? config.baseURLLocation : SourceLocation(path: "--base-url")
        let address: SiteAddress
        switch SiteAddress.parse(baseURL) {
        case .success(let parsed): address = parsed
        case .failure(let problem):
            diagnostics.error("base URL '\(baseURL)': \(problem.message)", at: location)
            throw BuildFailed(diagnostics.all)
        }
        if SiteConfig.isExampleBaseURL(baseURL) {
            diagnostics.warning("base URL '\(baseURL)' is a placeholder: canonical links, the sitemap, the feeds and calendar UIDs "
                                + "will point there, and link previews get no og:url (nor the Hymnal app a photo URL); set base_url in \(SiteConfig.fileName) or pass --base-url (docs/publishing.md)",
                                at: location)
        }
        return BuildSettings(config: config, address: address, asOf: asOf)
    }

    func context(_ options: BuildOptions, templates: TemplateLibrary, diagnostics: Diagnostics) -> RenderContext {
        RenderContext(config: config, address: address, asOf: asOf, templates: templates,
                      diagnostics: diagnostics, jobs: options.jobs, generator: BuildReport.generator, settings: options.settings)
    }
}
