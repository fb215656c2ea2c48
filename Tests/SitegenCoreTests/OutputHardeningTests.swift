import Foundation
import Testing
@testable import SitegenCore

/// Issue 17, items 8 and 9: killed and concurrent builds, and outputs placed over the sources.
@Suite("Hardening: output folder")
struct OutputHardeningTests {
    let fm = FileManager.default

    func scratch() throws -> URL {
        let dir = fm.temporaryDirectory.appendingPathComponent("sitegen-hardening-\(UUID().uuidString)")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("8: leftovers of killed builds are removed by the next build")
    func leftoversRemoved() async throws {
        let root = try scratch()
        defer { try? fm.removeItem(at: root) }
        let out = root.appendingPathComponent("Output")
        for name in [".Output.sitegen-new-99999", ".Output.sitegen-old-12345"] {
            try fm.createDirectory(at: root.appendingPathComponent(name + "/deep"), withIntermediateDirectories: true)
        }
        try fm.createDirectory(at: root.appendingPathComponent(".Other.sitegen-new-1"), withIntermediateDirectories: true)
        try await OutputWriter(destination: out).write([OutputFile(path: "index.html", text: "one")])
        try await OutputWriter(destination: out).write([OutputFile(path: "index.html", text: "two")])
        #expect(try fm.contentsOfDirectory(atPath: root.path).sorted() == [".Other.sitegen-new-1", "Output"])
    }

    @Test("8: concurrent builds into one folder take turns; every one succeeds, none leaves anything")
    func concurrentBuilds() async throws {
        let root = try scratch()
        defer { try? fm.removeItem(at: root) }
        let out = root.appendingPathComponent("Output")
        let files = (0..<200).map { OutputFile(path: "p\($0)/index.html", text: "page \($0)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<8 {
                group.addTask { try await OutputWriter(destination: out, jobs: 2).write(files + [OutputFile(path: "index.html", text: "\(n)")]) }
            }
            try await group.waitForAll()
        }
        #expect(try fm.contentsOfDirectory(atPath: root.path) == ["Output"])
        #expect(fm.fileExists(atPath: out.appendingPathComponent("index.html").path))
        #expect(try fm.contentsOfDirectory(atPath: out.path).count == 202)
    }

    @Test("8: the swap is one exchange: the output path is never missing")
    func exchangeNeverMissing() async throws {
        let root = try scratch()
        defer { try? fm.removeItem(at: root) }
        let out = root.appendingPathComponent("Output")
        try await OutputWriter(destination: out).write([OutputFile(path: "index.html", text: "0")])
        let watcher = Task.detached { () -> Int in
            var missing = 0
            while !Task.isCancelled {
                if access(out.appendingPathComponent("index.html").path, F_OK) != 0 { missing += 1 }
            }
            return missing
        }
        for n in 1...30 { try await OutputWriter(destination: out).write([OutputFile(path: "index.html", text: "\(n)")]) }
        watcher.cancel()
        #expect(await watcher.value == 0)
    }

    @Test("9: an output that is, holds or lies inside a source folder is refused")
    func placement() throws {
        let root = try scratch()
        defer { try? fm.removeItem(at: root) }
        let content = root.appendingPathComponent("Content"), templates = root.appendingPathComponent("Templates")
        try fm.createDirectory(at: content.appendingPathComponent("static"), withIntermediateDirectories: true)
        try fm.createDirectory(at: templates, withIntermediateDirectories: true)
        let sources = [("content", content), ("templates", templates)]
        #expect(OutputPlacement.problem(output: content, sources: sources)?.contains("is the content folder") == true)
        #expect(OutputPlacement.problem(output: root, sources: sources)?.contains("contains the content folder") == true)
        #expect(OutputPlacement.problem(output: content.appendingPathComponent("static/out"), sources: sources)?.contains("lies inside") == true)
        #expect(OutputPlacement.problem(output: root.appendingPathComponent("Output"), sources: sources) == nil)
        // Through a symbolic link too.
        let link = root.appendingPathComponent("link")
        try fm.createSymbolicLink(at: link, withDestinationURL: content)
        #expect(OutputPlacement.problem(output: link.appendingPathComponent("out"), sources: sources) != nil)
    }
}

@Suite("Hardening: parsers")
struct ParserHardeningTests {
    @Test("11: MarkdownLimits: each limit, and the bundled kinds of Markdown pass")
    func markdownLimits() {
        #expect(MarkdownLimits.check("| a | b |\n|---|---|\n| 1 | 2 |\n\n> quote\n> - list\n\n---------------\n\n**bold** _it_ `code` [l](/x/)") == nil)
        #expect(MarkdownLimits.check(String(repeating: "|", count: 66))?.message.contains("columns") == true)
        #expect(MarkdownLimits.check(String(repeating: "> ", count: 17) + "x")?.message.contains("block quotes") == true)
        #expect(MarkdownLimits.check(String(repeating: "a*", count: 2_001))?.message.contains("emphasis") == true)
        #expect(MarkdownLimits.check(String(repeating: "a", count: 600_000))?.message.contains("bytes") == true)
        #expect(MarkdownRenderer().render(String(repeating: "|", count: 3_000)) == "")
    }

