import Foundation

/// What `sitegen build` and `sitegen check` were asked to do.
public struct BuildOptions: Sendable {
    public var content: SourceTree
    public var templates: SourceTree
    public var output: URL
    /// Overrides `base_url` from site.yml.
    public var baseURL: String?
    /// The day the build treats as today; nil: SOURCE_DATE_EPOCH, else today in the site's zone.
    public var asOf: CalendarDate?
    public var jobs: Int
    public var force: Bool

    public init(content: SourceTree, templates: SourceTree, output: URL, baseURL: String? = nil,
                asOf: CalendarDate? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, force: Bool = false) {
        self.content = content
        self.templates = templates
        self.output = output
        self.baseURL = baseURL
        self.asOf = asOf
        self.jobs = max(1, jobs)
        self.force = force
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
