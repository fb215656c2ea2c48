import Foundation
import Testing
@testable import SitegenCore

@Suite("Templates")
struct TemplateTests {
    let tree = SourceTree(url: URL(fileURLWithPath: "/nonexistent"), displayPath: "Templates")

    @Test func valuesAreEscapedAndLayoutsInherited() throws {
        let diagnostics = Diagnostics()
        let library = TemplateLibrary(templates: [
            "layout": "<main>{{$main}}{{/main}}</main>",
            "page": "{{<layout}}{{$main}}<h1>{{title}}</h1>{{{html}}}{{/main}}{{/layout}}",
        ], tree: tree, diagnostics: diagnostics)
        let html = library.render("page", ["title": "<script>x</script> & 'q'", "html": "<p>ok</p>"])
        #expect(html == "<main><h1>&lt;script&gt;x&lt;/script&gt; &amp; &#39;q&#39;</h1><p>ok</p></main>")
        #expect(diagnostics.all.isEmpty)
    }

    @Test func syntaxErrorsAndUnknownPartialsAreReportedWithPositions() {
        let diagnostics = Diagnostics()
        _ = TemplateLibrary(templates: [
            "broken": "line one\n{{#open}} never closed",
            "uses": "a\n  {{> missing }}",
        ], tree: tree, diagnostics: diagnostics)
        let messages = diagnostics.all.map(\.description)
        #expect(messages.contains { $0.hasPrefix("Templates/broken.mustache:") && $0.contains("error: template syntax") })
        #expect(messages.contains("Templates/uses.mustache:2:3: error: unknown template 'missing' (no missing.mustache in Templates)"))
    }
}
