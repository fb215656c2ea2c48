import Foundation
import SitegenBible
import SitegenHymns
import SitegenSchedule

/// The render stage of a build session. Outputs come in groups, each a pure function of one part
/// of the `Site`: the site's own pages (Markdown pages, home, 404; the home page also shows the
/// schedule and the daily verse), the hymnal, the schedule and localities, the Bible. A group
/// whose inputs changed builds its page specs, snapshots and feeds again; a page is then
/// rendered only if its spec differs from last time or its template (or one it extends) changed.
///
/// `@unchecked Sendable` for the same reason as `UncheckedBox`: page specs hold `[String: Any]`
/// trees that are built once and only read afterwards; the cache itself is a value owned by one
/// `BuildSession` actor and mutated only by the run that owns the copy.
struct RenderCache: @unchecked Sendable {
    enum Group: CaseIterable { case site, hymns, schedule, bible }

    struct GroupOutputs {
        var specs: [PageSpec] = []
        /// `OutputFile.filePath` of each spec, in the same order (made once per run).
        var filePaths: [String] = []
        /// Rendered page per spec path (`OutputFile.filePath`).
        var pages: [String: OutputFile] = [:]
        var snapshots: [Snapshot] = []
        var feeds: [OutputFile] = []
        /// Last run's specs by file path, kept only until this run's pages are rendered.
        var previousSpecs: [String: PageSpec] = [:]
        /// File paths of specs taken as they were from last run (a memo's): equal without comparing.
        var reused = Set<String>()
        /// The rendered pages in spec order (what the site gets from this group).
        var files: [OutputFile] = []

        /// Whether the template would get exactly what it got last time for this page.
        func unchanged(_ index: Int) -> Bool {
            let path = filePaths[index]
            if reused.contains(path) { return true }
            guard let old = previousSpecs[path] else { return false }
            return TemplateValues.same(old, specs[index])
        }

        /// This group's specs at `paths` (file paths), to compare next run's with.
        func specs(at paths: Set<String>) -> [String: PageSpec] {
            var result: [String: PageSpec] = [:]
            for i in specs.indices where paths.contains(filePaths[i]) { result[filePaths[i]] = result[filePaths[i]] ?? specs[i] }
            return result
        }
    }

    /// A chapter's text HTML and the chapter it was made from.
    struct ChapterText: Sendable {
        let chapter: Chapter
        let html: String
    }

    private(set) var groups: [Group: GroupOutputs] = [:]
    private var manifestFiles: [OutputFile] = []
    /// Snapshot path → (bytes, SHA-256): unchanged Bible books are not hashed again for the manifest.
    private var digests: [String: (Data, String)] = [:]
    /// A hymn's text as HTML by its source file (display path): built again only when that file changed.
    private var hymnTexts: [String: String] = [:]
    /// A hymn's record in `hymns.json` by its source file, likewise.
    private var hymnRecords: [String: Data] = [:]
    /// Chapter text HTML by `<translation>/<OSIS>/<chapter>`, with the chapter it shows: made again
    /// only for a chapter that differs (an edited book's other chapters keep theirs).
    private var chapterTexts: [String: ChapterText] = [:]
    /// Book files by `<translation>/<OSIS>`: made again only for books parsed afresh.
    private var bookFiles: [String: Data] = [:]
    /// The Bible's page specs and its other snapshots by what they are made from (a book, the
    /// plan…): after an edit of one book only that book's pages are made again.
    private var biblePages = InputMemo<[PageSpec]>()
    private var bibleSnapshots = InputMemo<Snapshot>()
    /// What the home page shows of the schedule, and of the Bible; each made again when its source changed
    /// (the daily verses' part only if a verse of the day changed).
    private var homeSchedule: [String: Any]?
    private var homeBible: [String: Any]?
    /// The schedule's pieces (feed entries, rows, records) by the event they come from: made again
    /// only for events that changed. Shared by copies of the cache; safe, since a piece is used
    /// only for an event equal to the one it was made from (see `ScheduleParts`).
    private let scheduleParts = ScheduleParts()
    private var homeBibleMemo = DailyVerseHome.Memo()
    private var sitemapFiles: [OutputFile] = []
    /// Paths of the pages and snapshots the sitemap was made from.
    private var sitemapPaths: [String] = []

    /// Which groups depend on the changed kinds of content.
    static func groups(for changes: ChangeSet) -> Set<Group> {
        if changes.everything { return Set(Group.allCases) }
        var result = Set<Group>()
        if changes.kinds.contains(.pages) { result.insert(.site) }
        if changes.kinds.contains(.hymns) { result.insert(.hymns) }
        if changes.kinds.contains(.schedule) { result.formUnion([.schedule, .site]) }
        if changes.kinds.contains(.bible) { result.formUnion([.bible, .site]) }
        return result
    }

