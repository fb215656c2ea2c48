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
        let rootPath = root.path
        do {
            for folder in OutputWriter.folders(of: files.map(\.path)) { try FastFiles.makeDirectory(rootPath + "/" + folder) }
        } catch {
            throw SyncError(description: "\(error)")
        }
        let pid = ProcessInfo.processInfo.processIdentifier
        let failures = await concurrentMap(files, jobs: jobs) { file -> String? in
            let target = rootPath + "/" + file.path
            let slash = target.lastIndex(of: "/")!   // rootPath is absolute
            let temporary = String(target[...slash]) + ".\(target[target.index(after: slash)...]).sitegen-tmp-\(pid)"
            do {
                try FastFiles.write(file.data, to: temporary)
            } catch {
                unlink(temporary)
                return "cannot write \(file.path): \(error)"
            }
            guard rename(temporary, target) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                return "cannot replace \(file.path): \(reason)"
            }
            return nil
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
