/// The render stage of a run. Pages come in groups, one per kind plus the features' own (the
/// default home, 404, `/search/` and `/my/` pages); a group whose kind changed brings new specs,
/// and a page is rendered again only if its spec differs from last time or its template (or one
/// it extends) changed. In a full build every page is rendered.
struct PageRendering {
    private(set) var groups: [RenderedGroup]
    /// Per group: how its specs stand to the last run's.
    private let specs: [Specs]
    private let old: SiteState?

    /// `featurePages`: the features' pages; one at the path of a kind's page replaces it in place.
    init(kinds: [KindOutputs], featurePages: [PageSpec], old: SiteState?, stale: Set<Int>) {
        self.old = old
        var replacing = Dictionary(featurePages.map { ($0.path, $0) }) { first, _ in first }
        var groups: [RenderedGroup] = []
        var specs: [Specs] = []
        func add(_ list: PageList, previous: RenderedGroup?) {
            let kept = previous.flatMap { RenderedGroup(list: list, atPathsOf: $0) }
            groups.append(kept ?? Self.group(list, pages: previous?.pages))
            specs.append(kept == nil ? .new : .atSamePlaces)
        }
        for (index, kind) in kinds.enumerated() {
            let replaced = replacing.keys.contains { kind.pages.index(of: $0) != nil }
            if let old, !stale.contains(index), !replaced {
                groups.append(old.groups[index])
                specs.append(.kept)
            } else {
                let list = kind.pages.replacing(replacing)
                replacing = replacing.filter { kind.pages.index(of: $0.key) == nil }
                add(list, previous: old?.groups[index])
            }
        }
        add(PageList(featurePages.filter { replacing[$0.path] != nil }), previous: old?.groups[kinds.count])
        self.groups = groups
        self.specs = specs
    }

    /// How a group's specs stand to the last run's.
    private enum Specs {
        /// Its kind did not change: the last run's, not compared (a page rendered again for its
        /// template is put back by path).
        case kept
        /// New, compared with the last run's by path.
        case new
        /// New, at the last run's paths in its order, every one rendered then: compared by place
        /// (see `RenderedGroup.init(list:atPathsOf:)`).
        case atSamePlaces

        var compared: Bool { self != .kept }
    }

    /// New specs, with the pages rendered last time (those that still hold are kept).
    private static func group(_ list: PageList, pages: [String: OutputFile]?) -> RenderedGroup {
        var group = RenderedGroup(list: list, filePaths: list.paths.map(OutputFile.filePath(forPage:)), pages: pages ?? [:])
        group.listPages()
        return group
    }

    /// An error for every spec whose template does not exist (`all`: every group's, after the
    /// templates changed; else only the new specs'), but for the `required` ones, whose absence
    /// is already reported. Specs not made yet (a `PageList` made on demand) are checked only
    /// with `unmade` (a run that stops before rendering); otherwise rendering reports theirs.
    func checkTemplates(all: Bool, unmade: Bool = false, library: TemplateLibrary, required: Set<String>, diagnostics: Diagnostics) {
        for (group, standing) in zip(groups, specs) where all || standing.compared {
            guard group.list.made != nil || unmade else { continue }
            for index in group.list.paths.indices {
                let spec = group.list.spec(at: index)
                guard !library.has(spec.template), !required.contains(spec.template) else { continue }
                diagnostics.error("unknown template '\(spec.template)' (no \(spec.template).mustache in \(library.tree.displayPath))",
                                  at: spec.source ?? SourceLocation(path: library.tree.display(spec.template + ".mustache")))
            }
        }
    }

    /// Pages rendered at a time when they are written as they come (`staging`): enough to keep
    /// every core busy, few enough that memory holds a batch, not the site.
    static let batch = 1024

    /// Renders the pages whose spec or template changed (`templates`: the changed templates and
    /// those using them; nil: all); returns their file paths. With `staging`, each batch of pages
    /// is written there as soon as it is rendered and kept without its bytes.
    mutating func render(templates: Set<String>?, context: RenderContext, staging: StagedOutput? = nil) async throws -> Set<String> {
        var work: [Work] = []
        for (g, group) in groups.enumerated() {
            guard let templates else {   // a full build: every page
                work += group.list.paths.indices.map { Work(group: g, index: $0) }
                continue
            }
            let previous = old.map { $0.groups[g] }
            if specs[g] == .atSamePlaces, let previous {   // every page was rendered, at its place
                let (before, specs) = (previous.list, group.list.all)
                for i in specs.indices where templates.contains(specs[i].template) || before.spec(at: i) != specs[i] {
                    work.append(Work(group: g, index: i))
                }
                continue
            }
            let oldSpecs = specs[g].compared && previous != nil
                ? Dictionary(zip(previous!.filePaths, previous!.list.all)) { first, _ in first } : [:]
            for (i, spec) in group.list.all.enumerated() {
                let path = group.filePaths[i]
                if templates.contains(spec.template) || group.pages[path] == nil || (specs[g].compared && oldSpecs[path] != spec) {
                    work.append(Work(group: g, index: i))
                }
            }
        }
        var files: [OutputFile?] = []
        files.reserveCapacity(work.count)
        let lists = groups.map(\.list)
        let size = staging == nil ? max(work.count, 1) : Self.batch
        for start in stride(from: 0, to: work.count, by: size) {
            let slice = Array(work[start..<min(start + size, work.count)])
            // Each spec is made here, on the core that renders it, and dropped with the batch.
            let rendered = await concurrentMap(slice, jobs: context.jobs) { context.render(lists[$0.group].spec(at: $0.index)) }
            guard let staging else { files += rendered; continue }
            var written = try await staging.stage(rendered.compactMap { $0 }).makeIterator()
            files += rendered.map { $0 == nil ? nil : written.next() }
        }
        var now = groups.map { _ in [Int: OutputFile]() }
        for (item, file) in zip(work, files) {
            if let file { now[item.group][item.index] = file }   // nil: already reported
        }
        for g in groups.indices {
            var group = groups[g]
            if specs[g] == .atSamePlaces {   // no page gone, none moved: the rendered ones replaced in place
                for (index, file) in now[g] { group.replace(index, with: file) }
                groups[g] = group
                continue
            }
            if specs[g].compared {   // drop pages no longer made
                let live = Set(group.filePaths)
                group.pages = group.pages.filter { live.contains($0.key) }
            }
            for (index, file) in now[g] { group.pages[group.filePaths[index]] = file }
            if specs[g].compared || !now[g].isEmpty {
                group.files = group.filePaths.indices.compactMap { now[g][$0] ?? group.pages[group.filePaths[$0]] }
                group.listPages()
            }
            groups[g] = group
        }
        return Set(work.map { groups[$0.group].filePaths[$0.index] })
    }

    /// After `render` in `sitegen build`: each group keeps only its files and pages (see
    /// `RenderedGroup.keepFilesOnly`); the run is not compared with a next one.
    mutating func keepFilesOnly() {
        for g in groups.indices { groups[g].keepFilesOnly() }
    }

    /// Every page in the order written, rendered or (before `render`) not yet.
    var sitePages: [SitePage] { groups.flatMap(\.sitePages) }

    private struct Work: Sendable {
        let group: Int
        let index: Int
    }
}
