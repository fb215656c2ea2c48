import Foundation
import Testing
@testable import SitegenSite

@Suite("Incremental rebuilds", .serialized)
struct BuildSessionTests {
    /// Each comparison with a full build is a whole build in memory (about 2 s of CPU in a debug
    /// build), so the copy keeps 60 hymns (two of the bundle's ranges), and an edit whose outputs
    /// the next edit does not render again (or only a few of them) is compared together with that
    /// next one: what it wrote wrong or left stale is still there to see (`comparedWithTheNext`).
    @Test func everyEditGivesTheBytesOfAFullBuild() async throws {
        let site = try TestSite.fewBooksCopy()
        defer { site.remove() }
        try site.keepHymns(through: 60)
        let session = BuildSession(options: site.options)
        let first = try await session.build()
        let firstWroteHymn12 = first.written.contains("hymns/12/index.html")
        #expect(firstWroteHymn12)
        // The first build is compared with the first edit's: the edit rewrites a few files of it.
        var uncompared = ["the first build"]

        // Each step: edit sources, tell the session which files changed, compare with a full build.
        func step(_ name: String, _ changed: [String], expectWritten: [String] = [], expectRemoved: [String] = [],
                  comparedWithTheNext: Bool = false, _ edit: () throws -> Void) async throws -> BuildReport {
            try edit()
            let report = try await session.rebuild(changed: Set(changed.map(site.url)))
            let written = Set(report.written), removed = Set(report.removed)
            for path in expectWritten { #expect(written.contains(path), "\(name): \(path) not written") }
            for path in expectRemoved { #expect(removed.contains(path), "\(name): \(path) not removed") }
            uncompared.append(name)
            if !comparedWithTheNext {
                try await site.expectOutputMatchesFreshBuild(after: uncompared.joined(separator: ", then "))
                uncompared = []
            }
            return report
        }

        let hymn = try await step("a hymn's text", ["Content/hymns/012.md"], expectWritten: ["hymns/12/index.html", "api/v1/hymns/1-50.json", "api/v1/manifest.json", "sw.js"]) {
            try site.edit("Content/hymns/012.md", replacing: "\n\n", with: "\n\nA new first line, sung first,\n")
        }
        // Only what shows hymn 12 changes: its page, its neighbours' prev/next, the index, the snapshot.
        let (hymn20, bibleFiles, hymnRendered) = (hymn.written.contains("hymns/20/index.html"),
                                                  hymn.written.filter { $0.hasPrefix("bible/") }.count, hymn.rendered)
        #expect(!hymn20 && bibleFiles == 0 && hymnRendered < 10)
        // The offline list's parts are brought up to date from what changed: a hymn's part, not the Bible's.
        let hymnParts = hymn.written.filter { $0.hasPrefix("sw-parts/") }
        #expect(hymnParts.contains { $0.hasPrefix("sw-parts/core-hymns") } && !hymnParts.contains { $0.hasPrefix("sw-parts/group-") },
                "\(hymnParts)")

        _ = try await step("a new page", ["Content/pages/news.md"], expectWritten: ["news/index.html", "sitemap.xml"]) {
            try site.write("Content/pages/news.md", "---\ntitle: News <b>\n---\nSee the [hymns](/hymns/).\n")
        }
        // A hymn template renders hymn pages only: the deleted page's leftovers would still be there.
        _ = try await step("a deleted page", ["Content/pages/news.md"], expectRemoved: ["news/index.html"], comparedWithTheNext: true) {
            try site.delete("Content/pages/news.md")
        }
        let template = try await step("a template", ["Templates/hymn.mustache"], expectWritten: ["hymns/1/index.html"]) {
            try site.edit("Templates/hymn.mustache", replacing: "{{/head}}", with: "<meta name=\"x-edited\" content=\"1\">{{/head}}")
        }
        let aboutRewritten = template.written.contains("about/index.html")
        #expect(!aboutRewritten, "a hymn template edit rewrote the about page")
        let schedule = try await step("the schedule", ["Content/schedule/congregations.yml"]) {
            try site.edit("Content/schedule/congregations.yml", replacing: "start: \"11:00\"", with: "start: \"10:30\"")
        }
        let scheduleGroupParts = schedule.written.filter { $0.hasPrefix("sw-parts/group-") }
        #expect(scheduleGroupParts.isEmpty, "a schedule edit rewrote the Bible's offline parts: \(scheduleGroupParts)")
        // Schedule files are remembered per file, and feed entries, rows and records per event:
        // a locality's zone changes the events of files that did not change (their times' zone).
        _ = try await step("a locality's time zone", ["Content/localities/gackle.md"],
                           expectWritten: ["localities/gackle.ics", "localities/gackle/index.html"]) {
            try site.edit("Content/localities/gackle.md", replacing: "time_zone: America/Chicago", with: "time_zone: America/Denver")
        }
        _ = try await step("a locality's name", ["Content/localities/gackle.md"], expectWritten: ["localities/aberdeen.ics"]) {
            try site.edit("Content/localities/gackle.md", replacing: "name: \"Gackle, ND\"", with: "name: \"Gackle, North Dakota\"")
        }
        _ = try await step("a schedule file added", ["Content/schedule/extra.yml"], expectWritten: ["schedule/all.ics", "localities/gackle.ics"]) {
            try site.write("Content/schedule/extra.yml", """
                title: "Extra"
                events:
                  - { id: visit, date: 2026-12-10, locality: gackle, with: [aberdeen], sessions: [{ start: "19:00", end: "21:00" }] }
                """)
        }
        _ = try await step("a schedule file removed", ["Content/schedule/extra.yml"], expectWritten: ["schedule/all.ics"]) {
            try site.delete("Content/schedule/extra.yml")
        }
        // Genesis and James: other pages, other books' files, other divisions of the bundle.
        let verse = try await step("a Bible verse", ["Content/bible/kjv/01-Gen.osis.xml"], expectWritten: ["bible/genesis/1/index.html", "api/v1/bible/kjv/books/gen.json"],
                                   comparedWithTheNext: true) {
            try site.edit("Content/bible/kjv/01-Gen.osis.xml", replacing: "God created the heaven", with: "God made the heaven")
        }
        let exodusRewritten = verse.written.contains("bible/exodus/1/index.html")
        #expect(!exodusRewritten, "an edit in Genesis rewrote Exodus")
        let verseParts = verse.written.filter { $0.hasPrefix("sw-parts/") }
        #expect(verseParts.contains { $0.hasPrefix("sw-parts/group-") } && !verseParts.contains { $0.hasPrefix("sw-parts/core-hymns") },
                "\(verseParts)")
        // James 1:22 is the home page's verse of the day on 2026-11-22 (day 20,779 of 320 verses).
        _ = try await step("the verse of the day", ["Content/bible/kjv/59-Jas.osis.xml"], expectWritten: ["index.html", "bible/james/1/index.html"]) {
            try site.edit("Content/bible/kjv/59-Jas.osis.xml", replacing: "But be ye doers of the word", with: "Be ye doers of the word")
        }
        // A verse taken out changes the numbering the plan is checked against: "Genesis 50" now
        // ends at 50:25 (a verse added would be outside the KJV versification, an error).
        _ = try await step("a verse removed", ["Content/bible/kjv/01-Gen.osis.xml"], expectWritten: ["api/v1/bible/kjv/plan.json"]) {
            let lines = try site.read("Content/bible/kjv/01-Gen.osis.xml").split(separator: "\n", omittingEmptySubsequences: false)
            try site.write("Content/bible/kjv/01-Gen.osis.xml",
                           lines.filter { !$0.contains("sID=\"Gen.50.26\"") }.joined(separator: "\n"))
        }
        // A book's name shows on the chapters next to it (prev/next), the index and the progress chart.
        _ = try await step("a book's name", ["Content/bible/kjv/02-Exod.osis.xml"], expectWritten: ["bible/genesis/50/index.html", "bible/leviticus/1/index.html", "bible/index.html"]) {
            try site.edit("Content/bible/kjv/02-Exod.osis.xml", replacing: "<milestone n=\"Exodus\" type=\"x-usfm-h\"/>",
                          with: "<milestone n=\"Exodus (2)\" type=\"x-usfm-h\"/>")
        }
        _ = try await step("the translation's name", ["Content/bible/kjv/translation.yml"], expectWritten: ["bible/revelation/22/index.html"]) {
            try site.edit("Content/bible/kjv/translation.yml", replacing: "name: King James Version", with: "name: King James Version (1769)")
        }
        // A stylesheet is only copied: the plan's pages and files would stay as the plan's edit left them.
        _ = try await step("the reading plan", ["Content/bible/plan.yml"], expectWritten: ["bible/plan/01/index.html", "bible/plan/01/days.json", "api/v1/bible/kjv/plan.json"],
                           comparedWithTheNext: true) {
            try site.edit("Content/bible/plan.yml", replacing: "01-01: [Genesis 1, Matthew 1,", with: "01-01: [Genesis 1-2, Matthew 1,")
        }
        _ = try await step("a stylesheet", ["Templates/assets/site.css"], expectWritten: ["assets/site.css"]) {
            try site.write("Templates/assets/site.css", try site.read("Templates/assets/site.css") + "\n.edited { color: red; }\n")
        }
        // The layout is on every page; the hymn added next renders a few of them again, and the rest would still show it.
        _ = try await step("the layout", ["Templates/layout.mustache"], expectWritten: ["index.html", "bible/genesis/1/index.html"], comparedWithTheNext: true) {
            try site.edit("Templates/layout.mustache", replacing: "</head>", with: "<meta name=\"x-layout\" content=\"2\"></head>")
        }
        _ = try await step("a hymn added", ["Content/hymns/hymnal.yml", "Content/hymns/061.md"], expectWritten: ["hymns/61/index.html"]) {
            try site.edit("Content/hymns/hymnal.yml", replacing: "count: 60", with: "count: 61")
            try site.write("Content/hymns/061.md", "---\nnumber: 61\ntitle: <script>alert(1)</script>\n---\n\nOne more song of praise.\n")
        }
        _ = try await step("a hymn removed again", ["Content/hymns/hymnal.yml", "Content/hymns/061.md"], expectRemoved: ["hymns/61/index.html"]) {
            try site.edit("Content/hymns/hymnal.yml", replacing: "count: 61", with: "count: 60")
            try site.delete("Content/hymns/061.md")
        }
        // The same for site.yml's title and the one page edited next.
        _ = try await step("site.yml", ["Content/site.yml"], comparedWithTheNext: true) {
            try site.edit("Content/site.yml", replacing: "title: ", with: "title: Edited ")
        }
        // The watcher may report a folder (a rename, a git checkout): everything in it is looked at.
        _ = try await step("a whole folder", ["Content/pages"], expectWritten: ["about/index.html"]) {
            try site.write("Content/pages/about.md", try site.read("Content/pages/about.md") + "\nOne more line.\n")
        }
    }

