import Foundation

/// A folder the user gave on the command line. Lists files below it in a stable order and
/// never leaves it: symbolic links that point outside are refused.
public struct SourceTree: Sendable {
    public let url: URL
    /// How the folder is printed in messages (`Content`, `/abs/path/Templates`, …).
    public let displayPath: String
    /// File contents read ahead of parsing (see `preloaded(jobs:)`); nil: read from disk on demand.
    public let preloaded: PreloadedFiles?

    public init(url: URL, displayPath: String, preloaded: PreloadedFiles? = nil) {
        self.url = url.standardizedFileURL
        self.displayPath = displayPath
        self.preloaded = preloaded
    }

    public var exists: Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue
    }

    public func subtree(_ relative: String) -> SourceTree {
        SourceTree(url: url.appendingPathComponent(relative), displayPath: display(relative), preloaded: preloaded)
    }

    /// The printed path of a file below this folder.
    public func display(_ relative: String) -> String {
        displayPath.isEmpty || displayPath == "." ? relative : displayPath + "/" + relative
    }

    public func fileURL(_ relative: String) -> URL { url.appendingPathComponent(relative) }

    public func fileExists(_ relative: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: fileURL(relative).path, isDirectory: &isDir) && !isDir.boolValue
    }

    /// Relative paths (with `/`) of the regular files below this folder, sorted, hidden files
    /// and folders skipped; `extensions` filters by file extension (lowercased, without dot).
    public func files(withExtensions extensions: Set<String>? = nil, diagnostics: Diagnostics) -> [String] {
        guard exists else { return [] }
        let root = url.resolvingSymlinksInPath().path
        var result: [String] = []
        guard let walker = FileManager.default.enumerator(
            at: url, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { return [] }
        for case let file as URL in walker {
            let relative = relativePath(of: file)
            // lstat/stat directly: `resourceValues` plus `fileExists` cost several times more per file.
            var info = stat()
            guard lstat(file.path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFLNK {
                let target = file.resolvingSymlinksInPath().path
                if !(target == root || target.hasPrefix(root + "/")) {
                    diagnostics.error("symbolic link points outside \(displayPath); refusing to read it",
                                      at: SourceLocation(path: display(relative)))
                    var pointee = stat()
                    if stat(file.path, &pointee) == 0 && (pointee.st_mode & S_IFMT) == S_IFDIR { walker.skipDescendants() }
                    continue
                }
                guard stat(file.path, &info) == 0 else { continue }  // what the link points to
            }
            guard (info.st_mode & S_IFMT) != S_IFDIR else { continue }
            if let extensions, !extensions.contains(file.pathExtension.lowercased()) { continue }
            result.append(relative)
        }
        return result.sorted()
    }

    private func relativePath(of file: URL) -> String {
        let base = url.path.hasSuffix("/") ? url.path : url.path + "/"
        let full = file.standardizedFileURL.path
        return full.hasPrefix(base) ? String(full.dropFirst(base.count)) : file.lastPathComponent
    }

    /// Reads one file below this folder as validated text.
    public func read(_ relative: String, diagnostics: Diagnostics) -> SourceFile? {
        let file = fileURL(relative)
        if let data = preloaded?.data(at: file) {
            return SourceFile.decode(data, url: file, displayPath: display(relative), diagnostics: diagnostics)
        }
        return SourceFile.read(file, displayPath: display(relative), diagnostics: diagnostics)
    }

    /// The bytes of one file below this folder (for files copied as they are); nil if unreadable.
    public func data(_ relative: String) -> Data? {
        let file = fileURL(relative)
        return preloaded?.data(at: file) ?? FileManager.default.contents(atPath: file.path)
    }

    /// This folder with every file below it read into memory on all cores, so that the build's
    /// "load" stage (disk) and "parse" stage (CPU) are separate and each timed honestly.
    /// Problems are not reported here: the parse stage lists and reads again and reports them.
    public func preloaded(jobs: Int) async -> SourceTree {
        let quiet = Diagnostics()
        let urls = files(diagnostics: quiet).map(fileURL)
        let contents = await concurrentMap(urls, jobs: jobs) { url in (url.standardizedFileURL.path, FileManager.default.contents(atPath: url.path)) }
        var table: [String: Data] = preloaded?.table ?? [:]
        for (path, data) in contents { if let data { table[path] = data } }
        return SourceTree(url: url, displayPath: displayPath, preloaded: PreloadedFiles(table))
    }
}

/// File contents by absolute path, read once by `SourceTree.preloaded(jobs:)`; immutable.
public final class PreloadedFiles: Sendable {
    let table: [String: Data]
    init(_ table: [String: Data]) { self.table = table }

    public var count: Int { table.count }
    public var bytes: Int { table.values.reduce(0) { $0 + $1.count } }
    func data(at url: URL) -> Data? { table[url.standardizedFileURL.path] }
}