    struct Result {
        /// Every file of the site, in the order `SiteRenderer.render` gives them.
        var files: [OutputFile]
        /// Paths produced in this run (the rest are last run's files, unchanged by construction).
        var fresh: Set<String>
        var rendered: Int
    }

    /// `stale`: groups to build again; `templates`: templates whose pages must be rendered again
    /// (nil: all pages).
    /// `changedSources`: display paths (`Content/hymns/012.md`) of the sources that changed.
    mutating func render(_ site: Site, context: RenderContext, stale: Set<Group>, templates: Set<String>?,
                         staticsChanged: Bool, changedSources: Set<String>, freshBooks: Set<String>) async throws -> Result {
        forget(stale: stale, changedSources: changedSources, freshBooks: freshBooks)
        var fresh = Set<String>()
        for group in Group.allCases where stale.contains(group) {
            var outputs = GroupOutputs()
            outputs.specs = specs(group, site, context: context)
            outputs.filePaths = outputs.specs.map { OutputFile.filePath(forPage: $0.path) }
            if group == .bible {   // by index: no copy of each reused spec
                for specs in biblePages.reused {
                    for i in specs.indices { outputs.reused.insert(OutputFile.filePath(forPage: specs[i].path)) }
                }
            }
            outputs.snapshots = try snapshots(group, site, context: context)
            outputs.feeds = group == .schedule && site.hasSchedule ? ScheduleOutputs.feeds(site.schedule, context: context, parts: scheduleParts) : []
            fresh.formUnion(outputs.feeds.map(\.path))
            outputs.pages = groups[group]?.pages ?? [:]
            // Only the specs that must be compared (not the memo's) are looked up.
            outputs.previousSpecs = groups[group]?.specs(at: Set(outputs.filePaths).subtracting(outputs.reused)) ?? [:]
            groups[group] = outputs
        }
        let rendered = await renderPages(context: context, stale: stale, templates: templates)
        fresh.formUnion(rendered)
        if !stale.isEmpty || manifestFiles.isEmpty {
            manifestFiles = try manifest(context: context)
            fresh.formUnion(manifestFiles.map(\.path))
        }
        let files = assemble(site, context: context, staticsChanged: staticsChanged, fresh: &fresh)
        return Result(files: files, fresh: fresh, rendered: rendered.count)
    }

    /// Drops what the changed sources made: per-file and per-book pieces, the home page's parts.
    private mutating func forget(stale: Set<Group>, changedSources: Set<String>, freshBooks: Set<String>) {
        for book in freshBooks { bookFiles[book] = nil }
        if stale.contains(.schedule) { homeSchedule = nil }
        if stale.contains(.bible) { homeBible = nil }
        for path in changedSources {
            hymnTexts[path] = nil
            hymnRecords[path] = nil
        }
    }

    /// Every file of the site in the order `SiteRenderer.render` gives them, checked for links.
    private mutating func assemble(_ site: Site, context: RenderContext, staticsChanged: Bool,
                                   fresh: inout Set<String>) -> [OutputFile] {
        var files = Group.allCases.flatMap { groups[$0]?.files ?? [] }
        files += manifestFiles
        // The sitemap lists pages by path: the same paths as last time, the same sitemap.
        let paths = files.map(\.path)
        if paths != sitemapPaths || sitemapFiles.isEmpty {
            sitemapFiles = Sitemap.files(for: files, context: context)
            sitemapPaths = paths
            fresh.formUnion(sitemapFiles.map(\.path))
        }
        files += sitemapFiles
        files += site.staticFiles
        files += site.hasSchedule ? (groups[.schedule]?.feeds ?? []) : []
        if staticsChanged { fresh.formUnion(site.staticFiles.map(\.path)) }
        ReferenceCheck.check(site.pages, files: files, context: context)
        return files
    }

