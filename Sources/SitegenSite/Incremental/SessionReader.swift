import Foundation
import Synchronization
import SitegenBible
import SitegenHymns
import SitegenSchedule

/// The read stage of a build session: like `SiteLoader.load`, but a kind of content whose files
/// did not change is taken from the previous `Site`, and within the hymnal, the Bible, the
/// pages, the localities and the schedule only changed files are parsed again (the rest come
/// from per-file memos).
final class SessionReader: Sendable {
    let hymnFiles = FileMemo<Hymn?>()
    let bibleFiles = FileMemo<[Book]>()
    let pageFiles = FileMemo<Page?>()
    /// A locality also depends on `Content/static/` (its photo must exist there): forgotten
    /// whenever a static file changed.
    let localityFiles = FileMemo<Locality?>()
    /// A schedule file's events also depend on the localities (slugs, zones): forgotten whenever
    /// the localities they were checked against differ (`scheduleBasis`).
    let scheduleFiles = FileMemo<[Event]>()
    private let scheduleBasis = Mutex<ScheduleReader.Localities?>(nil)
    /// `plan.yml` and `daily-verses.yml`, with the numbering they were checked against: read
    /// again when the file or the primary translation's chapter and verse numbers change.
    let planFile = FileMemo<Checked<ReadingPlan?>>()
    let dailyVersesFile = FileMemo<Checked<DailyVerses?>>()

    struct Checked<Value: Sendable>: Sendable {
        let numbering: VerseNumbering
        let value: Value
    }
    /// The hymn files, listed once and again only after a file was added or removed anywhere
    /// (listing a folder is slow in Foundation); kept only from a listing without problems.
    private let hymnListing = Mutex<[String]?>(nil)
    /// `<translation>/<OSIS book>` of the books parsed afresh (not from the memo) since last asked.
    private let freshBooks = Mutex<Set<String>>([])

    /// The books parsed afresh since the last call; their remembered pages and files are stale.
    func takeFreshBooks() -> Set<String> {
        freshBooks.withLock { books in
            defer { books = [] }
            return books
        }
    }

    /// `structural`: whether a file was added or removed (a listing may differ).
    func invalidate(_ paths: Set<String>, structural: Bool = true) {
        if structural { hymnListing.withLock { $0 = nil } }
        hymnFiles.invalidate(paths)
        bibleFiles.invalidate(paths)
        pageFiles.invalidate(paths)
        localityFiles.invalidate(paths)
        scheduleFiles.invalidate(paths)
        planFile.invalidate(paths)
        dailyVersesFile.invalidate(paths)
    }

    /// After a failed run: forgets what that run read from the files that changed and, when a
    /// static file changed, every locality it read (checked against a `Content/static/` that may
    /// be put back as it was, which is no change at all next time).
    func forgetFailedRun(_ paths: Set<String>, changes: ChangeSet) {
        invalidate(paths)
        if changes.everything || changes.kinds.contains(.statics) { localityFiles.removeAll() }
    }

    func forgetAll() {
        hymnListing.withLock { $0 = nil }
        hymnFiles.removeAll()
        bibleFiles.removeAll()
        pageFiles.removeAll()
        localityFiles.removeAll()
        scheduleFiles.removeAll()
        planFile.removeAll()
        dailyVersesFile.removeAll()
    }

    /// `previous` nil (or `changes.everything`): every kind is read.
    func load(_ options: BuildOptions, config: SiteConfig, previous: Site?, changes: ChangeSet,
              diagnostics: Diagnostics) async -> Site {
        let old = changes.everything ? nil : previous
        func stale(_ kind: ChangeSet.Kind) -> Bool { old == nil || changes.kinds.contains(kind) }
        if stale(.statics) { localityFiles.removeAll() }   // photos are checked against Content/static/
        if !options.content.exists {
            diagnostics.error("content folder not found", at: SourceLocation(path: options.content.displayPath))
        }
        async let templates = stale(.templates) ? TemplateLibrary.load(from: options.templates, diagnostics: diagnostics) : old!.templates
        async let pages = stale(.pages) ? readPages(options, diagnostics: diagnostics) : old!.pages
        async let statics = stale(.statics)
            ? StaticFiles.read(templates: options.templates, content: options.content, diagnostics: diagnostics) : old!.staticFiles
        async let hymnal = stale(.hymns) ? readHymnal(options, diagnostics: diagnostics) : old!.hymnal
        async let schedule = stale(.schedule) ? readSchedule(options, diagnostics: diagnostics) : old!.schedule
        async let bible = stale(.bible) ? readBible(options, diagnostics: diagnostics) : old!.bible
        let site = Site(config: config, templates: await templates, pages: await pages, staticFiles: await statics,
                        hymnal: await hymnal, schedule: await schedule, bible: await bible)
        SiteLoader.check(site, options: options, diagnostics: diagnostics)
        return site
    }

