import Foundation
import Testing
@testable import SitegenCore

@Suite("Source files")
struct SourceFileTests {
    @Test func invalidUTF8IsReportedWithLineAndColumn() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-utf8-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var bytes = Array("line one\nab".utf8)
        bytes.append(0xE9)   // Latin-1 'é', not UTF-8
        bytes += Array("t\n".utf8)
        try Data(bytes).write(to: dir.appendingPathComponent("bad.md"))
        let diagnostics = Diagnostics()
        let tree = SourceTree(url: dir, displayPath: "Content")
        #expect(tree.read("bad.md", diagnostics: diagnostics) == nil)
        #expect(diagnostics.all.map(\.description) == ["Content/bad.md:2:3: error: invalid UTF-8 (byte 0xE9); save the file as UTF-8"])
    }

    @Test func byteOrderMarkAndCRLFAreNormalised() throws {
        let text = try SourceFile.decodeUTF8(Data([0xEF, 0xBB, 0xBF] + Array("a\r\nb\rc".utf8))).get()
        #expect(text == "a\nb\nc")
    }

    @Test func symbolicLinksOutsideTheFolderAreRefused() throws {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("sitegen-link-\(UUID().uuidString)")
        try fm.createDirectory(at: dir.appendingPathComponent("inside"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        try "secret".write(to: dir.appendingPathComponent("outside.md"), atomically: true, encoding: .utf8)
        try "ok".write(to: dir.appendingPathComponent("inside/a.md"), atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(at: dir.appendingPathComponent("inside/b.md"), withDestinationURL: dir.appendingPathComponent("outside.md"))
        let diagnostics = Diagnostics()
        let files = SourceTree(url: dir.appendingPathComponent("inside"), displayPath: "Content").files(diagnostics: diagnostics)
        #expect(files == ["a.md"])
        #expect(diagnostics.all.first?.description.hasPrefix("Content/b.md:1:1: error: symbolic link points outside") == true)
    }
}
