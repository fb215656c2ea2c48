import Foundation

/// What `sitegen build`, `check` and `serve` were asked to do.
public struct BuildOptions: Sendable {
    public var content: SourceTree
    public var templates: SourceTree
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
    /// The meetings sheet will be printed to PDF after this build (`build --print-sheet`), so the
    /// schedule page links the PDF files (`RenderContext.printSheet`).
    public var printSheet: Bool

    public init(content: SourceTree, templates: SourceTree, output: URL, kinds: [any ContentKind], features: [any SiteFeature], baseURL: String? = nil,
                asOf: CalendarDate? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, force: Bool = false,
                printSheet: Bool = false) {
        self.content = content
        self.templates = templates
        self.output = output
        self.kinds = kinds
        self.features = features
        self.baseURL = baseURL
        self.asOf = asOf
        self.jobs = max(1, jobs)
        self.force = force
        self.printSheet = printSheet
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

/// `site.yml` and the as-of date, resolved once per build (again only when site.yml changes).
struct BuildSettings: Sendable {
    let config: SiteConfig
    let asOf: CalendarDate

    /// Throws `BuildFailed` with the problems of site.yml or SOURCE_DATE_EPOCH.
    static func resolve(_ options: BuildOptions, diagnostics: Diagnostics) throws -> BuildSettings {
        guard let config = SiteConfig.read(from: options.content, diagnostics: diagnostics) else {
            throw BuildFailed(diagnostics.all)
        }
        guard let asOf = options.asOf ?? BuildOptions.defaultAsOf(timeZone: config.timeZone) else {
            diagnostics.error("SOURCE_DATE_EPOCH must be a whole number of seconds", at: SourceLocation(path: "SOURCE_DATE_EPOCH"))
            throw BuildFailed(diagnostics.all)
        }
        let baseURL = options.baseURL ?? config.baseURL
        if SiteConfig.isExampleBaseURL(baseURL) {
            let location = options.baseURL == nil ? config.baseURLLocation : SourceLocation(path: "--base-url")
            diagnostics.warning("base URL '\(baseURL)' is a placeholder: canonical links, the sitemap, the feeds and calendar UIDs "
                                + "will point there; set base_url in \(SiteConfig.fileName) or pass --base-url (docs/publishing.md)",
                                at: location)
        }
        return BuildSettings(config: config, asOf: asOf)
    }

    /// The base URL links and feeds are made for: `--base-url`, else `base_url` from site.yml.
    func baseURL(_ options: BuildOptions) -> String { options.baseURL ?? config.baseURL }

    /// The same, ending in `/` as links use it.
    func normalizedBaseURL(_ options: BuildOptions) -> String {
        let url = baseURL(options)
        return url.hasSuffix("/") ? url : url + "/"
    }

    func context(_ options: BuildOptions, templates: TemplateLibrary, diagnostics: Diagnostics) -> RenderContext {
        RenderContext(config: config, baseURL: baseURL(options), asOf: asOf, templates: templates,
                      diagnostics: diagnostics, jobs: options.jobs, generator: BuildReport.generator, printSheet: options.printSheet)
    }
}
