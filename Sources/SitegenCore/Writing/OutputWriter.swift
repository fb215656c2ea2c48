import CRenameExchange
import Foundation

/// Writes the finished site without ever leaving a half-built `Output/` behind.
///
/// Files go to a fresh folder beside the destination; only when every file is written is it
/// swapped in and the previous build removed. On any error the previous output is untouched.
/// One build at a time writes beside a destination (`OutputLock`); the swap is one atomic
/// exchange, so the destination path holds the old or the new tree at every instant, even when
/// the process is killed; leftovers of killed builds are removed by the next one.
/// Nothing is written or deleted outside the destination and its temporary twin, and a folder
/// that sitegen did not create is never replaced unless the user says `--force`.
public struct OutputWriter: Sendable {
    /// Present in every folder sitegen writes; proof that replacing it loses nothing of the user's.
    public static let markerName = ".sitegen-output"
    /// Placeholders a repository keeps in an otherwise empty output folder; carried over.
    static let placeholders: Set<String> = [".gitkeep"]

    public let destination: URL
    public let force: Bool
    public let jobs: Int

    public init(destination: URL, force: Bool = false, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.destination = destination.standardizedFileURL
        self.force = force
        self.jobs = jobs
    }

    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Checks every path before anything touches the disk: relative, no `..`, no duplicates.
    public static func validate(_ files: [OutputFile], diagnostics: Diagnostics, outputName: String) {
        var owners: [String: String] = [:]
        for file in files {
            switch refusal(of: file.path, taken: { owners[$0] }) {
            case .notPlain:
                diagnostics.error("refusing to write '\(file.path)': not a plain path inside the output folder",
                                  at: SourceLocation(path: file.source ?? outputName))
            case .taken(let first):
                diagnostics.error("two sources produce \(outputName)/\(file.path): \(first) and \(file.source ?? "a generated file")",
                                  at: SourceLocation(path: file.source ?? first))
            case nil:
                owners[lowercased(file.path)] = file.source ?? "a generated file"
            }
        }
    }

    /// Why no file may be written at `path`, if none may: the one check of an output path, for a
    /// whole run's files (`validate`) and for the few paths a rebuild moved (`SiteOutputs`).
    /// `taken` says who holds a path in lower case (case-insensitive file systems would merge
    /// two paths that differ only in case), nil: nobody.
    public static func refusal<Owner>(of path: String, taken: (_ lowercased: String) -> Owner?) -> PathRefusal<Owner>? {
        guard isPlainPath(path) else { return .notPlain }
        return taken(lowercased(path)).map { .taken(by: $0) }
    }

    public enum PathRefusal<Owner> {
        /// Not relative, or with an empty, `.` or `..` name.
        case notPlain
        /// Another file's path, in some case.
        case taken(by: Owner)
    }

    /// Relative, with `/` between non-empty names, none of them `.` or `..`.
    /// (Read byte by byte: a rebuild checks every one of the site's 18,000 paths.)
    public static func isPlainPath(_ path: String) -> Bool {
        var name = 0, dots = 0   // the current name's length, and how many of its bytes are dots
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                guard name > 0, dots < name || name > 2 else { return false }
                (name, dots) = (0, 0)
            } else {
                name += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return name > 0 && (dots < name || name > 2)
    }

    /// The path in lower case; itself, not a copy, when it has no capital or non-ASCII letter.
    public static func lowercased(_ path: String) -> String {
        path.utf8.contains { $0 >= 0x80 || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } ? path.lowercased() : path
    }

    /// The refusals `write` would make about the destination itself (its parent folder missing,
    /// a file, a folder sitegen did not write), made before a build rather than after it: a
    /// build of the bundled site takes seconds to minutes. `write` checks again under its lock.
    public static func checkDestination(_ destination: URL, force: Bool) throws {
        let writer = OutputWriter(destination: destination, force: force, jobs: 1)
        try writer.checkParentExists()
        try writer.checkReplaceable()
    }

