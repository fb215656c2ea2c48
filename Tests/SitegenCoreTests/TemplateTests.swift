import Foundation
import Testing
@testable import SitegenCore

/// The template engine against the Mustache manual's rules, case by case.
@Suite("Templates")
struct TemplateTests {
    static let tree = SourceTree(url: URL(fileURLWithPath: "/nonexistent"), displayPath: "Templates")

    /// Renders `main` (with the other templates as partials); fails the test on a load error.
    func render(_ main: String, _ values: TemplateObject = [:], partials: [String: String] = [:]) -> String? {
        let diagnostics = Diagnostics()
        let library = TemplateLibrary(templates: partials.merging(["main": main]) { a, _ in a }, tree: Self.tree, diagnostics: diagnostics)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        return library.render("main", values)
    }

    func errors(_ templates: [String: String]) -> [String] {
        let diagnostics = Diagnostics()
        _ = TemplateLibrary(templates: templates, tree: Self.tree, diagnostics: diagnostics)
        return diagnostics.all.map(\.description)
    }

    @Test func valuesAreEscapedAndLayoutsInherited() throws {
        let html = render("{{<layout}}{{$main}}<h1>{{title}}</h1>{{{html}}}{{/main}}{{/layout}}",
                          ["title": "<script>x</script> & 'q' \"", "html": "<p>ok</p>"],
                          partials: ["layout": "<main>{{$main}}{{/main}}</main>"])
        #expect(html == "<main><h1>&lt;script&gt;x&lt;/script&gt; &amp; &#39;q&#39; &quot;</h1><p>ok</p></main>")
    }

    @Test func interpolation() {
        #expect(render("{{a}}|{{& a}}|{{{a}}}|{{ a }}", ["a": "<b>"]) == "&lt;b&gt;|<b>|<b>|&lt;b&gt;")
        #expect(render("{{n}} {{t}} {{f}} [{{missing}}]", ["n": 42, "t": true, "f": false]) == "42 true false []")
        // Objects and lists are for sections; as a value they print nothing.
        #expect(render("[{{o}}][{{l}}]", ["o": ["k": "v"], "l": ["a"]]) == "[][]")
        #expect(render("{{a.b.c}}|{{a.b.missing}}|{{a.x.c}}", ["a": ["b": ["c": "deep"]]]) == "deep||")
        #expect(render("{{#list}}({{.}}){{/list}}", ["list": ["a", "<"]]) == "(a)(&lt;)")
        #expect(render("é {{a}} ü", ["a": "ß"]) == "é ß ü")
    }

    @Test func sections() {
        let values: TemplateObject = ["yes": true, "no": false, "empty": [], "text": "", "name": "outer",
                                     "items": [["name": "a"], ["name": "b", "extra": "!"]], "obj": ["k": "v"]]
        #expect(render("{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{#missing}}M{{/missing}}{{#empty}}E{{/empty}}{{#text}}T{{/text}}", values) == "YT")
        #expect(render("{{^yes}}Y{{/yes}}{{^no}}N{{/no}}{{^missing}}M{{/missing}}{{^empty}}E{{/empty}}{{^text}}T{{/text}}", values) == "NME")
        #expect(render("{{#items}}{{name}}{{extra}};{{/items}}", values) == "a;b!;")
        // A name not in the item is looked up in the enclosing values.
        #expect(render("{{#obj}}{{k}}/{{name}}{{/obj}}", values) == "v/outer")
        #expect(render("{{#obj.k}}{{.}}{{/obj.k}}", values) == "v")
    }

