import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Brings an existing output folder from one set of files to the next, touching only files whose
/// bytes differ. Each file is written to a temporary name in its own folder and renamed over the
/// old one, so a reader (a browser, `sitegen serve`) sees the old bytes or the new, never half.
struct OutputSync {
    let root: URL

    struct SyncError: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `files` (already known to differ) and deletes `removed`; returns nothing on success.
    func apply(write files: [OutputFile], remove removed: [String], jobs: Int) async throws {
        let folders = Set(files.compactMap { file in file.path.lastIndex(of: "/").map { String(file.path[..<$0]) } })
        for folder in folders.sorted() {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let pid = ProcessInfo.processInfo.processIdentifier
        let failures = await concurrentMap(files, jobs: jobs) { file -> String? in
            let target = root.appendingPathComponent(file.path)
            let temporary = target.deletingLastPathComponent()
                .appendingPathComponent(".\(target.lastPathComponent).sitegen-tmp-\(pid)")
            do {
                try file.data.write(to: temporary)
                guard rename(temporary.path, target.path) == 0 else {
                    let reason = String(cString: strerror(errno))
                    try? FileManager.default.removeItem(at: temporary)
                    return "cannot replace \(file.path): \(reason)"
                }
                return nil
            } catch {
                return "cannot write \(file.path): \(error.localizedDescription)"
            }
        }.compactMap { $0 }
        if let first = failures.first { throw SyncError(description: first) }
        for path in removed.sorted() {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
            removeEmptyFolders(above: path)
        }
    }

    /// `hymns/400/index.html` removed: drop `hymns/400/` if nothing else is in it (never the root).
    private func removeEmptyFolders(above path: String) {
        var parts = path.split(separator: "/").dropLast()
        while !parts.isEmpty {
            let folder = root.appendingPathComponent(parts.joined(separator: "/"))
            guard (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true else { return }
            try? FileManager.default.removeItem(at: folder)
            parts = parts.dropLast()
        }
    }
}
