import Foundation
import Testing
@testable import SitegenCore

/// The built-in theme under a site's own Templates/, file by file; the record of copied files and
/// the warning when the built-in original changes; the line diff `sitegen theme diff` prints.
@Suite("Built-in theme")
struct BuiltInThemeTests {
    static let theme = BuiltInTheme(files: [
        "layout.mustache": Data("<main>{{$main}}{{/main}}</main>{{#assets.custom}}+{{/assets.custom}}".utf8),
        "hymn.mustache": Data("{{<layout}}{{$main}}built-in hymn{{/main}}{{/layout}}".utf8),
        "page.mustache": Data("{{<layout}}{{$main}}built-in page{{/main}}{{/layout}}".utf8),
        "assets/site.css": Data("body{}".utf8),
        "assets/site.js": Data("built-in js".utf8),
    ])

    /// A site folder holding the given files (relative path → text).
    static func site(_ files: [String: String]) throws -> SourceTree {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return SourceTree(url: root, displayPath: "Templates")
    }

    @Test func aSiteWithOneTemplateGetsItAndTheBuiltInRest() throws {
        let templates = try Self.site(["hymn.mustache": "{{<layout}}{{$main}}our hymn{{/main}}{{/layout}}"])
        let diagnostics = Diagnostics()
        let library = TemplateLibrary.load(from: templates, builtIn: Self.theme, diagnostics: diagnostics)
        #expect(diagnostics.all.isEmpty)
        #expect(library.render("hymn", [:]) == "<main>our hymn</main>")
        #expect(library.render("page", [:]) == "<main>built-in page</main>")
        #expect(!library.hasCustomStylesheet)
    }

    @Test func noTemplatesFolderAtAllIsTheBuiltInThemeButWithoutOneItIsAnError() {
        let missing = SourceTree(url: URL(fileURLWithPath: "/nonexistent/Templates"), displayPath: "Templates")
        let diagnostics = Diagnostics()
        #expect(TemplateLibrary.load(from: missing, builtIn: Self.theme, diagnostics: diagnostics).render("page", [:])
                == "<main>built-in page</main>")
        #expect(diagnostics.all.isEmpty)
        TemplateLibrary.load(from: missing, diagnostics: diagnostics).require(["layout"], diagnostics: diagnostics)
        #expect(diagnostics.all.map(\.message).contains("templates folder not found"))
    }

    @Test func theSitesAssetsReplaceTheBuiltInOnesAndCustomCSSIsLinked() async throws {
        let templates = try Self.site(["assets/site.css": "body{color:red}", "assets/custom.css": "h1{}"])
        let content = try Self.site([:])
        let diagnostics = Diagnostics()
        let files = await StaticFiles.read(templates: templates, builtIn: Self.theme, content: content, diagnostics: diagnostics)
        #expect(diagnostics.all.isEmpty)
        #expect(files.map(\.path) == ["assets/custom.css", "assets/site.css", "assets/site.js"])
        #expect(files.map { String(decoding: $0.data, as: UTF8.self) } == ["h1{}", "body{color:red}", "built-in js"])
        let library = TemplateLibrary.load(from: templates, builtIn: Self.theme, diagnostics: diagnostics)
        #expect(library.hasCustomStylesheet)
    }

    @Test func aCopyWhoseBuiltInOriginalChangedIsWarnedAboutWithTheCommandToSeeHow() throws {
        let templates = try Self.site([:])
        let current = SnapshotJSON.sha256(Self.theme.files["hymn.mustache"]!)
        let copies = ThemeCopies(copies: [
            .init(file: "hymn.mustache", sitegen: "0.0.9", sha256: "older"),
            .init(file: "page.mustache", sitegen: "0.1.0", sha256: SnapshotJSON.sha256(Self.theme.files["page.mustache"]!)),
            .init(file: "gone.mustache", sitegen: "0.0.9", sha256: current),
        ])
        let warnings = copies.drift(theme: Self.theme, templates: templates)
        #expect(warnings.map(\.description) == [
            "Templates/gone.mustache:1:1: warning: gone.mustache is no longer part of the built-in theme (copied from sitegen 0.0.9); "
                + "nothing uses it unless another of your templates does",
            "Templates/hymn.mustache:1:1: warning: the built-in hymn.mustache has changed since it was copied here from sitegen 0.0.9; "
                + "see what changed: sitegen theme diff hymn.mustache",
        ])
    }

    @Test func theRecordReadsBackWhatItWrote() throws {
        var copies = ThemeCopies()
        copies.record(.init(file: "assets/site.css", sitegen: "0.1.0", sha256: "ab"))
        copies.record(.init(file: "a \"quoted\" name.mustache", sitegen: "0.1.0", sha256: "cd"))
        copies.record(.init(file: "assets/site.css", sitegen: "0.2.0", sha256: "ef"))
        let templates = try Self.site([ThemeCopies.fileName: copies.text])
        let diagnostics = Diagnostics()
        #expect(ThemeCopies.read(templates, diagnostics: diagnostics) == copies)
        #expect(diagnostics.all.isEmpty)
        #expect(copies.copies.map(\.sitegen) == ["0.1.0", "0.2.0"])
    }

    @Test func aBrokenRecordIsReportedAtItsLine() throws {
        let templates = try Self.site([ThemeCopies.fileName: "copies:\n  - { file: hymn.mustache, sitegen: \"0.1.0\" }\n"])
        let diagnostics = Diagnostics()
        #expect(ThemeCopies.read(templates, diagnostics: diagnostics).copies.isEmpty)
        #expect(diagnostics.all.contains { $0.location.path == "Templates/theme.yml" && $0.location.line == 2 && $0.message.contains("sha256") })
    }

    @Test func theDiffIsUnifiedWithContextAndLineNumbers() {
        let old = (1...12).map { "line \($0)" }.joined(separator: "\n")
        let new = old.replacingOccurrences(of: "line 2\n", with: "line two\n").replacingOccurrences(of: "line 11", with: "line 11\nline 11½")
        #expect(LineDiff.unified(old, new, oldName: "a", newName: "b", context: 1) == """
        --- a
        +++ b
        @@ -1,3 +1,3 @@
         line 1
        -line 2
        +line two
         line 3
        @@ -11,2 +11,3 @@
         line 11
        +line 11½
         line 12

        """)
        #expect(LineDiff.unified(old, old, oldName: "a", newName: "b").isEmpty)
    }
}