    /// A page's values beneath its own (`PageFrame`, found by fixed name): found from inside
    /// sections, with dotted names, and hidden by a value of the same name the page or a section has.
    @Test func pageFrameValuesLieBeneathThePagesOwn() {
        let diagnostics = Diagnostics()
        let library = TemplateLibrary(templates: ["main": "{{base}}|{{strings.hi}}|{{#items}}{{base}}{{page.title}}{{strings.hi}};{{/items}}"
                                                  + "|{{#pageLanguage}}{{.}}{{/pageLanguage}}{{^pageLanguage}}none{{/pageLanguage}}|{{generator}}[{{other}}]"],
                                      tree: Self.tree, diagnostics: diagnostics)
        var page = PageFrame()
        page[.base] = "/b/"
        page[.strings] = ["hi": "<hi>"]
        page[.page] = ["title": "T"]
        page[.generator] = "g"
        func render(_ frame: PageFrame, _ values: TemplateObject) -> String? {
            guard case .html(let bytes) = library.render("main", page: frame, frames: [values]) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        let items: TemplateValue = [["page": ["title": "inner"]], ["base": "/item/"]]
        #expect(render(page, ["items": items]) == "/b/|&lt;hi&gt;|/b/inner&lt;hi&gt;;/item/T&lt;hi&gt;;|none|g[]")
        page[.pageLanguage] = "es"
        #expect(render(page, ["items": [], "base": "/own/", "other": "o"]) == "/own/|&lt;hi&gt;||es|g[o]")
        #expect(page.object["base"] == "/b/" && page.object["pageLanguage"] == "es" && page.object["nav"] == nil)
        // A frame beneath others that has one of the page's names still hides it.
        guard case .html(let bytes) = library.render("main", page: page, frames: [["base": "/low/", "items": []], ["other": "o"]]) else {
            Issue.record("no page"); return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "/low/|&lt;hi&gt;||es|g[o]")
    }

    @Test func standaloneLinesLeaveNoTrace() {
        #expect(render("| This Is\n{{#b}}\n|\n{{/b}}\n| A Line\n", ["b": true]) == "| This Is\n|\n| A Line\n")
        #expect(render("  {{#b}}\n  x\n  {{/b}}\n", ["b": true]) == "  x\n")
        #expect(render("a\n  {{! comment }}\nb\n{{#b}}x{{/b}}", ["b": false]) == "a\nb\n")
        #expect(render("  {{#b}} x\n{{/b}}", ["b": true]) == "   x\n")   // not alone on its line: kept
        #expect(render("{{#b}}{{/b}}\nx", ["b": true]) == "\nx")          // two tags: not standalone
        #expect(render("a{{! inline }}b\r\n{{#b}}\r\nc\r\n{{/b}}\r\n", ["b": true]) == "ab\r\nc\r\n")
    }

    @Test func delimitersCanBeChanged() {
        #expect(render("{{=<% %>=}}(<%a%>) {{a}} <%={{ }}=%>{{a}}", ["a": "x"]) == "(x) {{a}} x")
    }

    @Test func partialsIndentEveryLine() {
        let out = render("\\\n {{>p}}\n/\n", ["content": "<\n->"], partials: ["p": "|\n{{{content}}}\n|\n"])
        #expect(out == "\\\n |\n <\n->\n |\n/\n")
        #expect(render("[{{>p}}]", ["x": "1"], partials: ["p": "{{x}}"]) == "[1]")
        #expect(render("{{#items}}{{>p}}{{/items}}", ["items": [["x": "1"], ["x": "2"]]], partials: ["p": "<{{x}}>"]) == "<1><2>")
    }

    @Test func inheritance() {
        let layout = "<title>{{$title}}Default{{/title}}</title>\n{{$body}}\nnothing\n{{/body}}\n"
        #expect(render("{{<layout}}{{/layout}}", partials: ["layout": layout]) == "<title>Default</title>\nnothing\n")
        let child = "{{<layout}}\n{{$title}}Mine{{/title}}\ntext here is ignored\n{{$body}}\n  <p>{{x}}</p>\n{{/body}}\n{{/layout}}\n"
        #expect(render(child, ["x": "1"], partials: ["layout": layout]) == "<title>Mine</title>\n  <p>1</p>\n")
        // The most derived template wins; the middle one fills what the child leaves.
        let middle = "{{<layout}}{{$title}}Middle{{/title}}{{$body}}middle body\n{{/body}}{{/layout}}"
        #expect(render("{{<middle}}{{$title}}Child{{/title}}{{/middle}}", partials: ["layout": layout, "middle": middle])
                == "<title>Child</title>\nmiddle body\n")
        // A block's own indentation is taken off; the place it fills adds its own.
        let indented = "<div>\n  {{$body}}\n  {{/body}}\n</div>\n"
        #expect(render("{{<indented}}\n    {{$body}}\n    <p>a</p>\n    <p>b</p>\n    {{/body}}\n{{/indented}}", partials: ["indented": indented])
                == "<div>\n  <p>a</p>\n  <p>b</p>\n</div>\n")
    }

    @Test func syntaxErrorsAndUnknownPartialsAreReportedWithPositions() {
        let messages = errors([
            "broken": "line one\n{{#open}} never closed",
            "uses": "a\n  {{> missing }}",
            "wrong": "{{#a}}\n  x {{/b}}",
            "stray": "ok {{/a}}",
            "tag": "x {{ two words }}",
            "unclosed": "a\nb {{name",
            "parent": "{{<uses}}{{name}}{{/uses}}",
        ])
        #expect(messages.contains("Templates/broken.mustache:2:1: error: template syntax: '{{#open}}' is never closed"))
        #expect(messages.contains("Templates/uses.mustache:2:3: error: unknown template 'missing' (no missing.mustache in Templates)"))
        #expect(messages.contains("Templates/wrong.mustache:2:5: error: template syntax: '{{/b}}' does not close '{{#a}}' of line 1"))
        #expect(messages.contains("Templates/stray.mustache:1:4: error: template syntax: '{{/a}}' closes nothing (no section 'a' is open)"))
        #expect(messages.contains("Templates/tag.mustache:1:3: error: template syntax: '{{ two words }}' needs one name without spaces"))
        #expect(messages.contains("Templates/unclosed.mustache:2:3: error: template syntax: unclosed tag (no '}}')"))
        #expect(messages.contains("Templates/parent.mustache:1:10: error: template syntax: only {{$block}}…{{/block}} sections can be inside '{{<uses}}'"))
        #expect(messages.count == 7)
    }

    @Test func aTemplateThatIncludesItselfForeverIsCaught() {
        let library = TemplateLibrary(templates: ["loop": "x{{>loop}}"], tree: Self.tree, diagnostics: Diagnostics())
        guard case .runaway(let name) = library.render("loop", frames: [[:]]) else {
            Issue.record("expected a runaway inclusion")
            return
        }
        #expect(name == "loop")
        // Recursion that ends with the data is fine (a leaf says it has no kids: names are
        // otherwise looked up in the enclosing items, as Mustache does).
        let leaf: TemplateValue = ["name": "c", "kids": []]
        let tree: TemplateObject = ["name": "a", "kids": [["name": "b", "kids": [leaf]]]]
        #expect(render("{{>node}}", tree, partials: ["node": "{{name}}({{#kids}}{{>node}}{{/kids}})"]) == "a(b(c()))")
    }

    @Test("issue 25, 14: a page past the node budget gets the budget's message, and the other pages still render")
    func aPageTooLargeIsNotACycle() {
        let templates = [
            "layout": "<main>{{$body}}{{/body}}</main>{{> search}}", "search": "<form>{{#kids}}{{> search}}{{/kids}}</form>",
            "schedule": "{{<layout}}{{$body}}{{#events}}<li>{{n}} {{title}}</li>{{/events}}{{/body}}{{/layout}}",
            "about": "{{<layout}}{{$body}}About{{/body}}{{/layout}}",
        ]
        let library = TemplateLibrary(templates: templates, tree: Self.tree, diagnostics: Diagnostics())
        let events = TemplateValue.list((0..<300_000).map { ["n": .number($0), "title": "Visit"] })
        guard case .tooLarge(let limit) = library.render("schedule", frames: [["events": events]]) else {
            Issue.record("expected the page to be reported as too large")
            return
        }
        #expect(limit == 1_000_000)
        guard case .html(let bytes) = library.render("about", frames: [[:]]) else {
            Issue.record("a small page after a large one was refused")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "<main>About</main><form></form>")
    }

    @Test func referencesAreKnown() {
        let library = TemplateLibrary(templates: ["page": "{{<layout}}{{$m}}{{>card}}{{/m}}{{/layout}}", "layout": "", "card": ""],
                                      tree: Self.tree, diagnostics: Diagnostics())
        #expect(library.references(of: "page") == ["layout", "card"])
    }
}
