import Foundation
import Testing
@testable import SitegenCore

/// Issue 41, items 1–3: the one edit path of `sitegen new` and `import`.
@Suite("Content edits")
struct ContentEditTests {
    let fm = FileManager.default

    func scratch() throws -> SourceTree {
        let dir = fm.temporaryDirectory.appendingPathComponent("sitegen-edit-\(UUID().uuidString)/Content")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        return SourceTree(url: dir, displayPath: "Content")
    }

    func text(_ tree: SourceTree, _ relative: String) -> String? {
        try? String(contentsOf: tree.fileURL(relative), encoding: .utf8)
    }

    @Test("1: a file that exists but does not read is refused, never taken for no file")
    func unreadableIsRefused() async throws {
        let tree = try scratch()
        defer { try? fm.removeItem(at: tree.url.deletingLastPathComponent()) }
        try fm.createDirectory(at: tree.fileURL("schedule"), withIntermediateDirectories: true)
        let latin1 = Data("title: \"M\"\n# caf".utf8) + Data([0xE9]) + Data("\nevents:\n".utf8)
        try latin1.write(to: tree.fileURL("schedule/meetings.yml"))
        let edit = try await ContentEdit.begin(tree)
        #expect(throws: ContentEdit.Refused.self) { _ = try edit.current("schedule/meetings.yml") }
        #expect(try edit.current("schedule/other.yml") == nil)
        #expect(try Data(contentsOf: tree.fileURL("schedule/meetings.yml")) == latin1)
    }

    @Test("3: paths that leave the folder, are empty or hidden are refused", arguments: [
        "../x.yml", "schedule/../../x.yml", "", "schedule/.hidden.yml", ".hidden", "/etc/passwd", "schedule//x.yml", "a~",
    ])
    func confinement(_ relative: String) async throws {
        #expect(ContentPath.problem(relative) != nil)
        let tree = try scratch()
        defer { try? fm.removeItem(at: tree.url.deletingLastPathComponent()) }
        let edit = try await ContentEdit.begin(tree)
        #expect(throws: ContentEdit.Refused.self) { try edit.set(relative, Data("x".utf8)) }
    }

    @Test("3: a folder that is a link out of the content folder is refused")
    func linkOut() async throws {
        let tree = try scratch()
        let outside = tree.url.deletingLastPathComponent().appendingPathComponent("outside")
        defer { try? fm.removeItem(at: tree.url.deletingLastPathComponent()) }
        try fm.createDirectory(at: outside, withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: tree.fileURL("schedule"), withDestinationURL: outside)
        let edit = try await ContentEdit.begin(tree)
        #expect(throws: ContentEdit.Refused.self) { try edit.set("schedule/x.yml", Data("x".utf8)) }
        #expect(ContentPath.problem("schedule/x.yml") == nil)
    }

    @Test("2: 20 edits at once each read what the one before wrote: all 20 kept")
    func concurrentEditsKeepAll() async throws {
        let tree = try scratch()
        defer { try? fm.removeItem(at: tree.url.deletingLastPathComponent()) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<20 {
                group.addTask {
                    let edit = try await ContentEdit.begin(tree)
                    let before = try edit.current("list.txt")?.text ?? ""
                    try edit.set("list.txt", Data((before + "\(n)\n").utf8))
                    try edit.commit()
                }
            }
            try await group.waitForAll()
        }
        let lines = text(tree, "list.txt")?.split(separator: "\n").compactMap { Int($0) } ?? []
        #expect(lines.sorted() == Array(0..<20))
    }

    /// Before: a.txt "old a", no b.txt. After: a.txt "new a", b.txt "new b", c/d.txt "new d".
    @Test("kill at every step of a commit: the files are as before or as after once the next edit or build runs")
    func stoppedAtEveryStep() async throws {
        // 3 files staged, the journal, 3 renames: 7 steps; stopping after the 7th is a whole commit.
        for stop in 1...7 {
            let tree = try scratch()
            defer { try? fm.removeItem(at: tree.url.deletingLastPathComponent()) }
            try Data("old a".utf8).write(to: tree.fileURL("a.txt"))
            do {
                let edit = try await ContentEdit.begin(tree)
                edit.stopAfterSteps = stop
                try edit.set("a.txt", Data("new a".utf8))
                try edit.set("b.txt", Data("new b".utf8))
                try edit.set("c/d.txt", Data("new d".utf8))
                #expect(throws: ContentEdit.Stopped.self) { try edit.commit() }
            }
            try await ContentEdit.recover(tree)
            let state = [text(tree, "a.txt"), text(tree, "b.txt"), text(tree, "c/d.txt")]
            if stop < 4 {
                #expect(state == ["old a", nil, nil], "stopped after step \(stop)")
            } else {
                #expect(state == ["new a", "new b", "new d"], "stopped after step \(stop)")
            }
            #expect(!fm.fileExists(atPath: tree.fileURL(ContentEdit.stagingName).path))
        }
    }

    @Test("planned: the folder as it will be, for the build's readers")
    func planned() async throws {
        let tree = try scratch()
        defer { try? fm.removeItem(at: tree.url.deletingLastPathComponent()) }
        let edit = try await ContentEdit.begin(tree)
        try edit.set("schedule/x.yml", Data("title: x\n".utf8))
        #expect(edit.planned.read("schedule/x.yml", diagnostics: Diagnostics())?.text == "title: x\n")
        #expect(!fm.fileExists(atPath: tree.fileURL("schedule/x.yml").path))
    }
}
