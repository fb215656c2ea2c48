import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one way a command (`new`, `import`) changes files in `Content/`: confined, locked,
/// read-or-refuse, all-or-nothing.
///
/// - Every path is checked by `ContentPath.problem` before anything is read or written.
/// - One edit at a time per content folder: an advisory `flock(2)` on the folder itself (the
///   kernel drops it when the process dies in any way), so 20 `sitegen new meeting` at once each
///   read the file the one before wrote.
/// - `current` reads a file that exists or says it does not; a file that exists but cannot be
///   read (bad UTF-8, no permission) is an error, never "no file yet".
/// - `commit` writes every new file into `.sitegen-edit/` (hidden: the build never reads it),
///   then a journal naming them (the commit point, made by one rename), then renames each into
///   place. A kill before the journal leaves every file as before; a kill after it is finished by
///   the next edit, build or check (`recover`), so every file is as after.
public final class ContentEdit {
    public let content: SourceTree
    private let lock: OutputLock
    private var changes: [(relative: String, data: Data)] = []
    /// For tests: stop `commit` after this many of its steps (each file staged, the journal,
    /// each rename), leaving everything as a kill there would.
    var stopAfterSteps: Int?
    private var steps = 0
    struct Stopped: Error {}

    static let stagingName = ".sitegen-edit"
    static let journalName = "journal"

    /// Why an edit did not happen, as the lines to print (`path: error: …`).
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// Takes the content folder's lock (waiting for another edit), then finishes an edit a kill
    /// interrupted.
    public static func begin(_ content: SourceTree, waiting: @Sendable () -> Void = {}) async throws -> ContentEdit {
        try FileManager.default.createDirectory(at: content.url, withIntermediateDirectories: true)
        let lock = try await OutputLock.acquire(parent: content.url, waiting: waiting)
        let edit = ContentEdit(content: content, lock: lock)
        try edit.recoverLocked()
        return edit
    }

    private init(content: SourceTree, lock: OutputLock) {
        self.content = content
        self.lock = lock
    }

    deinit { lock.release() }

    /// The file's text as it is now; nil only when there is no file. Refuses a path outside the
    /// content folder and a file that exists but does not read as UTF-8 text.
    public func current(_ relative: String, limit: SourceLimit? = nil) throws -> SourceFile? {
        try confine(relative)
        let exists = pendingData(relative) != nil || content.fileExists(relative)
            || (try? FileManager.default.attributesOfItem(atPath: content.fileURL(relative).path)) != nil
        guard exists else { return nil }
        let diagnostics = Diagnostics()
        let file: SourceFile?
        if let pending = pendingData(relative) {
            file = SourceFile.decode(pending, url: content.fileURL(relative), displayPath: content.display(relative), diagnostics: diagnostics)
        } else {
            file = content.read(relative, diagnostics: diagnostics)
        }
        if let file, let limit { _ = file.isWithin(limit, diagnostics: diagnostics) }
        guard let file, diagnostics.errors.isEmpty else {
            throw Refused(description: diagnostics.all.map(\.description).joined(separator: "\n")
                + "\n\(content.display(relative)): note: left as it was; fix or move it and run the command again")
        }
        return file
    }

    /// Whether a file (or anything) is at `relative` now.
    public func exists(_ relative: String) throws -> Bool {
        try confine(relative)
        return pendingData(relative) != nil || (try? FileManager.default.attributesOfItem(atPath: content.fileURL(relative).path)) != nil
    }

    /// Plans `data` as the new contents of `relative`; nothing is written until `commit`.
    public func set(_ relative: String, _ data: Data) throws {
        try confine(relative)
        plan(relative, data)
    }

    /// Plans one of sitegen's own records (`strings/.copies.yml`, see `ContentPath.recordNames`),
    /// written in the same commit as the files it records: a copy and its record land together.
    public func setRecord(_ relative: String, _ data: Data) throws {
        try confine(relative, record: true)
        plan(relative, data)
    }

    private func plan(_ relative: String, _ data: Data) {
        changes.removeAll { $0.relative == relative }
        changes.append((relative, data))
    }

    /// The content folder as it will be after `commit`, for checking the planned files with the
    /// build's own readers before anything is written.
    public var planned: SourceTree {
        content.overlaying(Dictionary(changes.map { ($0.relative, $0.data) }, uniquingKeysWith: { _, last in last }))
    }