    /// The three bundled translations: an edit of one of them rewrites its own pages and the
    /// side-by-side pages that show it, not the other translations' pages; the output is the
    /// full build's to the byte.
    @Test func anEditOfOneTranslationRewritesOnlyItsPages() async throws {
        // The KJV and two books of each other translation (the whole of them would triple
        // every debug build of this test for nothing more to see).
        let site = try TestSite.fewBooksCopy()
        defer { site.remove() }
        try site.keepHymns(through: 60)
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for (id, files) in [("web", ["57-John.osis.xml", "40-Tob.osis.xml"]), ("rv1909", ["43-John.osis.xml", "44-Acts.osis.xml"])] {
            for file in files + ["translation.yml"] {
                try site.write("Content/bible/\(id)/\(file)",
                               try String(contentsOf: repo.appendingPathComponent("Content/bible/\(id)/\(file)"), encoding: .utf8))
            }
        }
        let session = BuildSession(options: site.options)
        _ = try await session.build()
        let web = "Content/bible/web/57-John.osis.xml"
        try site.edit(web, replacing: "For God so loved the world", with: "For God so loved the whole world")
        let report = try await session.rebuild(changed: [site.url(web)])
        let written = Set(report.written)
        for path in ["bible/web/john/3/index.html", "bible/parallel/web/john/3/index.html", "api/v1/bible/web/books/john.json"] {
            #expect(written.contains(path), "\(path) not written")
        }
        for path in ["bible/john/3/index.html", "bible/rv1909/john/3/index.html", "bible/parallel/rv1909/john/3/index.html",
                     "bible/web/john/4/index.html"] {
            #expect(!written.contains(path), "\(path) rewritten by an edit of the WEB's John 3")
        }
        #expect(try site.read("Output/bible/parallel/web/john/3/index.html").contains("For God so loved the whole world"))
        try await site.expectOutputMatchesFreshBuild(after: "a WEB verse edited")
    }

