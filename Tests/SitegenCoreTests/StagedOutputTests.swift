import Dispatch
import Foundation
import Synchronization
import Testing
@testable import SitegenCore

/// `StagedOutput.stageNow` from many cores at once, as the search index and the Bible's
/// snapshots put their files: every file lands in its folder with its bytes and digest, whether
/// its folder is new, made by another core a moment before, or remembered.
@Suite struct StagedOutputTests {
    @Test func filesStagedFromManyCoresLandInTheirFoldersWithTheirDigests() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-staged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("Output")
        let files = (0..<600).map { n in
            let folder = ["search/d/\(n % 7)", "search/d", "a/b/c/\(n % 3)", ""][n % 4]
            return OutputFile(path: (folder.isEmpty ? "" : folder + "/") + "f\(n).json", text: "file \(n) \u{E9}")
        }
        let staging = try await OutputWriter(destination: out, jobs: 2).begin()
        let staged = Mutex<[OutputFile?]>(Array(repeating: nil, count: files.count))
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: files.count) { n in
            do {
                let file = try staging.stageNow(files[n])
                staged.withLock { $0[n] = file }
            } catch {
                failures.withLock { $0.append("\(files[n].path): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        try await staging.commit([])
        for (file, result) in zip(files, staged.withLock { $0 }) {
            #expect(result?.staged?.sha256 == SnapshotJSON.sha256(file.data), "\(file.path)")
            #expect(FileManager.default.contents(atPath: out.appendingPathComponent(file.path).path) == file.data, "\(file.path)")
        }
    }
}
