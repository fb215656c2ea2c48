/// One kind of content (the hymnal, the Bible, the schedule and localities, Markdown pages):
/// what it reads, how it reads that into its typed model, and what it contributes to the site.
///
/// This is the one seam between the pipeline and the content modules. The pipeline never names
/// a kind: it reads every kind of the site's list (`BuildOptions.kinds`), renders what each
/// contributes, and collects the cross-cutting outputs (the manifest, the sitemap, the home
/// page) from all of them. Adding a kind is one module with one type conforming to this
/// protocol, one line in the list, one `Package.swift` entry; see docs/architecture.md.
///
/// Every method but `read` is a pure function of the model and the render context; the
/// `cache` only remembers pieces between the builds of one session (`sitegen serve`) and never
/// changes what is made. A full build passes a new, empty cache.
public protocol ContentKind: Sendable {
    /// The typed, immutable result of reading this kind's sources.
    associatedtype Model: Sendable
    /// What this kind remembers between the builds of one session.
    associatedtype Cache: KindCache

    /// Short name for messages and timings (`hymns`).
    var name: String { get }
    /// The folders and templates this kind reads.
    var sources: KindSources { get }

    func makeCache() -> Cache

    /// Reads the kind's sources; every problem goes to `input.diagnostics`. nil: the site has
    /// none of this kind (its folder does not exist) or it could not be read (errors reported).
    func read(_ input: KindInput, cache: Cache) async -> Model?

    /// The templates the model's pages need (each must exist); by default `sources.templates`.
    func requiredTemplates(_ model: Model) -> [String]

    /// The HTML pages, in the order they are written.
    func pages(_ model: Model, context: RenderContext, cache: Cache) -> [PageSpec]

    /// The JSON files for the apps below `api/v1/` (listed in the manifest).
    func snapshots(_ model: Model, context: RenderContext, cache: Cache) throws -> [Snapshot]

    /// Other files made from the model (calendar feeds).
    func feeds(_ model: Model, context: RenderContext, cache: Cache) -> [OutputFile]

    /// Values the home page shows from this kind (the next meetings, the verse of the day).
    /// Called with nil when the site has none of this kind, so the home page can say so.
    func homeValues(_ model: Model?, context: RenderContext, cache: Cache) -> TemplateObject

    /// Values the reader's own page (`/my/`: highlights, hearts, notes and favourites kept on
    /// the reader's device) needs from this kind to name and link what was marked (the Bible's
    /// books, the hymns' address). Called with nil when the site has none of this kind.
    func activityValues(_ model: Model?, context: RenderContext, cache: Cache) -> TemplateObject

    /// Checks against the finished site (a link in a page to a file that is not there).
    func check(_ model: Model, site: BuiltSite, context: RenderContext)

    /// What the site's search finds of this kind: its documents (a verse, a stanza, a
    /// locality…) and the places a query names directly (a Bible reference, a hymn number).
    /// The pipeline writes one index from every kind's contribution (docs/search.md).
    func search(_ model: Model, context: RenderContext, cache: Cache) -> SearchContribution

    /// Which of the kind's pages (and search documents) are kept apart from the offline core,
    /// saved only when a reader asks; every page is in the core by default (docs/offline.md).
    /// The pipeline writes the service worker's list from every kind's contribution.
    func offline(_ model: Model, context: RenderContext, cache: Cache) -> OfflineContribution

    /// What the apps' SQLite bundle (`api/v1/app.sqlite`) holds of this kind: its tables and
    /// rows. The pipeline writes one database from every kind's tables (docs/app-data.md).
    func appTables(_ model: Model, context: RenderContext, cache: Cache) -> [AppTable]
}

extension ContentKind {
    public func requiredTemplates(_ model: Model) -> [String] { sources.templates }
    public func feeds(_ model: Model, context: RenderContext, cache: Cache) -> [OutputFile] { [] }
    public func homeValues(_ model: Model?, context: RenderContext, cache: Cache) -> TemplateObject { [:] }
    public func activityValues(_ model: Model?, context: RenderContext, cache: Cache) -> TemplateObject { [:] }
    public func check(_ model: Model, site: BuiltSite, context: RenderContext) {}
    public func search(_ model: Model, context: RenderContext, cache: Cache) -> SearchContribution { .none }
    public func offline(_ model: Model, context: RenderContext, cache: Cache) -> OfflineContribution { .none }
    public func appTables(_ model: Model, context: RenderContext, cache: Cache) -> [AppTable] { [] }
}

/// What a kind reads.
public struct KindSources: Sendable {
    /// Folders directly below `Content/` holding this kind's files (`hymns`): a change below
    /// one of them reads this kind again.
    public let folders: [String]
    /// Other folders below `Content/` this kind checks its files against (a locality's photo
    /// must be in `static/`): a change there reads this kind again too.
    public let checksAgainst: [String]
    /// The templates its pages use.
    public let templates: [String]

    public init(folders: [String], checksAgainst: [String] = [], templates: [String] = []) {
        self.folders = folders
        self.checksAgainst = checksAgainst
        self.templates = templates
    }
}

/// What a kind's `read` gets.
public struct KindInput: Sendable {
    /// `Content/`.
    public let content: SourceTree
    public let jobs: Int
    public let diagnostics: Diagnostics

    public init(content: SourceTree, jobs: Int, diagnostics: Diagnostics) {
        self.content = content
        self.jobs = jobs
        self.diagnostics = diagnostics
    }
}

/// A kind's memory between the builds of one session. It is told which source files changed
/// before each read, and forgets what no longer holds.
public protocol KindCache: AnyObject, Sendable {
    /// Source files changed since the last successful build.
    func forget(_ changes: SourceChanges)
}

/// The source files that changed since the last successful build.
public struct SourceChanges: Sendable {
    /// Absolute standardized paths (added, edited or deleted files).
    public let paths: Set<String>
    /// The same files as messages and models name them (`Content/hymns/012.md`).
    public let displayPaths: Set<String>
    /// Whether a file was added or removed (a folder's listing may differ).
    public let structural: Bool
    /// Whether a folder the kind checks against changed (see `KindSources.checksAgainst`).
    public let checkedFoldersChanged: Bool

    public init(paths: Set<String>, displayPaths: Set<String>, structural: Bool, checkedFoldersChanged: Bool) {
        self.paths = paths
        self.displayPaths = displayPaths
        self.structural = structural
        self.checkedFoldersChanged = checkedFoldersChanged
    }
}

/// The finished site as checks see it: every output path.
public struct BuiltSite: Sendable {
    public let paths: Set<String>

    public init(paths: Set<String>) { self.paths = paths }

    /// Whether a site path (`about/`, `photo.jpg`, `404.html`) is a file or page of the site.
    public func contains(sitePath target: String) -> Bool {
        paths.contains(target) || paths.contains(OutputFile.filePath(forPage: target)) || paths.contains(target + "/index.html")
    }
}
