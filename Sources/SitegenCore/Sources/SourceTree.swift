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

    /// Relative paths (with `/`) of the regular files below this folder, sorted (see
    /// `SourceScan` for what is skipped); `extensions` filters by file extension (lowercased,
    /// without dot). A symbolic link pointing outside this folder is an error, never read.
    public func files(withExtensions extensions: Set<String>? = nil, diagnostics: Diagnostics) -> [String] {
        guard exists else { return [] }
        let root = url.resolvingSymlinksInPath().path
        func inside(_ target: String) -> Bool { target == root || target.hasPrefix(root + "/") }
        var result: [String] = []
        SourceScan.walk(url) { relative, entry in
            switch entry {
            case .file: break
            case .linkedFile(let target) where inside(target): break
            case .linkedFolder(let target) where inside(target): return   // its files are listed where they are
            case .linkedFile, .linkedFolder:
                diagnostics.error("symbolic link points outside \(displayPath); refusing to read it",
                                  at: SourceLocation(path: display(relative)))
                return
            }
            if let extensions, !extensions.contains((relative as NSString).pathExtension.lowercased()) { return }
            result.append(relative)
        }
        return result.sorted()
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
