import Foundation

/// Everything a good build read and made, kept by a session so the next build can start from
/// it: the settings, each kind's runner (with its cache), model and outputs, each feature's
/// runner and last step, the rendered pages, and every output file.
struct SiteState: Sendable {
    let settings: BuildSettings
    let runners: [any KindRunning]
    let features: [any FeatureRunning]
    let templates: TemplateLibrary
    let graph: TemplateGraph
    let statics: [OutputFile]
    /// One per kind, in the site's order.
    let kinds: [KindOutputs]
    /// One per kind, then the features' own pages (`featureGroup`).
    let groups: [RenderedGroup]
    /// One per feature, in the site's order.
    let featureRuns: [FeatureRun]
    /// Every output file, indexed by path.
    let outputs: SiteOutputs
    /// What the kinds computed, kept for the next build (the same settings: a new engine when
    /// they change).
    let engine: QueryEngine

    /// Whether a feature's files were kept although their input changed (`sitegen serve`, until
    /// `BuildSession.settle`).
    var unsettled: Bool { featureRuns.contains(where: \.unsettled) }
}

/// What one kind made from its model in the last good build.
struct KindOutputs: Sendable {
    var model: KindModel
    /// Pages as the kind made them (before a feature replaced one, see `SiteFeature.pages`): made
    /// at once for a session (`sitegen serve` compares them with the next build's), made on demand
    /// a batch at a time for `sitegen build` (see `ContentKind.pageList`).
    var pages = PageList([])
    var snapshots: [Snapshot] = []
    var feeds: [OutputFile] = []
    /// What the kind gives the features.
    var contributions = Contributions()
}

/// The pages of one group as rendered: the specs they were rendered from and the files.
struct RenderedGroup: Sendable {
    var list = PageList([])
    /// `OutputFile.filePath` of each spec, in the same order.
    var filePaths: [String] = []
    /// Rendered page by file path.
    var pages: [String: OutputFile] = [:]
    /// The rendered pages in spec order.
    var files: [OutputFile] = []
    /// Each page of `list` with its file (nil: not rendered yet), in spec order: made again only
    /// when the group changed, so that a rebuild does not look up every page of the site twice.
    private(set) var sitePages: [SitePage] = []

    init(list: PageList = PageList([]), filePaths: [String] = [], pages: [String: OutputFile] = [:]) {
        (self.list, self.filePaths, self.pages) = (list, filePaths, pages)
    }

    /// New specs at `previous`'s paths, in its order, every page of which was rendered: its file
    /// paths, files and page list hold until a page is rendered again (`replace`), so a verse
    /// edit does not hash and look up the Bible's 6,000 paths four times over.
    init?(list: PageList, atPathsOf previous: RenderedGroup) {
        guard previous.files.count == previous.filePaths.count, previous.sitePages.count == previous.filePaths.count,
              list.paths == previous.list.paths else { return nil }
        (self.list, filePaths, pages, files, sitePages) = (list, previous.filePaths, previous.pages, previous.files, previous.sitePages)
    }

    /// The page at `index` rendered again (a group made by `init(list:atPathsOf:)`).
    mutating func replace(_ index: Int, with file: OutputFile) {
        pages[filePaths[index]] = file
        files[index] = file
        sitePages[index] = SitePage(path: list.paths[index], file: file)
    }

    mutating func listPages() {
        sitePages = list.paths.indices.map { SitePage(path: list.paths[$0], file: pages[filePaths[$0]]) }
    }

    /// Lets go of what only a next build compares against (the specs' list, which holds the
    /// kind's model, its index of paths, the pages by path), keeping the files and `sitePages`
    /// the later features read: `sitegen build`, once every page is rendered.
    mutating func keepFilesOnly() {
        (list, filePaths, pages) = (PageList([]), [], [:])
    }
}
