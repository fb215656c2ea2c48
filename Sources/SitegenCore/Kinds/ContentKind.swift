/// One kind of content (the hymnal, the Bible, the schedule and localities, Markdown pages):
/// what it reads, how it reads that into its typed model, the pages and files it makes of it,
/// and what it contributes to the site's features (the search, the offline list, the apps'
/// bundle, the home page, `/my/`).
///
/// This is the one seam between the pipeline and the content modules. The pipeline never names
/// a kind: it reads every kind of the site's list (`BuildOptions.kinds`), renders what each
/// makes, and hands every kind's `contributions` to the features (`SiteFeature`), which collect
/// them by type. Adding a kind is one module with one type conforming to this protocol, one
/// line in the list, one `Package.swift` entry; see docs/architecture.md.
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

    /// The same pages as a list whose specs are made when the renderer asks for them, a batch at
    /// a time (`sitegen build` then holds a batch of specs, not the site's). By default `pages`,
    /// made at once; a kind with many large pages (the Bible) gives their paths and makes each
    /// spec on demand. Must give exactly the specs `pages` gives, in the same order.
    func pageList(_ model: Model, context: RenderContext, cache: Cache) -> PageList

    /// The JSON files for the apps below `api/v1/` (listed in the manifest).
    func snapshots(_ model: Model, context: RenderContext, cache: Cache) throws -> [Snapshot]

    /// Other files made from the model (calendar feeds).
    func feeds(_ model: Model, context: RenderContext, cache: Cache) -> [OutputFile]

    /// What the kind gives the site's features, one value per contribution type: its search
    /// documents (`SearchContribution`), the pages it keeps apart offline
    /// (`OfflineContribution`), its tables for the apps (`AppTables`), the home page's values
    /// (`HomeValues`), what `/my/` needs (`ReaderDataPart`), or a type a new feature defines.
    /// A site without this kind (no model) contributes nothing.
    func contributions(_ model: Model, context: RenderContext, cache: Cache) -> Contributions

    /// Checks against the finished site (a link in a page to a file that is not there).
    func check(_ model: Model, site: BuiltSite, context: RenderContext)

    /// Whether `check` reads the model: true unless the kind says false. A kind without a
    /// `check` says false so that `sitegen build` lets go of its model once its pages are
    /// rendered (the Bible's verses would otherwise be held through the last features). The
    /// safe way round: a kind that forgets it keeps its model a little longer, never is checked
    /// against nothing.
    var checksBuiltSite: Bool { get }
}

extension ContentKind {
    public func requiredTemplates(_ model: Model) -> [String] { sources.templates }
    public func pageList(_ model: Model, context: RenderContext, cache: Cache) -> PageList {
        PageList(pages(model, context: context, cache: cache))
    }
    public func feeds(_ model: Model, context: RenderContext, cache: Cache) -> [OutputFile] { [] }
    public func contributions(_ model: Model, context: RenderContext, cache: Cache) -> Contributions { Contributions() }
    public func check(_ model: Model, site: BuiltSite, context: RenderContext) {}
    public var checksBuiltSite: Bool { true }
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
    /// The engine to read source files through (`QueryEngine.read`, `files(in:)`): a file read
    /// before and unchanged since is not read again.
    public let queries: QueryEngine

    public init(content: SourceTree, jobs: Int, diagnostics: Diagnostics, queries: QueryEngine = QueryEngine()) {
        self.content = content
        self.jobs = jobs
        self.diagnostics = diagnostics
        self.queries = queries
    }
}

/// The cache of a kind that keeps everything it remembers in the engine (`KindInput.queries`,
/// `RenderContext.queries`).
public final class NoKindCache: KindCache {
    public init() {}
}

extension ContentKind where Cache == NoKindCache {
    public func makeCache() -> NoKindCache { NoKindCache() }
}

/// What a kind remembers between the builds of one session beside the engine: pieces each kept
/// with what it was made from, so that none needs forgetting (a source file's read is a query of
/// the engine, made again when the file changes).
public protocol KindCache: AnyObject, Sendable {}

/// The finished site as checks see it: every output path.
public struct BuiltSite: Sendable {
    public let paths: Set<String>

    public init(paths: Set<String>) { self.paths = paths }

    /// Whether a site path (`about/`, `photo.jpg`, `404.html`) is a file or page of the site.
    public func contains(sitePath target: String) -> Bool {
        paths.contains(target) || paths.contains(OutputFile.filePath(forPage: target)) || paths.contains(target + "/index.html")
    }
}
