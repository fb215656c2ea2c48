import Foundation
import Testing
@testable import SitegenCore

@Suite("Front matter and YAML fields")
struct FrontMatterTests {
    func file(_ text: String, path: String = "Content/pages/x.md") -> SourceFile {
        SourceFile(path: path, url: URL(fileURLWithPath: "/tmp/x.md"), text: text)
    }

    @Test func splitsFrontMatterAndRemembersLines() throws {
        let diagnostics = Diagnostics()
        let doc = try #require(FrontMatterDocument.split(file("---\ntitle: Hi\nn: 3\n---\nBody\nmore"), diagnostics: diagnostics))
        #expect(doc.yaml == "title: Hi\nn: 3")
        #expect(doc.body == "Body\nmore")
        #expect(doc.bodyFirstLine == 5)
        let fields = try #require(doc.fields(diagnostics: diagnostics))
        #expect(fields.string("title") == "Hi")
        #expect(fields.int("n", in: 0...10) == 3)
        fields.reportUnknownKeys()
        #expect(diagnostics.all.isEmpty)
    }

    @Test func fileWithoutFrontMatterIsAllBody() throws {
        let diagnostics = Diagnostics()
        let doc = try #require(FrontMatterDocument.split(file("Just text"), diagnostics: diagnostics))
        #expect(doc.yaml == nil && doc.body == "Just text")
    }

    @Test func unclosedFrontMatterIsAnError() {
        let diagnostics = Diagnostics()
        #expect(FrontMatterDocument.split(file("---\ntitle: x\nBody"), diagnostics: diagnostics) == nil)
        #expect(diagnostics.all.map(\.description) == ["Content/pages/x.md:1:1: error: front matter starts with '---' but has no closing '---' line"])
    }

    @Test func malformedYAMLPointsAtTheFileLine() {
        let diagnostics = Diagnostics()
        let doc = FrontMatterDocument.split(file("---\ntitle: ok\nbad: [1, 2\n---\n"), diagnostics: diagnostics)
        #expect(doc?.fields(diagnostics: diagnostics) == nil)
        let message = diagnostics.all.first?.description ?? ""
        #expect(message.hasPrefix("Content/pages/x.md:3:"))
        #expect(message.contains("error: malformed YAML"))
    }

    @Test func typeErrorsAndUnknownKeysAreAllReported() throws {
        let diagnostics = Diagnostics()
        let doc = try #require(FrontMatterDocument.split(file("---\nnumber: twelve\nremoved: maybe\ntitel: x\n---\n"), diagnostics: diagnostics))
        let fields = try #require(doc.fields(diagnostics: diagnostics))
        #expect(fields.int("number", in: 1...9999) == nil)
        #expect(fields.bool("removed") == nil)
        #expect(fields.string("title", required: true) == nil)
        fields.reportUnknownKeys()
        let messages = diagnostics.all.map(\.description)
        #expect(messages.contains("Content/pages/x.md:2:9: error: 'number' must be a whole number"))
        #expect(messages.contains("Content/pages/x.md:3:10: error: 'removed' must be true or false"))
        #expect(messages.contains { $0.hasPrefix("Content/pages/x.md:4:1: error: unknown key 'titel'") })
        #expect(messages.contains("Content/pages/x.md:2:1: error: missing required key 'title'"))
    }

    @Test func duplicateKeysAreReported() {
        let diagnostics = Diagnostics()
        let doc = FrontMatterDocument.split(file("---\ntitle: a\ntitle: b\n---\n"), diagnostics: diagnostics)
        #expect(doc?.fields(diagnostics: diagnostics) == nil)
        #expect(diagnostics.all.first?.message.contains("duplicate key 'title'") == true)
    }

    @Test func datesMustExist() throws {
        let diagnostics = Diagnostics()
        let fields = try #require(YAMLFields.parse("a: 2027-02-28\nb: 2027-02-30", file: file(""), firstLine: 1, diagnostics: diagnostics))
        #expect(fields.date("a") == CalendarDate(year: 2027, month: 2, day: 28))
        #expect(fields.date("b") == nil)
        #expect(diagnostics.all.first?.description.hasPrefix("Content/pages/x.md:2:4: error: 'b' must be a date") == true)
    }
}
