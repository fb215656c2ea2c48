import Foundation
import SitegenBuiltIn
import SitegenKinds
import Testing
@testable import SitegenSite

/// The one fixture of the pipeline's tests (like Zola's `test_site/`): a site in a temporary
/// folder, either a copy of the bundled site (the whole KJV or a few of its books, with or without the other translations, the hymnal, the schedule) or a
/// small one of a few files, that a test edits the way a volunteer would and builds through
/// the same `BuildSession` as `sitegen build` and `sitegen serve`.
struct TestSite {
    let root: URL
    let fm = FileManager.default
    var kinds: [any ContentKind] = SiteKinds.bundled
    var features: [any SiteFeature] = SiteKinds.features
    /// The theme under `Templates/`: none (the copies hold the repository's whole `Templates/`),
    /// or the one compiled into sitegen (the oracle's site, which has only its own overrides).
    var theme = BuiltInTheme.none

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private init(kinds: [any ContentKind]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-test-\(UUID().uuidString)")
        self.kinds = kinds
        try fm.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// A copy of the repository's `Content/` and `Templates/`, without the WEB and RV1909 (the
    /// KJV stays): the pipeline's tests of edits and deferred outputs do not need 69,000 more
    /// verses built in debug several times each; a test of translations adds what it needs.
    static func bundledCopy() throws -> TestSite {
        let site = try TestSite(kinds: SiteKinds.bundled)
        for folder in ["Content", "Templates"] {
            try site.fm.copyItem(at: repository.appendingPathComponent(folder), to: site.url(folder))
        }
        for id in ["web", "rv1909"] { try site.fm.removeItem(at: site.url("Content/bible/\(id)")) }
        return site
    }

    /// `bundledCopy()` with the KJV cut to the books its edit tests change or look at (6,067 of
    /// 31,102 verses), with a reading plan and verses of the day that name only these books
    /// (`Tests/Fixtures/few-books/`). Every kind of source is still there, so every kind of edit
    /// can still be checked against a full build byte for byte, at a third of the KJV copy's cost.
    static func fewBooksCopy() throws -> TestSite {
        let site = try bundledCopy()
        let fixture = repository.appendingPathComponent("Tests/Fixtures/few-books")
        let kept = Set(try String(contentsOf: fixture.appendingPathComponent("books.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init))
        for file in try site.fm.contentsOfDirectory(atPath: site.url("Content/bible/kjv").path)
        where file.hasSuffix(".osis.xml") && !kept.contains(file) {
            try site.delete("Content/bible/kjv/\(file)")
        }
        for file in ["plan.yml", "daily-verses.yml"] {
            try site.write("Content/bible/\(file)", try String(contentsOf: fixture.appendingPathComponent(file), encoding: .utf8))
        }
        return site
    }

    /// The incremental oracle's site (`Tests/Fixtures/oracle-site/`): one or two files of every
    /// kind of source (three hymns, two short epistles with a plan and verses of the day, a
    /// schedule, two localities, three pages, a static file, a string table), so that a full
    /// build is cheap enough to make after every edit. Its templates are the built-in theme's, as
    /// `sitegen build` has them (`Templates/` holds only what the site overrides), and its assets
    /// its own copy of the theme's in `Templates/assets/` (a site's own assets ship as they are:
    /// the built-in ones lose their comments first, a third of a debug build of this site).
    static func oracleCopy() throws -> TestSite {
        var site = try TestSite(kinds: SiteKinds.bundled)
        site.theme = BuiltInTheme(files: BuiltInFiles.theme.filter { !$0.key.hasPrefix(StaticFiles.assetsFolder + "/") })
        site.features = oracleFeatures
        try site.fm.copyItem(at: repository.appendingPathComponent("Tests/Fixtures/oracle-site/Content"), to: site.url("Content"))
        for (path, data) in BuiltInFiles.theme where path.hasPrefix(StaticFiles.assetsFolder + "/") {
            try site.fm.createDirectory(at: site.url("Templates/" + path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: site.url("Templates/" + path))
        }
        return site
    }

    /// Cuts the hymnal to hymns 1…`last` (their files and its count), for a test that builds
    /// many times and needs hymns in two of the bundle's ranges, not 365 pages of them.
    func keepHymns(through last: Int) throws {
        let count = try #require(try read("Content/hymns/hymnal.yml").split(separator: "\n").first { $0.hasPrefix("count: ") })
        for number in (last + 1)...(Int(count.dropFirst("count: ".count)) ?? last + 1) {
            try delete("Content/hymns/" + String(format: "%03d.md", number))
        }
        try edit("Content/hymns/hymnal.yml", replacing: String(count), with: "count: \(last)")
    }

    /// Two Markdown pages, a menu and the three templates every site needs.
    static func small(kinds: [any ContentKind] = SiteKinds.bundled) throws -> TestSite {
        let site = try TestSite(kinds: kinds)
        try site.write("Content/site.yml", "title: Test Site\nbase_url: https://example.org/sub/\ntime_zone: Europe/Helsinki\nmenu:\n  - { title: About, url: /about/ }\n")
        try site.write("Content/pages/index.md", "---\ntitle: Home\n---\nWelcome.")
        try site.write("Content/pages/about.md", "---\ntitle: About <us>\n---\nSee [home](/).")
        try site.write("Templates/layout.mustache", "<html lang=\"{{site.language}}\"><title>{{page.title}}</title>{{$main}}{{/main}}</html>")
        try site.write("Templates/page.mustache", "{{<layout}}{{$main}}<h1>{{page.title}}</h1>{{{content}}}{{/main}}{{/layout}}")
        try site.write("Templates/home.mustache", "{{<layout}}{{$main}}HOME {{{content}}}{{/main}}{{/layout}}")
        try site.write("Templates/assets/site.css", "body{}")
        return site
    }

    func remove() { try? fm.removeItem(at: root) }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    func write(_ path: String, _ text: String) throws {
        try fm.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url(path), atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String { try String(contentsOf: url(path), encoding: .utf8) }

    /// Replaces the first occurrence of `old` in a source file; the test fails if it is not there.
    func edit(_ path: String, replacing old: String, with new: String) throws {
        let text = try read(path)
        let range = try #require(text.range(of: old), "'\(old)' not in \(path)")
        try write(path, text.replacingCharacters(in: range, with: new))
    }

    func delete(_ path: String) throws { try fm.removeItem(at: url(path)) }

    func options(output: String = "Output") -> BuildOptions {
        BuildOptions(content: SourceTree(url: url("Content"), displayPath: "Content"),
                     templates: SourceTree(url: url("Templates"), displayPath: "Templates"), theme: theme,
                     output: url(output), kinds: kinds, features: features, asOf: CalendarDate("2026-11-22"), jobs: 2)
    }

    var options: BuildOptions { options() }

    /// A fresh full build, as `sitegen build` makes it.
    @discardableResult
    func build(_ mode: BuildSession.Mode = .build, output: String = "Output") async throws -> BuildReport {
        try await BuildSession(options: options(output: output)).build(mode: mode, watching: false)
    }

    /// The messages of a build that fails; [] when it succeeds.
    func errors(_ mode: BuildSession.Mode = .build) async -> [String] {
        do {
            try await build(mode)
            return []
        } catch let failure as BuildFailed {
            // Errors only: the small site's placeholder base URL (example.org) is a warning in every run.
            return failure.diagnostics.filter { $0.severity == .error }.map(\.description)
        } catch {
            return ["unexpected: \(error)"]
        }
    }

    /// Every file in an output folder except sitegen's marker, by path.
    func outputTree(_ folder: String = "Output") -> [String: Data] {
        let base = url(folder).standardizedFileURL.path + "/"
        var files: [String: Data] = [:]
        for path in SourceFingerprints.files(below: url(folder)) where !path.hasSuffix("/" + OutputWriter.markerName) {
            files[String(path.dropFirst(base.count))] = fm.contents(atPath: path)
        }
        return files
    }

    /// What a fresh full build of the sources as they are now would write, by path (made in
    /// memory by the pipeline's one run, as `sitegen build` makes it before writing).
    func freshBuild() async throws -> [String: Data] {
        let run = try await SiteRun.make(options, changes: .all(kindCount: kinds.count), previous: nil, engine: QueryEngine(), mode: SessionBuild())
        return Dictionary(run.files.map { ($0.path, $0.data) }) { first, _ in first }
    }

    /// The output folder holds exactly, byte for byte, what a fresh full build writes.
    func expectOutputMatchesFreshBuild(after step: String) async throws {
        let expected = try await freshBuild()
        let actual = outputTree()
        let missing = Set(expected.keys).subtracting(actual.keys).sorted()
        let extra = Set(actual.keys).subtracting(expected.keys).sorted()
        let different = expected.keys.filter { actual[$0] != nil && actual[$0] != expected[$0] }.sorted()
        #expect(missing.isEmpty, "after \(step): not written: \(missing.prefix(5))")
        #expect(extra.isEmpty, "after \(step): left over: \(extra.prefix(5))")
        #expect(different.isEmpty, "after \(step): stale bytes in \(different.prefix(5))")
    }
}
