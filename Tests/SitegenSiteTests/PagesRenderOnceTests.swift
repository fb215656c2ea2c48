import Foundation
import Testing
@testable import SitegenCore
@testable import SitegenPages

/// A Markdown page is rendered by cmark-gfm once per build: its page, `pages.json` and its search
/// document all read the same HTML (issue 43: it was rendered three times).
@Suite("Markdown pages rendered once")
struct PagesRenderOnceTests {
    @Test func pageSnapshotAndSearchShareOneRendering() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pages-once-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = ["about.md": "---\ntitle: About\n---\nWe meet *weekly*. See [hymns](/hymns/).\n",
                     "help/index.md": "---\ntitle: Help\n---\n| a | b |\n|---|---|\n| 1 | 2 |\n"]
        for (name, text) in files {
            let url = root.appendingPathComponent("pages").appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let kind = PagesKind(), cache = kind.makeCache(), diagnostics = Diagnostics()
        let pages = try #require(await kind.read(KindInput(content: SourceTree(url: root, displayPath: "Content"), jobs: 1,
                                                           diagnostics: diagnostics), cache: cache))
        #expect(pages.count == 2 && diagnostics.all.isEmpty)
        let context = bareContext(base: "https://example.org/church/")
        let specs = kind.pages(pages, context: context, cache: cache)
        let snapshot = try #require(try kind.snapshots(pages, context: context, cache: cache).first)
        _ = kind.contributions(pages, context: context, cache: cache)
        for page in pages { #expect(page.rendered.renders.withLock { $0 } == 1, "\(page.sitePath)") }
        // The one rendering is the renderer's, with the site's sub-path in its links.
        let about = try #require(pages.first { $0.sitePath == "about/" })
        let html = context.markdown.render(about.body)
        #expect(html.contains("href=\"/church/hymns/\""))
        #expect(specs.first { $0.path == "about/" }?.values["content"] == .text(html))
        #expect(String(decoding: snapshot.data, as: UTF8.self).contains("We meet <em>weekly</em>"))
        // Other settings (a session whose site.yml changed) render again, once.
        _ = kind.pages(pages, context: bareContext(base: "https://example.org/"), cache: cache)
        #expect(about.rendered.renders.withLock { $0 } == 2)
        #expect(about.html(bareContext(base: "https://example.org/").markdown).contains("href=\"/hymns/\""))
        #expect(about.rendered.renders.withLock { $0 } == 2)
    }
}

/// A context of a site with no templates, at `base` (the root or a sub-path), for tests that call
/// a kind's functions directly.
func bareContext(base: String) -> RenderContext {
    let config = SiteConfig(title: "Test site", description: "", baseURL: base, language: "en",
                            timeZone: TimeZone(identifier: "UTC")!, allowRawHTML: false, menu: [], footer: "")
    let templates = TemplateLibrary(templates: [:], tree: SourceTree(url: URL(fileURLWithPath: "/nonexistent"), displayPath: "T"),
                                    diagnostics: Diagnostics())
    return RenderContext(config: config, baseURL: base, asOf: CalendarDate("2026-11-24")!,
                         templates: templates, diagnostics: Diagnostics(), jobs: 1, generator: "test")
}
