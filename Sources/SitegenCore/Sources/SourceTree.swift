import Foundation
import Synchronization

/// A folder the user gave on the command line. Lists files below it in a stable order and
/// never leaves it: symbolic links that point outside are refused.
///
/// Every file sitegen reads from the user's folders goes through `guarded(_:)` (listing, `read`,
/// `data`), the one place that decides whether a path stays inside: a fixed-name file such as
/// `site.yml` is checked exactly like a listed one, before a single byte of it is read.
public struct SourceTree: Sendable {
    public let url: URL
    /// How the folder is printed in messages (`Content`, `/abs/path/Templates`, …).
    public let displayPath: String
    /// File contents read ahead of parsing (see `preloaded(jobs:)`); nil: read from disk on demand.
    public let preloaded: PreloadedFiles?
    /// The folder the user gave (a subtree keeps its tree's): nothing outside it is read.
    public let boundary: Boundary

    /// The user's folder, as given and as resolved (symbolic links followed).
    public struct Boundary: Sendable {
        public let displayPath: String
        let resolvedPath: String

        init(url: URL, displayPath: String) {
            self.displayPath = displayPath
            resolvedPath = url.resolvingSymlinksInPath().path
        }

        /// Whether a resolved path is the folder or below it.
        func contains(_ resolved: String) -> Bool {
            resolved == resolvedPath || resolved.hasPrefix(resolvedPath.hasSuffix("/") ? resolvedPath : resolvedPath + "/")
        }
    }

    public init(url: URL, displayPath: String, preloaded: PreloadedFiles? = nil) {
        self.init(url: url, displayPath: displayPath, preloaded: preloaded,
                  boundary: Boundary(url: url.standardizedFileURL, displayPath: displayPath))
    }

    private init(url: URL, displayPath: String, preloaded: PreloadedFiles?, boundary: Boundary) {
        self.url = url.standardizedFileURL
        self.displayPath = displayPath
        self.preloaded = preloaded
        self.boundary = boundary
    }

