import Foundation
import Synchronization

/// The hymnal as a content kind: `Content/hymns/` → the hymn pages and `hymns/<first>-<last>.json`.
public struct HymnsKind: ContentKind {
    public init() {}

    public var name: String { "hymns" }

    /// No check of the finished site: `sitegen build` lets go of the model once the pages are rendered.
    public var checksBuiltSite: Bool { false }

    public var sources: KindSources {
        KindSources(folders: [HymnalReader.folder], templates: HymnPages.templates)
    }

    public func makeCache() -> HymnsCache { HymnsCache() }

    /// `hymn-meters` only for a hymnal with a meter recorded (its page is made only then).
    public func requiredTemplates(_ hymnal: Hymnal) -> [String] {
        hymnal.hymns.contains { !$0.removed && $0.meter != nil } ? HymnPages.templates : HymnPages.templates.filter { $0 != "hymn-meters" }
    }

    public func read(_ input: KindInput, cache: HymnsCache) async -> Hymnal? {
        await HymnalReader.read(content: input.content, jobs: input.jobs, diagnostics: input.diagnostics, cache: cache)
    }

    public func pages(_ hymnal: Hymnal, context: RenderContext, cache: HymnsCache) -> [PageSpec] {
        HymnPages.specs(hymnal, context: context, cache: cache)
    }

    public func snapshots(_ hymnal: Hymnal, context: RenderContext, cache: HymnsCache) throws -> [Snapshot] {
        try HymnsSnapshot.snapshots(hymnal, context: context, cache: cache)
    }

    /// The Hymnal app's bundled hymnal (`AppExport.file`).
    public func feeds(_ hymnal: Hymnal, context: RenderContext, cache: HymnsCache) -> [OutputFile] {
        [AppExport.file(hymnal)]
    }

    /// Its stanzas to the search, its tables to the apps' bundle, the home page's hymn-number
    /// box (the partial `hymn-finder`), and to `/my/` the hymns' address (favourite hymns are
    /// listed by number and linked below it) with the favourites' part of the export file.
    public func contributions(_ hymnal: Hymnal, context: RenderContext, cache: HymnsCache) -> Contributions {
        var made = Contributions(HymnSearch.contribution(hymnal, words: context.strings(), others: context.config.strings.languages.map { context.strings($0) }), AppTables(HymnAppTables.tables(hymnal)),
                                 HymnReaderData.part(context: context), ManifestListing(schemas: [AppExport.schema]))
        if hymnal.count > 0 {
            made.add(HomeValues(["hymnFinder": ["finder": HymnPages.finderValues(hymnal, context: context),
                                                "hymnsURL": .text(context.url("hymns/"))]]))
        }
        return made
    }
}

/// What the hymnal remembers between the builds of a session: the listing of its folder, each
/// file's hymn, and each hymn's text HTML and snapshot record, by source file; an edit makes
/// again only what came from the changed files.
public final class HymnsCache: KindCache {
    private let files = FileMemo<Hymn?>()
    /// The hymn files, listed again only after a file was added or removed (listing is slow in
    /// Foundation); kept only from a listing without problems.
    private let listing = Mutex<[String]?>(nil)
    /// By the hymn's source (display path).
    /// Each hymn's text HTML with the words it was made with (a table edited in `serve` makes it again).
    private let texts = Mutex<[String: (words: HymnTextHTML.Words, html: String)]>([:])
    private let records = Mutex<[String: Data]>([:])

    public init() {}

    public func forget(_ changes: SourceChanges) {
        if changes.structural { listing.withLock { $0 = nil } }
        files.invalidate(changes.paths)
        texts.withLock { texts in for path in changes.displayPaths { texts[path] = nil } }
        records.withLock { records in for path in changes.displayPaths { records[path] = nil } }
    }

    func listing(of tree: SourceTree, diagnostics: Diagnostics) -> [String] {
        if let known = listing.withLock({ $0 }) { return known }
        let local = Diagnostics()
        let paths = HymnalReader.files(in: tree, diagnostics: local)
        for problem in local.all { diagnostics.report(problem) }
        if local.all.isEmpty { listing.withLock { $0 = paths } }
        return paths
    }

    func hymn(_ tree: SourceTree, _ relative: String, diagnostics: Diagnostics) -> Hymn? {
        files.value(for: tree.fileURL(relative), diagnostics: diagnostics) { HymnalReader.readFile(tree, relative, $0) }
    }

    func textHTML(_ hymn: Hymn, words: HymnTextHTML.Words) -> String {
        if let known = texts.withLock({ $0[hymn.source.path] }), known.words == words { return known.html }
        let html = HymnTextHTML.html(hymn, words: words)
        texts.withLock { $0[hymn.source.path] = (words, html) }
        return html
    }

    func record(_ hymn: Hymn, context: RenderContext) throws -> Data {
        if let known = records.withLock({ $0[hymn.source.path] }) { return known }
        let data = try HymnsSnapshot.encodedRecord(hymn, context: context)
        records.withLock { $0[hymn.source.path] = data }
        return data
    }
}