    @Test func aBadEditFailsLeavesTheOutputAndRecoversWhenFixed() async throws {
        let site = try TestSite.fewBooksCopy()
        defer { site.remove() }
        try site.keepHymns(through: 60)
        let session = BuildSession(options: site.options)
        _ = try await session.build()
        let before = site.outputTree()

        let good = try site.read("Content/hymns/007.md")
        try site.write("Content/hymns/007.md", good.replacingOccurrences(of: "number: 7", with: "number: seven"))
        try site.edit("Content/hymns/008.md", replacing: "\n\n", with: "\n\nAn edit that is fine,\n")
        await #expect(throws: BuildFailed.self) {
            _ = try await session.rebuild(changed: [site.url("Content/hymns/007.md"), site.url("Content/hymns/008.md")])
        }
        do {
            _ = try await session.rebuild(changed: [site.url("Content/hymns/007.md")])
            Issue.record("the bad hymn was accepted")
        } catch let failure as BuildFailed {
            #expect(failure.diagnostics.contains { $0.location.path == "Content/hymns/007.md" && $0.location.line == 2 })
        }
        #expect(site.outputTree() == before, "a failed rebuild changed the output")

        // Fixed: the watcher reports only 007.md, yet 008.md's earlier edit is built too.
        try site.write("Content/hymns/007.md", good)
        let report = try await session.rebuild(changed: [site.url("Content/hymns/007.md")])
        let hymn8 = report.written.contains("hymns/8/index.html")
        #expect(hymn8, "the earlier good edit was lost")
        try await site.expectOutputMatchesFreshBuild(after: "the fix")
    }

    /// A remembered locality is read again when a static file changes: its photo must exist there.
    @Test func aLocalityPhotoDeletedFromStaticFailsTheBuild() async throws {
        let site = try TestSite.fewBooksCopy()
        defer { site.remove() }
        try site.keepHymns(through: 60)
        try site.write("Content/static/photos/gackle.jpg", "jpeg")
        try site.edit("Content/localities/gackle.md", replacing: "region: ND", with: "photo: photos/gackle.jpg\nregion: ND")
        let session = BuildSession(options: site.options)
        _ = try await session.build()
        try site.delete("Content/static/photos/gackle.jpg")
        do {
            _ = try await session.rebuild(changed: [site.url("Content/static/photos/gackle.jpg")])
            Issue.record("a missing photo was accepted")
        } catch let failure as BuildFailed {
            #expect(failure.diagnostics.contains { $0.location.path == "Content/localities/gackle.md" })
        }
        // Put back as it was: nothing changed since the last good build, so nothing to do; but the
        // locality read while the photo was missing must not be remembered for the next edit.
        try site.write("Content/static/photos/gackle.jpg", "jpeg")
        _ = try await session.rebuild(changed: [site.url("Content/static/photos/gackle.jpg")])
        try site.edit("Content/schedule/congregations.yml", replacing: "start: \"11:00\"", with: "start: \"10:30\"")
        _ = try await session.rebuild(changed: [site.url("Content/schedule/congregations.yml")])
        try await site.expectOutputMatchesFreshBuild(after: "the photo put back and a schedule edit")
    }

    /// `sitegen serve`: the page first, the search index, the apps' bundle and the offline list when edits pause.
    @Test func deferredOutputsSettleToTheBytesOfAFullBuild() async throws {
        let site = try TestSite.fewBooksCopy()
        defer { site.remove() }
        try site.keepHymns(through: 60)
        let session = BuildSession(options: site.options)
        _ = try await session.build()
        let indexBefore = try #require(site.outputTree()["search/index.json"])
        try site.edit("Content/hymns/012.md", replacing: "\n\n", with: "\n\nMarvellous zebrafinch praises,\n")
        let quick = try await session.rebuild(changed: [site.url("Content/hymns/012.md")], deferSlow: true)
        #expect(quick.written.contains("hymns/12/index.html"))
        #expect(!quick.written.contains { $0.hasPrefix("search/") || $0.hasPrefix("api/v1/bundle/") || $0.hasPrefix("sw-parts/") || $0 == "sw.js" })
        let unsettled = await session.isUnsettled
        #expect(unsettled)
        #expect(site.outputTree()["search/index.json"] == indexBefore)
        // Another deferred edit in between: both reach the index when it settles.
        try site.edit("Content/hymns/013.md", replacing: "\n\n", with: "\n\nQuixotic marmalade hymn,\n")
        _ = try await session.rebuild(changed: [site.url("Content/hymns/013.md")], deferSlow: true)
        let settled = try await session.settle()
        #expect(settled.written.contains("search/index.json") && settled.written.contains("api/v1/bundle/hymns.sqlite"))
        #expect(settled.written.contains { $0.hasPrefix("sw-parts/core-hymns") }, "\(settled.written)")
        // The bundle is in parts: a hymn edit leaves the verses' and the schedule's files as they were.
        #expect(!settled.written.contains { $0.hasPrefix("api/v1/bundle/bible") || $0 == "api/v1/bundle/schedule.sqlite" }, "\(settled.written)")
        let stillUnsettled = await session.isUnsettled
        #expect(!stillUnsettled)
        try await site.expectOutputMatchesFreshBuild(after: "settling two deferred edits")
        let again = try await session.settle()
        #expect(again.written.isEmpty)
    }

    /// A folder sitegen did not write is refused before anything is read or built: the refusal
    /// of a build of the bundled site comes at once, not after its whole build. Shown by a page
    /// with an error: a build that read the sources first would fail on it (`BuildFailed`), not
    /// on the folder (no time bound: a busy machine is slow too).
    @Test func aForeignOutputFolderIsRefusedBeforeTheBuild() async throws {
        let site = try TestSite.bundledCopy()
        defer { site.remove() }
        try site.write("Output/thesis.txt", "do not delete")
        try site.write("Content/pages/broken.md", "---\ntitle: [unclosed\n---\nText.\n")
        await #expect(throws: OutputWriter.WriteError.self) { try await site.build() }
        #expect(site.outputTree() == ["thesis.txt": Data("do not delete".utf8)])
    }

    @Test func aSaveWithoutChangesWritesNothing() async throws {
        let site = try TestSite.fewBooksCopy()
        defer { site.remove() }
        try site.keepHymns(through: 60)
        let session = BuildSession(options: site.options)
        _ = try await session.build()
        try site.write("Content/hymns/003.md", try site.read("Content/hymns/003.md"))   // new time, same bytes
        let touched = try await session.rebuild(changed: [site.url("Content/hymns/003.md")])
        #expect(touched.written.isEmpty && touched.removed.isEmpty && touched.changedSources.isEmpty)
        let everything = try await session.rebuild(changed: [])   // look at every source
        #expect(everything.written.isEmpty && everything.removed.isEmpty)
        // An edit nobody reported is found by a rebuild that looks at everything.
        try site.edit("Content/pages/about.md", replacing: "\n", with: "\n\n")
        try site.write("Content/pages/about.md", try site.read("Content/pages/about.md") + "\nUnreported.\n")
        let found = try await session.rebuild(changed: [])
        let aboutFound = found.written.contains("about/index.html")
        #expect(aboutFound)
        try await site.expectOutputMatchesFreshBuild(after: "an unreported edit")
    }
}
