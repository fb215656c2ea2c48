import SitegenBible
import SitegenHymns
import SitegenSchedule

/// Everything read from `Content/` and `Templates/`: typed, immutable, checked.
/// The render stage is a pure function of this value.
public struct Site: Sendable {
    public let config: SiteConfig
    public let templates: TemplateLibrary
    public let pages: [Page]
    public let staticFiles: [OutputFile]
    /// `Content/hymns/`, nil when the site has no hymnal.
    public let hymnal: Hymnal?
    /// Localities and meetings (empty when Content/ has neither).
    public let schedule: Schedule

    /// `Content/bible/`: translations, reading plan, daily verses; nil for a site without a Bible.
    public let bible: BibleLibrary?

    public var hasSchedule: Bool { !schedule.localities.isEmpty || !schedule.events.isEmpty }
}
