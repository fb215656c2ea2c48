import Foundation
import Testing
@testable import SitegenCore

@Suite("Atomic output writer")
struct OutputWriterTests {
    let fm = FileManager.default

    func scratch() throws -> URL {
        let dir = fm.temporaryDirectory.appendingPathComponent("sitegen-writer-\(UUID().uuidString)")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func contents(_ dir: URL) -> [String] {
        ((try? fm.subpathsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    @Test func writesThenReplacesAPreviousBuild() async throws {
        let root = try scratch()
        defer { try? fm.removeItem(at: root) }
        let out = root.appendingPathComponent("Output")
        try await OutputWriter(destination: out).write([OutputFile(path: "a/index.html", text: "one"), OutputFile(path: "old.txt", text: "x")])
        try await OutputWriter(destination: out).write([OutputFile(path: "a/index.html", text: "two")])
        #expect(try String(contentsOf: out.appendingPathComponent("a/index.html"), encoding: .utf8) == "two")
        #expect(!fm.fileExists(atPath: out.appendingPathComponent("old.txt").path))
        #expect(contents(root) == ["Output", "Output/.sitegen-output", "Output/a", "Output/a/index.html"])
    }

    @Test func refusesAForeignFolderUnlessForced() async throws {
        let root = try scratch()
        defer { try? fm.removeItem(at: root) }
        let out = root.appendingPathComponent("mine")
        try fm.createDirectory(at: out, withIntermediateDirectories: true)
        try "keep".write(to: out.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        await #expect(throws: OutputWriter.WriteError.self) {
            try await OutputWriter(destination: out).write([OutputFile(path: "index.html", text: "x")])
        }
        #expect(contents(out) == ["notes.txt"])
        try await OutputWriter(destination: out, force: true).write([OutputFile(path: "index.html", text: "x")])
        #expect(contents(out) == [".sitegen-output", "index.html"])
    }

    @Test func aFailedWriteLeavesThePreviousOutputAndNoLitter() async throws {
        let root = try scratch()
        defer { try? fm.removeItem(at: root) }
        let out = root.appendingPathComponent("Output")
        try await OutputWriter(destination: out).write([OutputFile(path: "index.html", text: "good")])
        // A file and a folder at the same path cannot both be written.
        await #expect(throws: (any Error).self) {
            try await OutputWriter(destination: out).write([OutputFile(path: "x", text: "file"), OutputFile(path: "x/y.html", text: "in folder")])
        }
        #expect(try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8) == "good")
        #expect(contents(root).filter { !$0.hasPrefix("Output") }.isEmpty)
    }

    @Test func writesNestedFoldersAndEmptyFiles() async throws {
        let root = try scratch()
        defer { try? fm.removeItem(at: root) }
        let out = root.appendingPathComponent("Output")
        let files = [OutputFile(path: "bible/gen/1/index.html", text: "Genesis 1"), OutputFile(path: "bible/index.html", text: "Bible"),
                     OutputFile(path: "a/b/c/d/e.txt", text: ""), OutputFile(path: "index.html", text: "home")]
        try await OutputWriter(destination: out, jobs: 4).write(files)
        for file in files {
            #expect(try String(contentsOf: out.appendingPathComponent(file.path), encoding: .utf8) == String(decoding: file.data, as: UTF8.self))
        }
        #expect(OutputWriter.folders(of: files.map(\.path)) == ["a", "a/b", "a/b/c", "a/b/c/d", "bible", "bible/gen", "bible/gen/1"])
    }

    /// Someone linked a photo folder into the output by hand; the next build removes the old
    /// output, and must remove the link, never what it points to.
    @Test func removingThePreviousBuildNeverFollowsALink() async throws {
        let root = try scratch()
        defer { try? fm.removeItem(at: root) }
        let out = root.appendingPathComponent("Output")
        let photos = root.appendingPathComponent("photos")
        try fm.createDirectory(at: photos, withIntermediateDirectories: true)
        try "jpeg".write(to: photos.appendingPathComponent("church.jpg"), atomically: true, encoding: .utf8)
        try await OutputWriter(destination: out).write([OutputFile(path: "index.html", text: "one")])
        try fm.createSymbolicLink(at: out.appendingPathComponent("photos"), withDestinationURL: photos)
        try fm.createSymbolicLink(at: out.appendingPathComponent("one.jpg"), withDestinationURL: photos.appendingPathComponent("church.jpg"))
        try await OutputWriter(destination: out).write([OutputFile(path: "index.html", text: "two")])
        #expect(contents(photos) == ["church.jpg"])
        #expect(contents(out) == [".sitegen-output", "index.html"])
    }

    @Test func keepsTheRepositoryPlaceholder() async throws {
        let root = try scratch()
        defer { try? fm.removeItem(at: root) }
        let out = root.appendingPathComponent("Output")
        try fm.createDirectory(at: out, withIntermediateDirectories: true)
        fm.createFile(atPath: out.appendingPathComponent(".gitkeep").path, contents: Data())
        try await OutputWriter(destination: out).write([OutputFile(path: "index.html", text: "x")])
        #expect(contents(out) == [".gitkeep", ".sitegen-output", "index.html"])
    }

    @Test func pathsThatEscapeOrCollideAreErrors() {
        let diagnostics = Diagnostics()
        OutputWriter.validate([
            OutputFile(path: "../evil", text: ""), OutputFile(path: "/abs", text: ""),
            OutputFile(path: "about/index.html", text: "", source: "Content/pages/about.md"),
            OutputFile(path: "about/index.html", text: "", source: "Content/pages/about/index.md"),
        ], diagnostics: diagnostics, outputName: "Output")
        #expect(diagnostics.all.map(\.description) == [
            "Content/pages/about/index.md:1:1: error: two sources produce Output/about/index.html: Content/pages/about.md and Content/pages/about/index.md",
            "Output:1:1: error: refusing to write '../evil': not a plain path inside the output folder",
            "Output:1:1: error: refusing to write '/abs': not a plain path inside the output folder",
        ])
    }

    @Test("a plain path: relative, names between single slashes, none of them . or ..", arguments: [
        ("a", true), ("a/b.html", true), ("...", true), ("a/.well-known/x", true), (".htaccess", true), ("a..b/c", true),
        ("ä/ö.html", true), ("", false), ("/", false), ("/a", false), ("a/", false), ("a//b", false), (".", false),
        ("..", false), ("a/./b", false), ("a/../b", false), ("a/..", false), ("../a", false), ("./a", false),
    ])
    func plainPaths(_ path: String, _ plain: Bool) {
        #expect(OutputWriter.isPlainPath(path) == plain)
    }

    @Test func pathsThatDifferOnlyInCaseCollide() {
        let diagnostics = Diagnostics()
        OutputWriter.validate([
            OutputFile(path: "Hymns/index.html", text: "", source: "a.md"), OutputFile(path: "hymns/index.html", text: "", source: "b.md"),
            OutputFile(path: "ÄB/x", text: "", source: "c.md"), OutputFile(path: "äb/x", text: "", source: "d.md"),
            OutputFile(path: "plain/index.html", text: "", source: "e.md"),
        ], diagnostics: diagnostics, outputName: "Output")
        #expect(diagnostics.all.map(\.description) == [
            "b.md:1:1: error: two sources produce Output/hymns/index.html: a.md and b.md",
            "d.md:1:1: error: two sources produce Output/äb/x: c.md and d.md",
        ])
    }
}
