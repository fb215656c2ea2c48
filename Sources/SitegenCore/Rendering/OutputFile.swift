import Foundation

/// One file of the finished site, by its path inside the output folder.
///
/// Its bytes are in memory, or already written to the build's staging folder (`staged`): a
/// full `sitegen build` writes pages as they are rendered, so that a site's memory does not grow
/// with its number of pages (docs/architecture.md, "Streaming"). A staged file keeps its SHA-256
/// and size; `data` reads it back (nothing in a build needs to).
public struct OutputFile: Sendable, Equatable {
    /// Relative path with `/` separators, e.g. `hymns/12/index.html`.
    public let path: String
    /// The source file it came from, to name both sides when two sources claim one path.
    public let source: String?
    private let body: Body

    private enum Body: Sendable, Equatable {
        case bytes(Data)
        case staged(Staged)
    }

    /// Where a staged file's bytes are, and what they were.
    public struct Staged: Sendable, Equatable {
        /// Absolute path of the written file.
        public let location: String
        public let sha256: String
        public let count: Int
    }

    public init(path: String, data: Data, source: String? = nil) {
        self.path = path
        self.source = source
        self.body = .bytes(data)
    }

    public init(path: String, text: String, source: String? = nil) {
        self.init(path: path, data: Data(text.utf8), source: source)
    }

    private init(path: String, source: String?, body: Body) {
        (self.path, self.source, self.body) = (path, source, body)
    }

    /// The same file after its bytes were written to `location` (dropped from memory).
    public func staged(at location: String, sha256: String) -> OutputFile {
        OutputFile(path: path, source: source, body: .staged(Staged(location: location, sha256: sha256, count: byteCount)))
    }

    /// The same bytes at another path (without reading a staged file back).
    public func moved(to newPath: String) -> OutputFile {
        OutputFile(path: newPath, source: source, body: body)
    }

    /// The bytes; a staged file is read back from the staging folder.
    public var data: Data {
        switch body {
        case .bytes(let data): return data
        case .staged(let staged):
            // The staging folder belongs to this build under its lock: a failed read means it was
            // removed under us, which no build can recover from.
            guard let data = FileManager.default.contents(atPath: staged.location) else {
                fatalError("sitegen: the staged file \(staged.location) disappeared during the build")
            }
            return data
        }
    }

    public var byteCount: Int {
        switch body {
        case .bytes(let data): return data.count
        case .staged(let staged): return staged.count
        }
    }

    /// Set when the bytes were written to the staging folder.
    public var staged: Staged? {
        if case .staged(let staged) = body { return staged }
        return nil
    }

    /// `hymns/12/` → `hymns/12/index.html`; `` → `index.html`; `404.html` stays.
    public static func filePath(forPage sitePath: String) -> String {
        sitePath.isEmpty || sitePath.hasSuffix("/") ? sitePath + "index.html" : sitePath
    }
}
