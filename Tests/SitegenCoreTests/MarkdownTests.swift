import Testing
@testable import SitegenCore

@Suite("Markdown through cmark-gfm")
struct MarkdownTests {
    let markdown = MarkdownRenderer()

    @Test func rendersParagraphsAndEmphasis() {
        #expect(markdown.render("Hello *world*") == "<p>Hello <em>world</em></p>\n")
    }

    @Test func tablesStrikethroughAutolinksAndTaskLists() {
        let html = markdown.render("""
        | a | b |
        |---|---|
        | 1 | 2 |

        ~~old~~ www.example.org

        - [x] done
        - [ ] to do
        """)
        #expect(html.contains("<table>"))
        #expect(html.contains("<del>old</del>"))
        #expect(html.contains("<a href=\"http://www.example.org\">www.example.org</a>"))
        #expect(html.contains("<input type=\"checkbox\" checked=\"\" disabled=\"\" />"))
    }

    @Test func footnotesAndSmartPunctuation() {
        let html = markdown.render("\"Quoted\" -- it's here.[^1]\n\n[^1]: The note.\n")
        #expect(html.contains("“Quoted” – it’s here."))
        #expect(html.contains("class=\"footnotes\""))
        #expect(html.contains("The note."))
    }

    @Test func rawHTMLIsShownAsTextByDefault() {
        let html = markdown.render("<script>alert(1)</script>\n\nText with <b onclick=\"x()\">bold</b>.")
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&lt;b onclick=&quot;x()&quot;&gt;"))
    }

    @Test func rawHTMLAllowedByConfigStillFiltersDangerousTags() {
        let html = MarkdownRenderer(allowRawHTML: true).render("<b>bold</b>\n\n<script>x</script>\n")
        #expect(html.contains("<b>bold</b>"))
        #expect(html.contains("&lt;script>"))   // the tagfilter extension
    }

    @Test func siteRelativeLinksGetTheBasePath() {
        let html = MarkdownRenderer(basePath: "/church/").render("[Hymns](/hymns/) [ext](https://x.org/) [rel](a/)")
        #expect(html.contains("href=\"/church/hymns/\""))
        #expect(html.contains("href=\"https://x.org/\""))
        #expect(html.contains("href=\"a/\""))
    }

    @Test func rendersOnManyThreadsAtOnce() async {
        let texts = (0..<200).map { "# Title \($0)\n\n| a |\n|---|\n| \($0) |" }
        let renderer = markdown
        let results = await concurrentMap(texts, jobs: 4) { renderer.render($0) }
        for (i, html) in results.enumerated() {
            #expect(html.contains("<h1>Title \(i)</h1>") && html.contains("<td>\(i)</td>"))
        }
    }
}
