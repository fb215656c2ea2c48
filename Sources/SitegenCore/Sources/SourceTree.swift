import Foundation

/// A folder the user gave on the command line. Lists files below it in a stable order and
/// never leaves it: symbolic links that point outside are refused.
public struct SourceTree: Sendable {
    public let url: URL
    /// How the folder is printed in messages (`Content`, `/abs/path/Templates`, …).
    public let displayPath: String

    public init(url: URL, displayPath: String) {
        self.url = url.standardizedFileURL
        self.displayPath = displayPath
    }

    public var exists: Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue
    }

    public func subtree(_ relative: String) -> SourceTree {
        SourceTree(url: url.appendingPathComponent(relative), displayPath: display(relative))
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
        let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey, .isSymbolicLinkKey]
        guard let walker = FileManager.default.enumerator(
            at: url, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]) else { return [] }
        for case let file as URL in walker {
            let relative = relativePath(of: file)
            let values = try? file.resourceValues(forKeys: Set(keys))
            if values?.isSymbolicLink == true {
                let target = file.resolvingSymlinksInPath().path
                if !(target == root || target.hasPrefix(root + "/")) {
                    diagnostics.error("symbolic link points outside \(displayPath); refusing to read it",
                                      at: SourceLocation(path: display(relative)))
                    if values?.isDirectory == true { walker.skipDescendants() }
                    continue
                }
            }
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDir), !isDir.boolValue else { continue }
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
        SourceFile.read(fileURL(relative), displayPath: display(relative), diagnostics: diagnostics)
    }
}