    private func readPages(_ options: BuildOptions, diagnostics: Diagnostics) async -> [Page] {
        let memo = pageFiles
        return await PageReader.read(content: options.content, diagnostics: diagnostics) { tree, relative, diagnostics in
            memo.value(for: tree.fileURL(relative), diagnostics: diagnostics) {
                PageReader.read(tree: tree, relative: relative, diagnostics: $0)
            }
        }
    }

    private func readHymnal(_ options: BuildOptions, diagnostics: Diagnostics) async -> Hymnal? {
        let memo = hymnFiles
        let listing = hymnListing.withLock { $0 } ?? {
            let local = Diagnostics()
            let files = HymnalReader.files(in: options.content.subtree(HymnalReader.folder), diagnostics: local)
            for problem in local.all { diagnostics.report(problem) }
            if local.all.isEmpty { hymnListing.withLock { $0 = files } }
            return files
        }()
        return await HymnalReader.read(content: options.content, jobs: options.jobs, diagnostics: diagnostics, readFile: { tree, relative, diagnostics in
            memo.value(for: tree.fileURL(relative), diagnostics: diagnostics) { HymnalReader.readFile(tree, relative, $0) }
        }, listing: listing)
    }

    private func readSchedule(_ options: BuildOptions, diagnostics: Diagnostics) async -> Schedule {
        let (localities, events) = (localityFiles, scheduleFiles)
        return await ScheduleLoader.load(content: options.content, diagnostics: diagnostics, readLocality: { tree, relative, statics, diagnostics in
            localities.value(for: tree.fileURL(relative), diagnostics: diagnostics) {
                LocalityReader.readFile(tree, relative, statics, $0)
            }
        }, readSchedule: { tree, relative, known, diagnostics in
            self.scheduleBasis.withLock { basis in
                if basis != known { events.removeAll() }   // the first file of a load with other localities
                basis = known
            }
            return events.value(for: tree.fileURL(relative), diagnostics: diagnostics) {
                ScheduleReader.readFile(tree, relative, known, $0)
            }
        })
    }

    private func readBible(_ options: BuildOptions, diagnostics: Diagnostics) async -> BibleLibrary? {
        let memo = bibleFiles
        return await BibleReader.read(content: options.content, diagnostics: diagnostics, jobs: options.jobs, readFile: { folder, relative, diagnostics in
            memo.value(for: folder.fileURL(relative), diagnostics: diagnostics) {
                let books = TranslationReader.readFile(folder, relative, $0)
                let id = folder.url.lastPathComponent   // the translation's id is its folder's name
                self.freshBooks.withLock { $0.formUnion(books.map { "\(id)/\($0.osis)" }) }
                return books
            }
        }, readPlans: readPlans)
    }

    private func readPlans(_ root: SourceTree, primary: Translation, diagnostics: Diagnostics) -> (ReadingPlan?, DailyVerses?) {
        let numbering = VerseNumbering(primary)
        let plan = planFile.value(for: root.fileURL("plan.yml"), diagnostics: diagnostics, valid: { $0.numbering == numbering }) {
            Checked(numbering: numbering, value: BibleReader.readPlan(root, primary: primary, diagnostics: $0))
        }
        let daily = dailyVersesFile.value(for: root.fileURL("daily-verses.yml"), diagnostics: diagnostics,
                                          valid: { $0.numbering == numbering }) {
            Checked(numbering: numbering, value: BibleReader.readDailyVerses(root, primary: primary, diagnostics: $0))
        }
        return (plan.value, daily.value)
    }
}
