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
    /// Localities and meetings (empty when Content/ has neither).
    public var schedule: Schedule = .empty
}
