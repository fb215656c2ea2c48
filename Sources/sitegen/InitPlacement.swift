import ArgumentParser
import Foundation
import SitegenSite

/// How `sitegen init` puts a new site in place, all or nothing: every file is written into a
/// hidden staging folder first, then renamed into place. A kill or an error before the rename
/// leaves the folder as it was (the staging folder is swept by the next run), so a rerun works.
///
/// Into a folder that does not exist yet, the staging folder beside it becomes the site in one
/// rename. Into one that exists (`.`, a clone of an empty repository) the files beside
/// `Content/` (README.md, a pipeline) go first, each only where nothing is, and `Content/` last
/// in one rename: a site is there exactly when its `Content/` is; on an error the files moved
/// are taken back.
struct InitPlacement {
    let root: URL
    /// As the user wrote it, for messages.
    let display: String
    let staging: URL
    private let lock: OutputLock
    private let rootExisted: Bool
    /// The folders above the site that `begin` made (deepest first), taken back when no site was placed.
    private let madeFolders: [URL]

    static let stagingMark = ".sitegen-init-"

    /// Refuses a target that is a file or already holds a site; takes the lock (one init at a
    /// time into one place) and sweeps what a killed run left.
    static func begin(_ root: URL, display: String) async throws -> InitPlacement {
        let files = FileManager.default
        try refuseUnfit(root, display: display)
        let exists = files.fileExists(atPath: root.path)
        let parent = root.deletingLastPathComponent()
        var madeFolders: [URL] = []
        var folder = parent
        while !files.fileExists(atPath: folder.path), folder.path != "/" {
            madeFolders.append(folder)
            folder = folder.deletingLastPathComponent()
        }
        do { try files.createDirectory(at: parent, withIntermediateDirectories: true) } catch {
            printError("\(display): error: cannot make the folder that holds it: \(FileProblem.message(error))")
            throw ExitCode.failure
        }
        let lock = try await OutputLock.acquire(parent: exists ? root : parent) {
            printError("sitegen: waiting for another sitegen init into \(display) …")
        }
        let place = exists ? root : parent
        let mark = exists ? stagingMark : ".\(root.lastPathComponent)\(stagingMark)"
        for leftover in (try? files.contentsOfDirectory(atPath: place.path)) ?? [] where leftover.hasPrefix(mark) {
            try? files.removeItem(at: place.appendingPathComponent(leftover))
        }
        try refuseUnfit(root, display: display)   // again, under the lock: another init may have finished meanwhile
        return InitPlacement(root: root, display: display, staging: place.appendingPathComponent("\(mark)\(getpid())"),
                             lock: lock, rootExisted: exists, madeFolders: madeFolders)
    }

    /// Refuses a target that is a file or already holds a site. Writes nothing, so `init` calls it
    /// first, before its other checks (and `begin` again under the lock).
    static func refuseUnfit(_ root: URL, display: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) && !isFolder.boolValue {
            printError("\(display): error: is a file, not a folder; give sitegen init a folder (it is made if missing)")
            throw ExitCode.failure
        }
        if FileManager.default.fileExists(atPath: root.appendingPathComponent("Content").path) {
            printError("\(display)/Content: error: there is already a site here; sitegen init writes only into a folder without Content/")
            throw ExitCode.failure
        }
    }

    /// Puts the staged site in place (see the type's comment).
    func finish() throws {
        let files = FileManager.default
        if !rootExisted {
            try files.moveItem(at: staging, to: root)
            return
        }
        var moved: [URL] = []
        do {
            for relative in try stagedFiles() where !relative.hasPrefix("Content/") {
                let target = root.appendingPathComponent(relative)
                if files.fileExists(atPath: target.path) {
                    printError("\(display)/\(relative): note: already there, left as it was")
                    continue
                }
                try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try files.moveItem(at: staging.appendingPathComponent(relative), to: target)
                moved.append(target)
            }
            try files.moveItem(at: staging.appendingPathComponent("Content"), to: root.appendingPathComponent("Content"))
        } catch {
            for file in moved { try? files.removeItem(at: file) }
            throw error
        }
    }

    /// Removes the staging folder (after `finish`, what was kept; after an error, everything).
    func cleanUp() {
        try? FileManager.default.removeItem(at: staging)
        lock.release()
        // No site placed: the folders made for it go too, each only while empty (`rmdir`).
        guard !FileManager.default.fileExists(atPath: root.path) else { return }
        for folder in madeFolders where rmdir(folder.path) != 0 { break }
    }

    private func stagedFiles() throws -> [String] {
        guard let walk = FileManager.default.enumerator(at: staging, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var found: [String] = []
        for case let file as URL in walk where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            found.append(String(file.standardizedFileURL.path.dropFirst(staging.standardizedFileURL.path.count + 1)))
        }
        return found.sorted()
    }
}