    public var exists: Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue
    }

    public func subtree(_ relative: String) -> SourceTree {
        SourceTree(url: url.appendingPathComponent(relative), displayPath: display(relative), preloaded: preloaded, boundary: boundary)
    }

    /// The printed path of a file below this folder.
    public func display(_ relative: String) -> String {
        displayPath.isEmpty || displayPath == "." ? relative : displayPath + "/" + relative
    }

    public func fileURL(_ relative: String) -> URL { url.appendingPathComponent(relative) }

    /// A regular file (or a link to one) is there: not a folder, FIFO or device, which the
    /// readers refuse (the layout must not link a `custom.css` that is never written).
    public func fileExists(_ relative: String) -> Bool {
        SourceScan.regularFile(fileURL(relative).path).isRegular
    }

    /// Relative paths (with `/`) of the regular files below this folder, sorted (see
    /// `SourceScan` for what is skipped); `extensions` filters by file extension (lowercased,
    /// without dot). A symbolic link pointing outside this folder is an error, never read.
    public func files(withExtensions extensions: Set<String>? = nil, diagnostics: Diagnostics) -> [String] {
        guard exists else { return [] }
        var result: [String] = []
        SourceScan.walk(url) { relative, entry in
            switch entry {
            case .file: break
            case .special(let what):
                reportSpecial(relative, what: what, diagnostics: diagnostics)
                return
            case .linkedFile, .linkedFolder:
                if case .outside = guarded(relative) {
                    reportOutside(relative, diagnostics: diagnostics)
                    return
                }
                if case .linkedFolder = entry { return }   // its files are listed where they are
            }
            if let extensions, !extensions.contains((relative as NSString).pathExtension.lowercased()) { return }
            result.append(relative)
        }
        return result.sorted()
    }

    /// Where a relative path leads, checked before anything is opened.
    public enum Guarded: Equatable {
        /// Inside the user's folder (after following every symbolic link): read this resolved path
        /// (not the original one, so a link swapped after the check is not followed).
        case inside(String)
        /// Through a symbolic link, or `..`, to somewhere outside the user's folder.
        case outside
        /// Nothing there (or a dangling link).
        case missing
    }

    /// The one check every read goes through: the path with all symbolic links resolved must lie
    /// inside the folder the user gave.
    public func guarded(_ relative: String) -> Guarded {
        let path = fileURL(relative).path
        guard let resolved = realpath(path, nil) else {
            // A `..` that climbs out is refused even when the target does not exist.
            return relative.split(separator: "/").contains("..") ? .outside : .missing
        }
        defer { free(resolved) }
        let text = String(cString: resolved)
        return boundary.contains(text) ? .inside(text) : .outside
    }

    private func reportOutside(_ relative: String, diagnostics: Diagnostics) {
        // Worded by the user's folder, not this subtree, so listing and reading report it once.
        diagnostics.error("symbolic link points outside \(boundary.displayPath); refusing to read it",
                          at: SourceLocation(path: display(relative)))
    }

    private func reportSpecial(_ relative: String, what: String, diagnostics: Diagnostics) {
        diagnostics.error("is \(what), not a regular file; refusing to read it (make it an ordinary file or remove it)",
                          at: SourceLocation(path: display(relative)))
    }

    /// Reads one file below this folder as validated text.
    public func read(_ relative: String, diagnostics: Diagnostics) -> SourceFile? {
        let file = fileURL(relative)
        if let data = preloaded?.data(at: file) {
            return SourceFile.decode(data, url: file, displayPath: display(relative), diagnostics: diagnostics)
        }
        switch guarded(relative) {
        case .outside:
            reportOutside(relative, diagnostics: diagnostics)
            return nil
        case .missing:
            return SourceFile.read(file, displayPath: display(relative), diagnostics: diagnostics)
        case .inside(let resolved):
            let kind = SourceScan.regularFile(resolved)
            guard kind.isRegular else {
                reportSpecial(relative, what: kind.what, diagnostics: diagnostics)
                return nil
            }
            guard let data = FileManager.default.contents(atPath: resolved) else {
                diagnostics.error("cannot read file", at: SourceLocation(path: display(relative)))
                return nil
            }
            return SourceFile.decode(data, url: file, displayPath: display(relative), diagnostics: diagnostics)
        }
    }

    /// The bytes of one file below this folder (for files copied as they are); nil if unreadable
    /// or outside the user's folder.
    public func data(_ relative: String) -> Data? {
        let file = fileURL(relative)
        if let data = preloaded?.data(at: file) { return data }
        guard case .inside(let resolved) = guarded(relative), SourceScan.regularFile(resolved).isRegular else { return nil }
        return FileManager.default.contents(atPath: resolved)
    }

    /// This folder with every file below it read into memory on all cores, so that the build's
    /// "load" stage (disk) and "parse" stage (CPU) are separate and each timed honestly.
    /// Problems are not reported here: the parse stage lists and reads again and reports them.
    public func preloaded(jobs: Int) async -> SourceTree {
        let quiet = Diagnostics()
        let urls = files(diagnostics: quiet).map(fileURL)
        let contents = await concurrentMap(urls, jobs: jobs) { url in (url.standardizedFileURL.path, FileManager.default.contents(atPath: url.path)) }
        // (`files` listed only paths that stay inside: a link that points out is never preloaded.)
        var table: [String: Data] = preloaded?.files ?? [:]
        for (path, data) in contents { if let data { table[path] = data } }
        return SourceTree(url: url, displayPath: displayPath, preloaded: PreloadedFiles(table), boundary: boundary)
    }
}

extension SourceTree {
    /// This folder as it would be with `files` (relative paths → new bytes) written: what an
    /// edit checks with the build's own readers before it writes anything.
    public func overlaying(_ files: [String: Data]) -> SourceTree {
        var table: [String: Data] = preloaded?.files ?? [:]
        for (relative, data) in files { table[fileURL(relative).standardizedFileURL.path] = data }
        return SourceTree(url: url, displayPath: displayPath, preloaded: PreloadedFiles(table), boundary: boundary)
    }
}

/// File contents by absolute path, read once by `SourceTree.preloaded(jobs:)`, until the build
/// that read them lets go of them (`release`): the engine's queries keep the tree they read
/// (`SourceRead`), not the bytes; a file read after that is read from disk.
public final class PreloadedFiles: Sendable {
    private let table: Mutex<[String: Data]>
    init(_ table: [String: Data]) { self.table = Mutex(table) }

    var files: [String: Data] { table.withLock { $0 } }
    public var count: Int { table.withLock { $0.count } }
    public var bytes: Int { table.withLock { $0.values.reduce(0) { $0 + $1.count } } }
    func data(at url: URL) -> Data? { table.withLock { $0[url.standardizedFileURL.path] } }

    /// Lets go of the bytes (the sources are in the models now).
    public func release() { table.withLock { $0 = [:] } }
}
