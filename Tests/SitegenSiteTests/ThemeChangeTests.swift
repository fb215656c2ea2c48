import Foundation
import Testing
@testable import SitegenSite

/// What an edit of the site's own theme files means to `serve`'s rebuild.
@Suite("Theme edits")
struct ThemeChangeTests {
    static let root = URL(fileURLWithPath: "/site")

    func changes(_ path: String) -> ChangeSet {
        ChangeSet(paths: [Self.root.appendingPathComponent(path).path], content: Self.root.appendingPathComponent("Content"),
                  templates: Self.root.appendingPathComponent("Templates"), kinds: [])
    }

    @Test func customCSSComingOrGoingChangesTheLayoutOfEveryPage() {
        let custom = changes("Templates/assets/custom.css")
        #expect(custom.statics && custom.templates == ["layout"] && !custom.everything)
    }

    @Test func anotherAssetIsOnlyCopiedAndATemplateOnlyRendersItsPages() {
        let css = changes("Templates/assets/site.css")
        #expect(css.statics && css.templates.isEmpty)
        let hymn = changes("Templates/hymn.mustache")
        #expect(!hymn.statics && hymn.templates == ["hymn"])
        // The copy record and the originals beside it are read by no build.
        #expect(changes("Templates/theme.yml").isEmpty)
    }
}
