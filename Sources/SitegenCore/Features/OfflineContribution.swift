/// What a kind keeps apart from the site's offline core (docs/offline.md).
///
/// Every page a kind makes is in the core by default: the service worker installs the core as
/// one unit at the first visit, so it must stay small. A kind names here the pages that are too
/// many for that (the Bible's 1,189 chapters): they form a group a reader saves on demand, and
/// each page of it is kept once it has been opened.
public struct OfflineContribution: Sendable, Hashable {
    public let groups: [OfflineGroup]

    public init(groups: [OfflineGroup]) { self.groups = groups }

    /// Every page in the core.
    public static let none = OfflineContribution(groups: [])
}

/// Pages saved together when the reader asks ("Save the whole Bible for offline reading").
public struct OfflineGroup: Sendable, Hashable {
    /// Short name, used by the page's button (`data-offline-save="bible"`) and the worker.
    public let name: String
    /// What one page of the group is, in the plural, for the progress ("412 of 1,189 chapters saved").
    public let unit: String
    /// Page paths as in `PageSpec.path` (`bible/john/3/`).
    public let pages: [String]
    /// Whether the kind's search documents go with the group: searched offline only once saved
    /// (they are most of the index's bytes). The index's terms stay in the core.
    public let searchDocuments: Bool
    /// Which scope's search files go with it (a translation's verses and words), when the
    /// kind's documents are in several (`SearchScope`).
    public let searchScope: String?

    public init(name: String, unit: String, pages: [String], searchDocuments: Bool, searchScope: String? = nil) {
        self.searchScope = searchScope
        self.name = name
        self.unit = unit
        self.pages = pages
        self.searchDocuments = searchDocuments
    }
}
