import Foundation
import Testing
@testable import SitegenServe

@Suite("Source watcher")
struct SourceWatcherTests {
    @Test("additions, edits (in place or by rename) and deletions are all noticed; editor temp files are not")
    func changes() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("hymns"), withIntermediateDirectories: true)
        let a = root.appendingPathComponent("hymns/a.md"), b = root.appendingPathComponent("b.md")
        try Data("one".utf8).write(to: a)
        try Data("two".utf8).write(to: b)
        let watcher = SourceWatcher(roots: [root])
        let before = watcher.scan()
        #expect(before.count == 2)

        try Data("one!".utf8).write(to: a)                        // edit in place (size changes)
        try Data("TWO".utf8).write(to: b, options: .atomic)       // same size, new file renamed over it
        let c = root.appendingPathComponent("c.md")
        try Data("three".utf8).write(to: c)                       // addition
        try Data("x".utf8).write(to: root.appendingPathComponent(".a.md.swp"))
        let after = watcher.scan()
        #expect(SourceWatcher.changes(from: before, to: after) == [a, b, c].map(\.standardizedFileURL).reduce(into: Set()) { $0.insert($1) })

        try FileManager.default.removeItem(at: a)                 // deletion
        #expect(SourceWatcher.changes(from: after, to: watcher.scan()) == [a.standardizedFileURL])
    }
}