    @Test("3, 15: LinkSafety allows site paths and four schemes only")
    func linkSafety() {
        for ok in ["/hymns/", "about/", "#top", "?q=1", "https://example.org/", "http://x.org", "mailto:a@b.org", "tel:+1555", "a:b/c".dropFirst(2).description] {
            #expect(LinkSafety.problem(ok) == nil, "\(ok)")
        }
        for bad in ["javascript:alert(1)", "JAVASCRIPT:x", "data:text/html,x", "vbscript:x", "//evil.org", "/\\evil.org", "java\tscript:x",
                    " javascript:x", "https:evil", "file:///etc/passwd"] {
            #expect(LinkSafety.problem(bad) != nil, "\(bad)")
        }
    }

    @Test("15: with raw_html, Markdown links to script URLs are emptied")
    func rawHTMLLinks() {
        let html = MarkdownRenderer(allowRawHTML: true).render("[x](javascript:alert(1)) [y](/ok/)")
        #expect(!html.contains("javascript:"))
        #expect(html.contains("href=\"/ok/\""))
        let safe = MarkdownRenderer().render("<img src=x onerror=alert(1)> <svg onload=alert(1)>")
        #expect(!safe.contains("<img") && !safe.contains("<svg"))
    }

    @Test("12: diagnostics keep one line whatever the message quotes")
    func oneLineDiagnostics() {
        let d = Diagnostic(at: SourceLocation(path: "a\nb.yml", line: 2), "bad 'x\r\ny\u{7}'")
        #expect(d.description == "a\\nb.yml:2:1: error: bad 'x\\r\\ny\\u{7}'")
    }
}

@Suite("Hardening: raw HTML allow-list")
struct RawHTMLTests {
    let render = MarkdownRenderer(allowRawHTML: true)

    @Test("15: the payloads of the attack no longer carry handlers or script URLs", arguments: [
        "<img src=x onerror=alert(1)>", "<svg onload=alert(1)>", "<details open ontoggle=alert(1)>x</details>",
        "<a href=\"javascript:alert(1)\">x</a>", "<a href=\"java&#115;cript:alert(1)\">x</a>", "<a href=\"javascript&colon;alert(1)\">x</a>",
        "<math><mglyph><style><img src=x onerror=alert(1)></style></mglyph></math>", "<iframe src=javascript:alert(1)>",
        "<p style=\"background:url(javascript:alert(1))\">x</p>", "<IMG SRC=x ONERROR=alert(1)>", "<img/src=x/onerror=alert(1)>",
        "<a href=\" javascript:alert(1)\">x</a>", "<div><!-- <img src=x onerror=alert(1)> --></div>",
    ])
    func payloads(_ payload: String) {
        let html = render.render("before\n\n\(payload)\n\nafter " + payload)
        // Only real tags matter: a refused tag is shown as text (`&lt;svg onload=…&gt;`).
        for tag in Self.tags(in: html) {
            let lowered = tag.lowercased()
            #expect(!["<svg", "<math", "<style", "<iframe", "<script", "<mglyph"].contains { lowered.hasPrefix($0) }, "\(tag)")
            #expect(lowered.range(of: #"\s(on[a-z]+|style)\s*="#, options: .regularExpression) == nil, "\(tag)")
            #expect(!lowered.contains("javascript"), "\(tag)")
        }
    }

    /// The tags of `html` (`<name …>` and `</name>`), not text.
    static func tags(in html: String) -> [String] {
        var result: [String] = [], rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: ">") else { break }
            result.append(String(rest[open...close]))
            rest = after[after.index(after: close)...]
        }
        return result
    }

    @Test("15: allowed HTML stays, rebuilt")
    func allowed() {
        #expect(render.render("<details open><summary>More</summary>\n\nText\n\n</details>").contains("<details open=\"\"><summary>More</summary>"))
        #expect(render.render("a <a href=\"/x/?a=1&amp;b=2\" onclick=\"x\">link</a> b") == "<p>a <a href=\"/x/?a=1&amp;b=2\">link</a> b</p>\n")
        #expect(render.render("<img src=\"/p.jpg\" alt='A \"B\"'>").contains("<img src=\"/p.jpg\" alt=\"A &quot;B&quot;\">"))
    }
}

