/// A cross-cutting output of the site, made from what every content kind contributes: the
/// search index, the apps' bundle, the offline list and worker, the manifest of snapshots, the
/// sitemap, the home page, `/my/`. Features are listed once, beside the kinds, in order
/// (`SiteKinds.features`); the pipeline runs each as a step and never names one.
///
/// A feature may add pages (made before the site's pages are rendered, and rendered with them)
/// and files. Its files are made by `make` from its `input`, a value compared with the last
/// build's: when it is equal, the last files are kept (`sitegen serve` remakes only what an
/// edit reaches). So `make` must be a pure function of its input and the build's settings
/// (`context.config`, the address, the as-of date), which do not change within a session; what
/// it reads of the templates goes into its input.
public protocol SiteFeature: Sendable {
    /// What the feature's files are made from, taken from the site so far.
    associatedtype Input: Sendable & Equatable = NoFeatureInput
    /// What the feature remembers between the builds of one session (digests of unchanged
    /// bytes); never changes what is made.
    associatedtype Cache: Sendable = NoFeatureCache

    /// Short name for messages and timings (`search`).
    var name: String { get }
    /// When its input is ready: from the kinds' contributions alone (made while the pages
    /// render), or only once every page is rendered.
    var stage: FeatureStage { get }
    /// Whether `sitegen serve` may keep its last files after an edit until the edits pause
    /// (`BuildSession.settle`): true for the slow ones, the search index and the apps' bundle.
    var deferrable: Bool { get }
    /// Templates every site needs for this feature (the home page's `home`).
    var requiredTemplates: [String] { get }
    /// The contribution types its `input` reads, when it names them (nil: it may read any).
    /// Once the pages are rendered, `sitegen build` lets go of the kinds' contributions of every
    /// type no feature still to run names (the search's documents, the apps' rows), unless one
    /// of them names none; a feature asking for a type it did not name then stops the run.
    var reads: [any Contribution.Type]? { get }

    func makeCache() -> Cache

    /// The pages it adds, made before the pages are rendered. A page at the path of a kind's
    /// page replaces it in place (the home page's values added to `Content/pages/index.md`).
    func pages(_ site: SitePlan, context: RenderContext) -> [PageSpec]

    /// What its files are made from: gathered, not computed (it is taken on every build).
    func input(_ site: SiteSoFar, context: RenderContext) -> Input

    /// Its files, and what it contributes to the features after it.
    func make(_ input: Input, context: RenderContext, cache: Cache) throws -> FeatureFiles
}

extension SiteFeature {
    public var stage: FeatureStage { .rendered }
    public var deferrable: Bool { false }
    public var requiredTemplates: [String] { [] }
    public var reads: [any Contribution.Type]? { nil }
    public func pages(_ site: SitePlan, context: RenderContext) -> [PageSpec] { [] }
}

extension SiteFeature where Cache == NoFeatureCache {
    public func makeCache() -> NoFeatureCache { NoFeatureCache() }
}

extension SiteFeature where Input == NoFeatureInput {
    public var reads: [any Contribution.Type]? { [] }
    public func input(_ site: SiteSoFar, context: RenderContext) -> NoFeatureInput { NoFeatureInput() }
    public func make(_ input: NoFeatureInput, context: RenderContext, cache: Cache) throws -> FeatureFiles { FeatureFiles() }
}

/// The input of a feature that only adds pages.
public struct NoFeatureInput: Sendable, Equatable {
    public init() {}
}

/// The cache of a feature that remembers nothing.
public struct NoFeatureCache: Sendable {
    public init() {}
}

/// When a feature's input is ready.
public enum FeatureStage: Sendable {
    /// From the kinds' contributions (and the features before it): made while the pages render.
    case contributions
    /// Once every page is rendered (the offline list hashes them; the sitemap lists them).
    case rendered
}

/// What a feature makes: files, and contributions to the features after it (the search
/// index's entry for the manifest, its files for the offline list).
public struct FeatureFiles: Sendable {
    public var files: [OutputFile]
    public var contributions: Contributions

    public init(files: [OutputFile] = [], contributions: Contributions = Contributions()) {
        self.files = files
        self.contributions = contributions
    }
}

/// The site as a feature's `pages` see it: every kind's contributions and pages, before rendering.
public struct SitePlan: Sendable {
    /// Each kind's contributions, in the site's order.
    public let kinds: [(name: String, contributions: Contributions)]
    /// Every page the kinds and the features before this one made, by path.
    public let pages: PlannedPages

    public init(kinds: [(name: String, contributions: Contributions)], pages: PlannedPages) {
        self.kinds = kinds
        self.pages = pages
    }

    /// Every kind's contribution of this type, in the site's order.
    public func contributions<Value: Contribution>(_ type: Value.Type) -> [Contributed<Value>] {
        Contributed.collect(type, from: kinds)
    }
}

/// The pages planned so far, by path: the kinds' (the first of a path), then the features'
/// (each replacing what was at its path). A kind's spec is made when it is asked for (see
/// `PageList`), so a feature looking up one page does not make the site's.
public struct PlannedPages: Sendable {
    private let lists: [PageList]
    private var added: [String: PageSpec] = [:]

    public init(_ lists: [PageList]) {
        self.lists = lists
    }

    public subscript(path: String) -> PageSpec? {
        if let spec = added[path] { return spec }
        for list in lists {
            if let index = list.index(of: path) { return list.spec(at: index) }
        }
        return nil
    }

    /// A page a feature adds (or puts in the place of the one at its path).
    public mutating func add(_ spec: PageSpec) { added[spec.path] = spec }
}

/// The site as a feature's `input` sees it: the contributions of every kind and of the
/// features before it, the pages (rendered, for a feature of the `rendered` stage), the
/// snapshots, the feeds and the static files.
public struct SiteSoFar: Sendable {
    /// Each kind's contributions, then each earlier feature's, in order.
    public let contributors: [(name: String, contributions: Contributions)]
    /// Every page in the order written; `file` is nil for a feature of the `contributions` stage.
    public let pages: [SitePage]
    public let snapshots: [Snapshot]
    public let feeds: [OutputFile]
    /// The theme's assets (`assets/…`) and the volunteer's `Content/static/` files.
    public let statics: [OutputFile]
    /// The files the features before this one made.
    public let featureFiles: [OutputFile]

    public init(contributors: [(name: String, contributions: Contributions)], pages: [SitePage], snapshots: [Snapshot],
                feeds: [OutputFile], statics: [OutputFile], featureFiles: [OutputFile]) {
        self.contributors = contributors
        self.pages = pages
        self.snapshots = snapshots
        self.feeds = feeds
        self.statics = statics
        self.featureFiles = featureFiles
    }

    /// Every contribution of this type, kinds' first, in order.
    public func contributions<Value: Contribution>(_ type: Value.Type) -> [Contributed<Value>] {
        Contributed.collect(type, from: contributors)
    }
}

/// A page of the site: its address and, once rendered, its file.
public struct SitePage: Sendable, Equatable {
    /// `PageSpec.path`: `hymns/12/`, `` for the home page, `404.html`.
    public let path: String
    public let file: OutputFile?

    public init(path: String, file: OutputFile?) {
        self.path = path
        self.file = file
    }
}
