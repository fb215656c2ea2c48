import Foundation
import Synchronization

/// The Bible as a content kind: `Content/bible/` → the contents, book, chapter, plan and
/// progress pages, the Bible snapshots and the home page's verse of the day.
public struct BibleKind: ContentKind {
    public init() {}

    public var name: String { "bible" }

    /// No check of the finished site: `sitegen build` lets go of the model once the pages are rendered.
    public var checksBuiltSite: Bool { false }

    public var sources: KindSources {
        // The pages' words in other languages live in `Content/strings/`: an edit there reads the Bible again.
        KindSources(folders: [BibleReader.folder], checksAgainst: [StringTable.folder], templates: BiblePages.templates)
    }

    public func makeCache() -> BibleCache { BibleCache() }

    public func read(_ input: KindInput, cache: BibleCache) async -> BibleLibrary? {
        await BibleReader.read(content: input.content, diagnostics: input.diagnostics, jobs: input.jobs, queries: input.queries)
    }

    public func pages(_ library: BibleLibrary, context: RenderContext, cache: BibleCache) -> [PageSpec] {
        BiblePages.specs(library, context: context, cache: cache)
    }

    /// The chapter and side-by-side pages made as they are rendered (`sitegen build`).
    public func pageList(_ library: BibleLibrary, context: RenderContext, cache: BibleCache) -> PageList {
        BiblePages.list(library, context: context)
    }

    public func snapshots(_ library: BibleLibrary, context: RenderContext, cache: BibleCache) throws -> [Snapshot] {
        try BibleSnapshots.snapshots(library, jobs: context.jobs, queries: context.remembers ? context.queries : nil,
                                     sink: context.fileSink)
    }

    /// The plan's month files and the list of verses of the day, fetched by bible.js when the
    /// reader's date is not the build's.
    public func feeds(_ library: BibleLibrary, context: RenderContext, cache: BibleCache) -> [OutputFile] {
        (library.plan.map { context.queries.value(PlanDayFiles(plan: $0, context: context.settingsOnly)) } ?? [])
            + [DailyVerseHome.file(library, context: context)].compactMap { $0 }
    }

    /// Its verses and books to the search, its chapters as offline groups, its tables to the
    /// apps' bundle, today's readings and the verse of the day to the home page, and to `/my/`
    /// its books with the progress, plan and marks' parts of the export file.
    public func contributions(_ library: BibleLibrary, context: RenderContext, cache: BibleCache) -> Contributions {
        Contributions(BibleSearch.contribution(library, words: context.strings(), queries: context.remembers ? context.queries : nil),
                      offline(library), AppTables(BibleAppTables.tables(library)),
                      HomeValues(DailyVerseHome.values(library, context: context)
                          .merging(PlanDays.homeValues(library.plan, context: context)) { $1 }),
                      BibleActivity.part(library, context: context))
    }

    /// The chapters (and their verses in the search) are saved on demand: a few megabytes that
    /// would make the core, installed at the first visit, several times bigger (docs/offline.md).
    /// The table of contents, book pages, plan and progress chart stay in the core.
    /// Each other translation's chapters, and its side-by-side pages, are a group of their own:
    /// kept as they are opened, never part of the core. Each group carries its translation's
    /// search documents (and, but for the default's, its search terms).
    func offline(_ library: BibleLibrary) -> OfflineContribution {
        OfflineContribution(groups: library.editions.map { edition in
            let books = edition.translation.books
            var pages = books.flatMap { book in book.chapters.map { edition.chapter(book.canon, $0.number) } }
            if let id = edition.pathID {
                pages += ParallelPages.shared(library.primary, edition.translation).flatMap { pair in
                    pair.chapters.map { BiblePaths.parallel(pair.left.canon, $0, with: id) }
                }
            }
            return OfflineGroup(name: edition.offlineGroup, unit: "chapters", pages: pages,
                                searchDocuments: true, searchScope: edition.translation.id)
        })
    }
}

/// What the Bible remembers between the builds of a session beside the engine (which holds what
/// its files held, each chapter's text, each book's and translation's snapshot file, search
/// documents and verse of the day): its page specs, each kept with what it was made from (see
/// `InputMemo`).
public final class BibleCache: KindCache {
    let pages = Mutex(InputMemo<[PageSpec]>())
    public init() {}
}

/// A chapter's text HTML in its translation's words, by its place (`<translation>/<OSIS>/<chapter>`):
/// made again only when the chapter or the words differ (an unchanged book's chapters are the
/// very values of the last read, compared at once).
struct ChapterTextHTML: QueryKey {
    typealias Value = String
    let place: String
    let chapter: Chapter
    let words: VerseHTML.Words

    init(_ library: BibleLibrary, _ edition: Edition, _ book: Book, _ chapter: Chapter) {
        place = "\(edition.key)/\(book.osis)/\(chapter.number)"
        self.chapter = chapter
        words = ChapterWords.words(library, edition, book.canon, chapter.number)
    }

    func compute(_ queries: Queries) -> String { VerseHTML.chapter(chapter, words: words) }

    func hash(into hasher: inout Hasher) { hasher.combine(place) }
}

/// The plan's month files (`bible/plan/MM/days.json`): encoded again only when the plan changed,
/// not on every verse edit (12 JSON files, a few milliseconds). The context is the engine's.
struct PlanDayFiles: QueryKey {
    typealias Value = [OutputFile]
    let plan: ReadingPlan
    let context: RenderContext

    func compute(_ queries: Queries) -> [OutputFile] { PlanDays.files(plan, context: context) }

    static func == (a: Self, b: Self) -> Bool { a.plan == b.plan }
    func hash(into hasher: inout Hasher) { hasher.combine(plan.days.count) }
}
