import Foundation
import Mustache
import Testing
@testable import SitegenCore

/// sitegen's template engine compared with swift-mustache, a well-used Mustache implementation,
/// on the templates the site ships and on the ways volunteers write templates.
@Suite("Templates compared with swift-mustache")
struct TemplateReferenceTests {
    static let templatesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates")

    func compare(_ templates: [String: String], main: String, _ values: TemplateObject,
                 sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let diagnostics = Diagnostics()
        let ours = TemplateLibrary(templates: templates, tree: TemplateTests.tree, diagnostics: diagnostics)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)", sourceLocation: sourceLocation)
        var reference = MustacheLibrary()
        for (name, text) in templates { try reference.register(text, named: name) }
        #expect(ours.render(main, values) == reference.render(Self.plain(.object(values)), withTemplate: main), "template \(main)",
                sourceLocation: sourceLocation)
    }

    /// The same values as swift-mustache takes them: Swift dictionaries, arrays and scalars.
    static func plain(_ value: TemplateValue) -> Any {
        switch value {
        case .text(let text): text
        case .flag(let flag): flag
        case .number(let number): number
        case .object(let object): object.mapValues(plain)
        case .list(let items): items.map(plain)
        }
    }

    static let values: TemplateObject = [
        "title": "Psalms & <Hymns> \"quoted\" 'single' é", "html": "<p>raw & ready</p>", "count": 3, "on": true, "off": false,
        "empty": [], "blank": "", "names": ["Ann", "Bo<b>"],
        "items": [["name": "one", "url": "/1/", "current": true], ["name": "two", "url": "/2/?a=1&b=2", "current": false]],
        "page": ["title": "Page", "meta": ["label": "Tune", "value": "Old 100th"]],
    ]

    @Test(arguments: [
        "{{title}}|{{{title}}}|{{&html}}|{{count}}|{{on}}|{{missing}}|{{page.title}}|{{page.meta.value}}",
        "<ul>\n  {{#items}}\n  <li><a href=\"{{url}}\"{{#current}} aria-current=\"page\"{{/current}}>{{name}}</a></li>\n  {{/items}}\n</ul>\n",
        "{{#page}}{{title}} / {{#meta}}{{label}}: {{value}} ({{title}}){{/meta}}{{/page}}",
        "{{^empty}}none{{/empty}}{{#empty}}x{{/empty}}{{^on}}no{{/on}}{{^off}}off{{/off}}{{#blank}}[{{.}}]{{/blank}}",
        "{{#names}}\n- {{.}}\n{{/names}}\n",
        "line\n  {{! a comment }}\n\t{{#on}}\n  shown\n\t{{/on}}\nend",
        "{{=<% %>=}}\n<% title %> {{title}}\n<%={{ }}=%>\n{{title}}",
        "<div>\n  {{> card}}\n</div>\n{{#items}}{{> card}}{{/items}}",
        "{{<frame}}\n{{$head}}<meta>{{/head}}\n{{$main}}\n<h1>{{title}}</h1>\n{{{html}}}\n{{/main}}\n{{/frame}}\n",
        "{{<frame}}{{/frame}}",
    ])
    func rendersLikeTheReference(_ main: String) throws {
        let partials = [
            "card": "<p class=\"card\">\n  {{name}}\n</p>\n",
            "frame": "<head>\n{{$head}}{{/head}}\n</head>\n<main>\n{{$main}}\n<p>default</p>\n{{/main}}\n</main>\n",
        ]
        try compare(partials.merging(["main": main]) { a, _ in a }, main: "main", Self.values)
    }

    /// Every bundled template, with a value for every name it uses (lists hold two items).
    @Test func bundledTemplatesRenderLikeTheReference() throws {
        var texts: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: Self.templatesFolder.path) where file.hasSuffix(".mustache") {
            texts[String(file.dropLast(".mustache".count))] = try String(contentsOf: Self.templatesFolder.appendingPathComponent(file), encoding: .utf8)
        }
        #expect(texts.count >= 10)
        let names = Set(texts.values.flatMap(Self.names))
        var item: TemplateObject = [:]
        for name in names { item[name] = "\(name) <&> 'é'" }
        var values = item
        for name in names where texts.values.contains(where: { $0.contains("{{#\(name)}}") }) {
            values[name] = [.object(item), .object(item.merging(["url": "/second/"]) { _, b in b })]
        }
        for name in texts.keys.sorted() {
            try compare(texts, main: name, values)
        }
    }

    /// The first part of every name in `{{name}}`, `{{#name}}`, `{{{name}}}` tags.
    static func names(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\{\{[#^{&]?\s*([A-Za-z_][A-Za-z0-9_-]*)"#)
        let ns = text as NSString
        return pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range(at: 1)) }
    }
}