@Suite("Hardening: raw HTML in linear time, balanced (issue 25)")
struct RawHTMLStructureTests {
    let render = MarkdownRenderer(allowRawHTML: true)

    /// Whether every closing tag of `html` closes the innermost open element and nothing stays open.
    static func isBalanced(_ html: String) -> Bool {
        var open: [String] = []
        for tag in RawHTMLTests.tags(in: html) {
            let name = String(tag.drop { $0 == "<" || $0 == "/" }.prefix { $0.isLetter || $0.isNumber }).lowercased()
            guard !["br", "hr", "img", "wbr", "input"].contains(name), !tag.hasPrefix("<!") else { continue }
            if tag.hasPrefix("</") {
                guard open.popLast() == name else { return false }
            } else {
                open.append(name)
            }
        }
        return open.isEmpty
    }

    /// A hostile page: `unit` repeated `count` times between `head` and `tail` (named short in the test report).
    struct Hostile: Sendable, CustomTestStringConvertible {
        let head: String, unit: String, count: Int, tail: String
        init(head: String = "", _ unit: String, _ count: Int, tail: String = "") { (self.head, self.unit, self.count, self.tail) = (head, unit, count, tail) }
        var page: String { head + String(repeating: unit, count: count) + tail }
        var testDescription: String { "\(head)(\(unit))×\(count)\(tail.prefix(20))" }
    }

    @Test("9: 20,000 '<a ', 15,000 '<b x=\"', unclosed comments, quotes and tags take under a second of CPU each", arguments: [
        Hostile("<a ", 20_000), Hostile("<b x=\"", 15_000), Hostile("<!--", 20_000), Hostile("<b x='a\" ", 10_000),
        Hostile("<i>", 20_000, tail: String(repeating: "</b>", count: 20_000)), Hostile("<p x=a", 15_000), Hostile(head: "<b x=\"", "<b y='", 15_000),
        Hostile("<div>\n\n", 5_000, tail: "</article>"),
    ])
    func linear(_ hostile: Hostile) {
        let start = Self.cpuTime()
        let html = render.render("Text\n\n" + hostile.page + "\n")
        #expect(Self.cpuTime() - start < .seconds(1), "took \(Self.cpuTime() - start) of CPU")
        #expect(Self.isBalanced(html))
        #expect(!html.contains("</article>"))
    }

    /// CPU time of the calling thread (the wall clock on a shared machine measures the neighbours).
    static func cpuTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    @Test("9: four times the input takes about four times the CPU, not sixteen", arguments: ["<a ", "<b x=\"", "<!--", "<i>"])
    func scalesLinearly(_ unit: String) {
        func cpu(_ count: Int) -> Duration {
            let page = String(repeating: unit, count: count)
            let start = Self.cpuTime()
            _ = RawHTMLSanitizer.sanitize(page)
            return Self.cpuTime() - start
        }
        _ = cpu(1_000)   // warm up
        let small = cpu(10_000), large = cpu(40_000)
        #expect(large < small * 8, "10,000: \(small), 40,000: \(large)")
    }

    @Test("10: '</article>' cannot close the layout's article; what is opened is closed in its container")
    func balanced() {
        let html = render.render("Before\n\n</article></main>\n\nText </div> and <b>bold <i>both</b> end\n\n<div class=\"box\">\n\n*inside*\n\n</div>\n\n<section>\n")
        #expect(!html.contains("</article>") && !html.contains("</main>"))
        #expect(html.contains("<p>Text  and <b>bold <i>both</i></b> end</p>"))
        #expect(html.contains("<div class=\"box\">\n<p><em>inside</em></p>\n</div>"))
        #expect(html.hasSuffix("<section>\n</section>\n"))
        #expect(Self.isBalanced(html))
        #expect(RawHTMLSanitizer.sanitize("<div><p>a</div></p></article>") == "<div><p>a</p></div>")
    }

    @Test("10: '<!-->' ends where HTML ends it and does not swallow the page; an unclosed comment is text")
    func comments() {
        let html = render.render("<div><!-->shown</div>\n\nkept\n\n<div><!--->also</div><!-- later -->\n")
        #expect(html.contains("<div>shown</div>") && html.contains("<p>kept</p>") && html.contains("<div>also</div>"))
        #expect(!html.contains("later"))
        #expect(RawHTMLSanitizer.sanitize("a <!-- b") == "a &lt;!-- b")
    }
}
