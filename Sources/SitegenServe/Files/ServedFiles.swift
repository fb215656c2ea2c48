import Foundation

/// Finds the file for a checked request path inside the output folder, and nowhere else.
///
/// The output folder is looked up afresh on every request, because a full build swaps in a new
/// folder under the same name. A symbolic link is followed only if where it leads is still inside
/// the output folder: the real paths of both are compared, so a link out of it is a 404.
public struct ServedFiles: Sendable {
    public let root: URL

    public init(root: URL) { self.root = root.standardizedFileURL }

    public enum Lookup: Equatable {
        case file(URL)
        /// A folder asked for without its trailing slash: redirect so relative links resolve.
        case addSlash
        case notFound
    }

    public func lookup(_ path: RequestPath) -> Lookup {
        guard let rootReal = Self.realPath(root.path) else { return .notFound }
        let candidate = root.path + "/" + path.relativeFile
        guard let real = Self.realPath(candidate), real.hasPrefix(rootReal + "/") else { return .notFound }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isFolder) else { return .notFound }
        if isFolder.boolValue {
            return path.isFolder ? .notFound : .addSlash
        }
        return .file(URL(fileURLWithPath: real))
    }

    /// The site's own 404 page, if the build made one.
    public var notFoundPage: URL? {
        if case .file(let url) = lookup(RequestPath(segments: ["404.html"], isFolder: false)) { return url }
        return nil
    }

    /// The canonical path with every symbolic link resolved, or nil if it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
