import Foundation
import Testing
@testable import SitegenSite

@Suite("Source stamps")
struct SourceStampTests {
    @Test("a save that renames a new file of the same size and time over the old one is a change")
    func saveByRenameIsSeen() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stamp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("012.md").path
        try Data("old words".utf8).write(to: URL(fileURLWithPath: path))
        let before = try #require(SourceFingerprint.of(path, unlessSameAs: nil))
        try FileOperation.saveKeepingSizeAndTime(URL(fileURLWithPath: path), "new words")
        let after = try #require(SourceFingerprint.of(path, unlessSameAs: before))
        #expect(after.stamp.size == before.stamp.size && after.stamp.modified == before.stamp.modified)
        #expect(after.digest != before.digest)
    }

    @Test("a file whose stamp did not move is not read again")
    func unchangedStampKeepsTheFingerprint() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stamp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.md").path
        try Data("words".utf8).write(to: URL(fileURLWithPath: path))
        let known = try #require(SourceFingerprint.of(path, unlessSameAs: nil))
        let pretend = SourceFingerprint(stamp: known.stamp, digest: "remembered")
        #expect(SourceFingerprint.of(path, unlessSameAs: pretend) == pretend)
        #expect(SourceFingerprint.of(folder.path, unlessSameAs: nil) == nil)   // a folder is not a source file
    }
}
