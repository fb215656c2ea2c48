import Foundation
import Synchronization

/// A build's output folder while it is being made (`OutputWriter.begin`): the staging folder
/// beside the destination, held under the output's lock until `commit` swaps it in or `abandon`
/// removes it. `stage` writes a batch of files there as soon as they are made and returns them
/// without their bytes, so a full build holds a batch of pages in memory, not the whole site.
///
/// Only plain paths are staged (`OutputWriter.isPlainPath`); a file with any other path stays in
/// memory and is refused with every other problem before anything is swapped in.
public final class StagedOutput: Sendable {
    private let writer: OutputWriter
    private let lock: Mutex<OutputLock?>
    private let staging: URL
    private let retired: URL
    /// The folders `stageNow` has made (or found there): the search index's 10,000 files go to a
    /// few folders, and asking `mkdir` for each file's folders again was a failed system call,
    /// with its path walk, per folder per file.
    private let madeFolders = Mutex<Set<String>>([])

    init(writer: OutputWriter, lock: sending OutputLock, staging: URL, retired: URL) {
        self.writer = writer
        self.lock = Mutex(lock)
        self.staging = staging
        self.retired = retired
    }

    /// Writes `files` into the staging folder; returns them staged (bytes dropped, SHA-256 kept).
    public func stage(_ files: [OutputFile]) async throws -> [OutputFile] {
        let stageable = files.map { $0.staged == nil && OutputWriter.isPlainPath($0.path) }
        try await writer.writeAll(zip(files, stageable).filter(\.1).map(\.0), into: staging)
        let root = staging.path
        return await concurrentMap(Array(zip(files, stageable)), jobs: writer.jobs) { file, stageable in
            stageable ? file.staged(at: root + "/" + file.path, sha256: SnapshotJSON.sha256(file.data)) : file
        }
    }

    /// Writes one file into the staging folder now (its folders first), from any core; returns
    /// it staged. A file already staged, or with a path that is not plain, is returned as it is.
    public func stageNow(_ file: OutputFile) throws -> OutputFile {
        guard file.staged == nil, OutputWriter.isPlainPath(file.path) else { return file }
        let root = staging.path
        try makeFolders(of: file.path, in: root)
        let data = file.data
        try FastFiles.write(data, to: root + "/" + file.path)
        return file.staged(at: root + "/" + file.path, sha256: SnapshotJSON.sha256(data))
    }

    /// A file's folders, parents first, unless they were made before. A folder is remembered only
    /// once it and its ancestors exist, so a file on another core never skips one still missing.
    private func makeFolders(of path: String, in root: String) throws {
        guard let slash = path.lastIndex(of: "/") else { return }
        let parent = String(path[..<slash])
        if madeFolders.withLock({ $0.contains(parent) }) { return }
        let folders = OutputWriter.folders(of: [path])
        for folder in folders { try FastFiles.makeDirectory(root + "/" + folder) }
        madeFolders.withLock { $0.formUnion(folders) }
    }

    /// Files put here are staged as they are made (`stageNow`).
    public var sink: FileSink { FileSink { try self.stageNow($0) } }

    /// Writes the rest of the site and swaps the folder in; releases the lock.
    public func commit(_ files: [OutputFile]) async throws {
        defer { release() }
        try await writer.commit(files, staging: staging, retired: retired)
    }

    /// Removes the staging folder (a build that failed); the destination is untouched.
    public func abandon() async {
        await FastFiles.removeTree(staging.path, jobs: writer.jobs)
        release()
    }

    private func release() {
        lock.withLock { held in
            held?.release()
            held = nil
        }
    }
}
