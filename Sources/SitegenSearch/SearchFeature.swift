import SitegenCore

/// The site's search: the `/search/` page (when the templates have `search`) and the index
/// written from every kind's `SearchContribution` (`SearchIndex`, docs/search.md). It lists the
/// index in the manifest and gives its files to the offline list, each document file with the
/// kind whose documents it holds (a group that saves them takes them along).
public struct SearchFeature: SiteFeature {
    public init() {}

    public var name: String { "search" }
    public var stage: FeatureStage { .contributions }
    public var deferrable: Bool { true }

    public func makeCache() -> SearchIndexMemo { SearchIndexMemo() }

    public static let pagePath = "search/"

    /// `/search/` in the site's language, and `/search/<language>/` in each other language a
    /// kind's pages speak (`SearchContribution.pageLanguages`: a translation's): the header's box
    /// on a Spanish chapter of an English site opens the results in Spanish (`strings.searchPage`).
    /// No other: a Finnish site publishes no English or Spanish search page it never links.
    public func pages(_ site: SitePlan, context: RenderContext) -> [PageSpec] {
        guard site.pages[Self.pagePath] == nil, context.templates.has("search") else { return [] }
        let spoken = Set(site.contributions(SearchContribution.self).flatMap(\.value.pageLanguages))
        let others = context.config.strings.languages.filter { $0 != context.config.language && spoken.contains($0) }
        return ([nil] + others.map(Optional.some)).map { (language: String?) in
            let path = RenderContext.searchPage(language)
            let words = context.strings(language)
            var values: TemplateObject = ["searchURL": .text(context.url(path))]
            if language != nil { values["indexWords"] = .text(Self.indexWords(site: context.strings(), page: words)) }
            return PageSpec(path: path, template: "search", title: words["search"], description: words["description.search"],
                            values: values, language: language)
        }
    }

    /// The words the index holds in the site's language (the kinds, their labels, the
    /// testaments), each with the page's word where it differs, as JSON: a search page in another
    /// language shows them in its own (search.js `localize`). The index stays one.
    static func indexWords(site: StringTable, page: StringTable) -> String {
        let keys = StringTable.english.keys.filter { $0.hasPrefix("kind.") } + ["chapter", "chapterPlural", "oldTestament", "newTestament"]
        var words: [String: String] = [:]
        for key in keys.sorted() where site[key] != page[key] && words[site[key]] == nil { words[site[key]] = page[key] }
        return "{" + words.keys.sorted().map { JSONText.quoted($0) + ":" + JSONText.quoted(words[$0]!) }.joined(separator: ",") + "}"
    }

    public func input(_ site: SiteSoFar, context: RenderContext) -> [Contributed<SearchContribution>] {
        site.contributions(SearchContribution.self)
    }

    public func make(_ contributions: [Contributed<SearchContribution>], context: RenderContext,
                     cache: SearchIndexMemo) throws -> FeatureFiles {
        // Each file is staged as it is made (`sitegen build`): the index is never whole in memory.
        // A session's later builds (`sitegen serve`) bring the last one up to date (`SearchIndexMemo`).
        let language = context.config.language
        let index = try SearchIndex.build(contributions.map(\.value), jobs: context.jobs, language: language, memo: cache,
                                            sink: context.fileSink)
        let files = index.files.map(\.output)
        let entry = index.entry.output
        let listing = Manifest.SearchEntry(path: entry.path, sha256: entry.staged?.sha256 ?? SnapshotJSON.sha256(entry.data),
                                           bytes: entry.byteCount, files: files.count, totalBytes: files.reduce(0) { $0 + $1.byteCount })
        // A scope's documents and terms go offline with its translation; the first scope's terms
        // (the default translation's) stay in the core, so that offline search finds its verses.
        let firstScope = contributions.lazy.flatMap(\.value.scopes).first?.id
        let listed = zip(index.files, files).map { file, output in
            let core = file.terms && file.scope == firstScope
            return OfflineListed.File(output, documentsOf: core ? nil : file.owner.map { contributions[$0].contributor },
                                      scope: core ? nil : file.scope, key: file.key)
        }
        return FeatureFiles(files: files, contributions: Contributions(ManifestListing(search: listing), OfflineListed(listed)))
    }
}