    /// Writes every planned file, all or none.
    public func commit() throws {
        guard !changes.isEmpty else { return }
        let staging = content.url.appendingPathComponent(Self.stagingName)
        try? FileManager.default.removeItem(at: staging)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        var journal: [String] = []
        for (index, change) in changes.enumerated() {
            let name = String(index)
            try durableWrite(change.data, to: staging.appendingPathComponent(name))
            try step()
            journal.append("\(name)\t\(change.relative)")
        }
        let journalText = Data((journal.joined(separator: "\n") + "\n").utf8)
        try durableWrite(journalText, to: staging.appendingPathComponent(Self.journalName + ".new"))
        try rename(staging.appendingPathComponent(Self.journalName + ".new"), staging.appendingPathComponent(Self.journalName))
        try step()
        changes = []
        try recoverLocked()
    }

    /// Finishes (or, before its commit point, forgets) an edit a kill interrupted. Call with the
    /// lock held.
    private func recoverLocked() throws {
        let staging = content.url.appendingPathComponent(Self.stagingName)
        let journalURL = staging.appendingPathComponent(Self.journalName)
        if let journal = try? String(contentsOf: journalURL, encoding: .utf8) {
            for line in journal.split(separator: "\n") {
                let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
                guard parts.count == 2, ContentPath.problem(parts[1], record: true) == nil else { continue }
                let staged = staging.appendingPathComponent(parts[0])
                guard FileManager.default.fileExists(atPath: staged.path) else { continue }  // already in place
                let target = content.fileURL(parts[1])
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try rename(staged, target)
                try step()
            }
        }
        if FileManager.default.fileExists(atPath: staging.path) { try FileManager.default.removeItem(at: staging) }
    }

    /// Finishes an edit a kill interrupted, if there is one (the build and check call this before
    /// reading, so they never read half an edit).
    public static func recover(_ content: SourceTree) async throws {
        guard FileManager.default.fileExists(atPath: content.url.appendingPathComponent(stagingName).path) else { return }
        _ = try await begin(content)
    }

    private func confine(_ relative: String, record: Bool = false) throws {
        if let problem = ContentPath.problem(relative, record: record) {
            throw Refused(description: "\(content.display(relative)): error: \(problem)")
        }
        if case .outside = content.guarded(relative) {
            throw Refused(description: "\(content.display(relative)): error: leads outside \(content.displayPath) (a symbolic link); sitegen writes only inside it")
        }
        // A folder on the way that is a link out of the content folder.
        let folders = relative.split(separator: "/").dropLast()
        for depth in stride(from: folders.count, through: 1, by: -1) {
            let parent = folders.prefix(depth).joined(separator: "/")
            if case .outside = content.guarded(parent) {
                throw Refused(description: "\(content.display(relative)): error: '\(parent)' leads outside \(content.displayPath) (a symbolic link); sitegen writes only inside it")
            }
        }
    }

    private func step() throws {
        steps += 1
        if let stop = stopAfterSteps, steps >= stop { throw Stopped() }
    }

    private func pendingData(_ relative: String) -> Data? { changes.last { $0.relative == relative }?.data }

    private func durableWrite(_ data: Data, to url: URL) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Refused(description: "\(url.path): error: cannot write: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Refused(description: "\(url.path): error: cannot write: \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
        guard fsync(fd) == 0 else { throw Refused(description: "\(url.path): error: cannot write: \(String(cString: strerror(errno)))") }
    }

    private func rename(_ from: URL, _ to: URL) throws {
        guard Glibc.rename(from.path, to.path) == 0 else {
            throw Refused(description: "\(content.display(String(to.path.dropFirst(content.url.path.count + 1)))): error: cannot replace: \(String(cString: strerror(errno)))")
        }
    }
}

/// The one check of every path a command is given below `Content/` (`--file`, `--name`, a
/// locality slug from an import file): relative, no `..`, no empty or hidden component (the
/// build skips hidden files, so a `.hidden` schedule would be written and never read).
public enum ContentPath {
    /// The hidden names of sitegen's own records in the content folder (`sitegen strings copy`'s
    /// `strings/.copies.yml` and `strings/.copies/<table>.yml`): hidden so the build never reads
    /// them as content; only `ContentEdit.setRecord` may write them.
    public static let recordNames: Set<String> = [StringCopies.fileName, StringCopies.baseFolder]

    /// `record`: the path is one of sitegen's records, whose hidden components must be `recordNames`.
    public static func problem(_ relative: String, record: Bool = false) -> String? {
        if relative.isEmpty { return "an empty name; give a file name" }
        if relative.hasPrefix("/") { return "an absolute path; give a path below the content folder" }
        for component in relative.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty { return "an empty folder or file name in the path" }
            if component == ".." { return "'..' would leave the content folder; sitegen writes only inside it" }
            if component.hasPrefix("."), !(record && recordNames.contains(String(component))) {
                return "'\(component)' starts with '.', and the build skips hidden files"
            }
            if component.hasSuffix("~") { return "'\(component)' ends with '~', and the build skips backup files" }
            if component.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                return "a control character in the name"
            }
        }
        return nil
    }
}