    private func checkParentExists() throws {
        let parent = destination.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: parent.path) else {
            throw WriteError(description: "the folder \(parent.path) does not exist")
        }
    }

    /// Whether `destination` may be replaced: missing, empty, a previous sitegen output, or forced.
    public func checkReplaceable() throws {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: destination.path, isDirectory: &isDir) else { return }
        guard isDir.boolValue else {
            throw WriteError(description: "\(destination.path) exists and is not a folder; refusing to replace it")
        }
        let entries = (try? fm.contentsOfDirectory(atPath: destination.path)) ?? []
        let meaningful = entries.filter { !Self.placeholders.contains($0) }
        if meaningful.isEmpty || entries.contains(Self.markerName) || force { return }
        throw WriteError(description: "\(destination.path) is not empty and was not written by sitegen (no \(Self.markerName)); "
                         + "refusing to replace it. Choose another --output or pass --force")
    }

    /// Writes `files` and swaps them in. Returns the number of bytes written.
    @discardableResult
    public func write(_ files: [OutputFile]) async throws -> Int {
        let staging = try await begin()
        try await staging.commit(files)
        return files.reduce(0) { $0 + $1.byteCount }
    }

    /// Takes the output's lock, removes what killed builds left, checks the destination may be
    /// replaced and creates the staging folder beside it: files are then written there as they
    /// are made (`StagedOutput.stage`), and `commit` swaps the folder in.
    public func begin() async throws -> StagedOutput {
        let parent = destination.deletingLastPathComponent()
        try checkParentExists()
        let name = destination.lastPathComponent
        let lock = try await OutputLock.acquire(parent: parent) { [destination] in
            FileHandle.standardError.write(Data("sitegen: another build is writing \(destination.path); waiting for it to finish\n".utf8))
        }
        // Under the lock no other build is running: these are what killed builds left behind.
        for leftover in OutputLock.leftovers(of: name, in: parent) {
            await FastFiles.removeTree(parent.appendingPathComponent(leftover).path, jobs: jobs)
        }
        do {
            try checkReplaceable()
            let pid = ProcessInfo.processInfo.processIdentifier
            let staging = parent.appendingPathComponent(".\(name).sitegen-new-\(pid)")
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
            return StagedOutput(writer: self, lock: lock, staging: staging,
                                retired: parent.appendingPathComponent(".\(name).sitegen-old-\(pid)"))
        } catch {
            lock.release()
            throw error
        }
    }

    /// Writes the files not staged yet, the marker and the placeholders, then swaps the staging
    /// folder in. On an error the staging folder is removed and the destination is untouched.
    func commit(_ files: [OutputFile], staging: URL, retired: URL) async throws {
        do {
            try await writeAll(files.filter { $0.staged == nil }, into: staging)
            try carryOverPlaceholders(into: staging)
            try FastFiles.write(Data("This folder is written by sitegen and replaced on every build.\n".utf8),
                                to: staging.appendingPathComponent(Self.markerName).path)
            try await swap(staging, retired: retired)
        } catch {
            await FastFiles.removeTree(staging.path, jobs: jobs)
            throw error
        }
    }

    /// Creates every folder once (parents first), then writes the files, all on all cores with plain
    /// POSIX calls: Foundation's `Data.write` and `createDirectory(withIntermediateDirectories:)`
    /// cost several system calls and URL conversions per file, which dominated the write stage.
    func writeAll(_ files: [OutputFile], into root: URL) async throws {
        let rootPath = root.path
        // A level of folders at a time (parents before children), each level on all cores.
        let levels = Dictionary(grouping: Self.folders(of: files.map(\.path))) { $0.reduce(0) { $1 == "/" ? $0 + 1 : $0 } }
        for depth in levels.keys.sorted() {
            let problems = await concurrentMap(levels[depth]!, jobs: jobs) { folder -> String? in
                do { try FastFiles.makeDirectory(rootPath + "/" + folder) } catch { return "\(error)" }
                return nil
            }.compactMap { $0 }
            if let first = problems.first { throw WriteError(description: first) }
        }
        let failures = await concurrentMap(files, jobs: jobs) { file -> String? in
            do {
                try FastFiles.write(file.data, to: rootPath + "/" + file.path)
                return nil
            } catch {
                return "cannot write \(file.path): \(error)"
            }
        }.compactMap { $0 }
        if let first = failures.first { throw WriteError(description: first) }
    }

    /// Every folder the files need, ancestors included, sorted so that a parent comes before its children.
    package static func folders(of paths: [String]) -> [String] {
        var folders = Set<Substring>()
        for path in paths {
            var end = path.lastIndex(of: "/")
            while let slash = end {
                let folder = path[..<slash]
                if !folders.insert(folder).inserted { break }  // its ancestors are in already
                end = folder.lastIndex(of: "/")
            }
        }
        return folders.map(String.init).sorted()
    }

    private func carryOverPlaceholders(into staging: URL) throws {
        for name in Self.placeholders.sorted() {
            let old = destination.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: old.path) {
                try FileManager.default.copyItem(at: old, to: staging.appendingPathComponent(name))
            }
        }
    }

    /// One atomic exchange of the new tree and the old one (renameat2 RENAME_EXCHANGE), then the
    /// old one, now at the staging path, is removed. A first build is one rename. Only where the
    /// file system cannot exchange does it fall back to two renames (old aside, new in place).
    private func swap(_ staging: URL, retired: URL) async throws {
        let fm = FileManager.default
        var info = stat()
        if lstat(destination.path, &info) == 0 {
            if sitegen_rename_exchange(staging.path, destination.path) == 0 {
                await FastFiles.removeTree(staging.path, jobs: jobs)
                return
            }
            guard errno == EINVAL || errno == ENOSYS else {
                throw WriteError(description: "cannot swap in \(destination.path): \(String(cString: strerror(errno)))")
            }
        } else if rename(staging.path, destination.path) == 0 {
            return
        }
        let hadOld = fm.fileExists(atPath: destination.path)
        if hadOld { try fm.moveItem(at: destination, to: retired) }
        do {
            try fm.moveItem(at: staging, to: destination)
        } catch {
            if hadOld { try? fm.moveItem(at: retired, to: destination) }
            throw error
        }
        if hadOld { await FastFiles.removeTree(retired.path, jobs: jobs) }
    }
}
