import Foundation

/// The hymnal as a content kind: `Content/hymns/` → the hymn pages and `hymns/<first>-<last>.json`.
public struct HymnsKind: ContentKind {
    public init() {}

    public var name: String { "hymns" }

    /// No check of the finished site: `sitegen build` lets go of the model once the pages are rendered.
    public var checksBuiltSite: Bool { false }

    public var sources: KindSources {
        KindSources(folders: [HymnalReader.folder], templates: HymnPages.templates)
    }

    /// `hymn-meters` only for a hymnal with a meter recorded (its page is made only then).
    public func requiredTemplates(_ hymnal: Hymnal) -> [String] {
        hymnal.hymns.contains { !$0.removed && $0.meter != nil } ? HymnPages.templates : HymnPages.templates.filter { $0 != "hymn-meters" }
    }

    public func read(_ input: KindInput, cache: NoKindCache) async -> Hymnal? {
        await HymnalReader.read(content: input.content, jobs: input.jobs, diagnostics: input.diagnostics, queries: input.queries)
    }

    public func pages(_ hymnal: Hymnal, context: RenderContext, cache: NoKindCache) -> [PageSpec] {
        HymnPages.specs(hymnal, context: context)
    }

    public func snapshots(_ hymnal: Hymnal, context: RenderContext, cache: NoKindCache) throws -> [Snapshot] {
        try HymnsSnapshot.remembered(hymnal, context: context)
    }

    /// The Hymnal app's bundled hymnal (`AppExport.file`).
    public func feeds(_ hymnal: Hymnal, context: RenderContext, cache: NoKindCache) -> [OutputFile] {
        [AppExport.file(hymnal)]
    }

    /// Its stanzas to the search, its tables to the apps' bundle, the home page's hymn-number
    /// box (the partial `hymn-finder`), and to `/my/` the hymns' address (favourite hymns are
    /// listed by number and linked below it) with the favourites' part of the export file.
    public func contributions(_ hymnal: Hymnal, context: RenderContext, cache: NoKindCache) -> Contributions {
        var made = Contributions(HymnSearch.contribution(hymnal, words: context.strings(), others: context.config.strings.languages.map { context.strings($0) }), AppTables(HymnAppTables.tables(hymnal)),
                                 HymnReaderData.part(context: context), ManifestListing(schemas: [AppExport.schema]))
        if hymnal.count > 0 {
            made.add(HomeValues(["hymnFinder": ["finder": HymnPages.finderValues(hymnal, context: context),
                                                "hymnsURL": .text(context.url("hymns/"))]]))
        }
        return made
    }
}

/// One hymn file's hymn (nil: unreadable or wrong, its problems reported).
struct HymnFile: SourceFileReader {
    typealias Value = Hymn?
    func read(_ tree: SourceTree, _ relative: String, _ queries: Queries) -> Hymn? {
        HymnalReader.readFile(tree, relative, queries.diagnostics)
    }
}

/// A hymn's text HTML in these words.
struct HymnText: QueryKey {
    typealias Value = String
    let hymn: Hymn
    let words: HymnTextHTML.Words

    func compute(_ queries: Queries) -> String { HymnTextHTML.html(hymn, words: words) }
}

/// A hymn's record in its range's JSON file (nil: it could not be encoded, see `HymnsSnapshot`).
/// The context is the engine's (`RenderContext.queries`): its settings are constants here.
struct HymnRecord: QueryKey {
    typealias Value = Data?
    let hymn: Hymn
    let context: RenderContext

    func compute(_ queries: Queries) -> Data? { try? HymnsSnapshot.encodedRecord(hymn, context: context) }

    static func == (a: Self, b: Self) -> Bool { a.hymn == b.hymn }
    func hash(into hasher: inout Hasher) { hasher.combine(hymn) }
}
