import Foundation
import Testing
@testable import SitegenServe

@Suite("Static files")
struct ServedFilesTests {
    /// A throwaway output folder with a page, a sub-folder and a secret beside it.
    func makeSite() throws -> (root: URL, outside: URL) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("serve-tests-\(UUID().uuidString)")
        let root = base.appendingPathComponent("Output")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("hymns/12"), withIntermediateDirectories: true)
        try Data("home".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data("hymn".utf8).write(to: root.appendingPathComponent("hymns/12/index.html"))
        try Data("missing".utf8).write(to: root.appendingPathComponent("404.html"))
        let outside = base.appendingPathComponent("secret.txt")
        try Data("secret".utf8).write(to: outside)
        return (root, outside)
    }

    func lookup(_ files: ServedFiles, _ raw: String) throws -> ServedFiles.Lookup {
        files.lookup(try RequestPath.parse(raw).get())
    }

    @Test("folders are served by their index.html; a folder without its slash is redirected")
    func folders() throws {
        let (root, _) = try makeSite()
        let files = ServedFiles(root: root)
        guard case .file(let home) = try lookup(files, "/") else { Issue.record("no home page"); return }
        #expect(try String(contentsOf: home, encoding: .utf8) == "home")
        guard case .file(let hymn) = try lookup(files, "/hymns/12/") else { Issue.record("no hymn page"); return }
        #expect(try String(contentsOf: hymn, encoding: .utf8) == "hymn")
        #expect(try lookup(files, "/hymns/12") == .addSlash)
        #expect(try lookup(files, "/hymns/99/") == .notFound)
        #expect(try lookup(files, "/index.html/") == .notFound)
        #expect(files.notFoundPage != nil)
    }

    @Test("a symbolic link leading out of the output folder is not found; one inside is served")
    func symlinks() throws {
        let (root, outside) = try makeSite()
        let fm = FileManager.default
        try fm.createSymbolicLink(at: root.appendingPathComponent("leak.txt"), withDestinationURL: outside)
        try fm.createSymbolicLink(at: root.appendingPathComponent("up"), withDestinationURL: root.deletingLastPathComponent())
        try fm.createSymbolicLink(at: root.appendingPathComponent("alias.html"), withDestinationURL: root.appendingPathComponent("index.html"))
        let files = ServedFiles(root: root)
        #expect(try lookup(files, "/leak.txt") == .notFound)
        #expect(try lookup(files, "/up/secret.txt") == .notFound)
        #expect(try lookup(files, "/up/Output/index.html") != .notFound)   // still inside, by a detour
        guard case .file = try lookup(files, "/alias.html") else { Issue.record("inside link refused"); return }
    }

    @Test("a missing output folder serves nothing")
    func missingRoot() throws {
        let files = ServedFiles(root: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
        #expect(try lookup(files, "/") == .notFound)
        #expect(files.notFoundPage == nil)
    }
}