    /// Renders the pages whose spec or template changed; returns their file paths.
    private mutating func renderPages(context: RenderContext, stale: Set<Group>, templates: Set<String>?) async -> Set<String> {
        var work: [(Group, PageSpec)] = []
        for group in Group.allCases {
            guard let outputs = groups[group] else { continue }
            let isStale = stale.contains(group)
            if !isStale, let templates, templates.isEmpty { continue }   // nothing of this group can differ
            for i in outputs.specs.indices {
                let templateChanged = templates.map { $0.contains(outputs.specs[i].template) } ?? true
                guard templateChanged || isStale else { continue }
                if templateChanged || outputs.pages[outputs.filePaths[i]] == nil || !outputs.unchanged(i) {
                    work.append((group, outputs.specs[i]))
                }
            }
        }
        let boxes = work.map { UncheckedBox($0) }
        let files = await concurrentMap(boxes, jobs: context.jobs) { box in UncheckedBox(context.render(box.value.1)) }
        var paths = Set<String>()
        var touched = stale
        for (box, file) in zip(boxes, files) {
            let path = OutputFile.filePath(forPage: box.value.1.path)
            groups[box.value.0]?.pages[path] = file.value   // nil: unknown template, already reported
            paths.insert(path)
            touched.insert(box.value.0)
        }
        for group in touched {
            guard var outputs = groups[group] else { continue }
            groups[group] = nil   // edit in place, without a second copy of the dictionaries
            let order = outputs.filePaths
            if stale.contains(group) {   // drop pages no longer produced
                let live = Set(order)
                outputs.pages = outputs.pages.filter { live.contains($0.key) }
                outputs.previousSpecs = [:]
            }
            outputs.files = order.compactMap { outputs.pages[$0] }
            groups[group] = outputs
        }
        return paths
    }

    private mutating func manifest(context: RenderContext) throws -> [OutputFile] {
        let snapshots = Group.allCases.flatMap { groups[$0]?.snapshots ?? [] }
        var known = digests
        let files = try Manifest.outputFiles(for: snapshots, asOf: context.asOf, generator: context.generator) { snapshot in
            if let (data, digest) = known[snapshot.path], data == snapshot.data { return digest }
            let digest = SnapshotJSON.sha256(snapshot.data)
            known[snapshot.path] = (snapshot.data, digest)
            return digest
        }
        let live = Set(snapshots.map(\.path))
        digests = known.filter { live.contains($0.key) }
        return files
    }

    mutating func specs(_ group: Group, _ site: Site, context: RenderContext) -> [PageSpec] {
        switch group {
        case .site:
            let schedule = homeSchedule ?? ScheduleOutputs.homeValues(site.schedule, context: context, parts: scheduleParts)
            let bible = homeBible ?? DailyVerseHome.values(site.bible, context: context, memo: &homeBibleMemo)
            (homeSchedule, homeBible) = (schedule, bible)
            return SiteRenderer.siteSpecs(site, context: context, home: HomePage.merged(schedule: schedule, bible: bible))
        case .hymns:
            guard let hymnal = site.hymnal else { return [] }
            let texts = SharedMemo(hymnTexts)   // hymn specs are built on all cores
            defer { hymnTexts = texts.entries }
            return HymnPages.specs(hymnal, context: context) { hymn in
                texts.value(hymn.source.path) { HymnTextHTML.html(hymn) }
            }
        case .schedule: return site.hasSchedule ? ScheduleOutputs.pageSpecs(site.schedule, context: context, parts: scheduleParts) : []
        case .bible:
            guard let bible = site.bible else { return [] }
            let texts = SharedMemo(chapterTexts)   // chapter specs are built on all cores
            defer { chapterTexts = texts.entries }
            let id = bible.primary.id
            return BiblePages.specs(bible, context: context, chapterHTML: { book, chapter in
                texts.value("\(id)/\(book.osis)/\(chapter.number)", valid: { $0.chapter == chapter }) {
                    ChapterText(chapter: chapter, html: VerseHTML.chapter(chapter))
                }.html
            }, memo: &biblePages)
        }
    }

    /// The same snapshots as `SiteRenderer.snapshots`, split by group.
    mutating func snapshots(_ group: Group, _ site: Site, context: RenderContext) throws -> [Snapshot] {
        switch group {
        case .site: return [try PagesSnapshot.snapshot(site.pages, context: context)]
        case .hymns:
            guard let hymnal = site.hymnal else { return [] }
            var records = hymnRecords
            defer { hymnRecords = records }
            return [try HymnsSnapshot.snapshot(hymnal, context: context) { hymn in
                if let data = records[hymn.source.path] { return data }
                let data = try HymnsSnapshot.encodedRecord(hymn, context: context)
                records[hymn.source.path] = data
                return data
            }]
        case .schedule: return try ScheduleOutputs.snapshots(site.schedule, context: context, parts: scheduleParts)
        case .bible:
            guard let bible = site.bible else { return [] }
            let files = SharedMemo(bookFiles)
            defer { bookFiles = files.entries }
            return try BibleSnapshots.snapshots(bible, jobs: context.jobs, encodedBook: { translation, book in
                files.value("\(translation.id)/\(book.osis)") { BibleSnapshots.bookData(book) }
            }, memo: &bibleSnapshots)
        }
    }
}

