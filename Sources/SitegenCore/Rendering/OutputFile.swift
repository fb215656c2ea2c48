import Foundation

/// One file of the finished site, by its path inside the output folder.
public struct OutputFile: Sendable, Equatable {
    /// Relative path with `/` separators, e.g. `hymns/12/index.html`.
    public let path: String
    public let data: Data
    /// The source file it came from, to name both sides when two sources claim one path.
    public let source: String?

    public init(path: String, data: Data, source: String? = nil) {
        self.path = path
        self.data = data
        self.source = source
    }

    public init(path: String, text: String, source: String? = nil) {
        self.init(path: path, data: Data(text.utf8), source: source)
    }

    /// `hymns/12/` → `hymns/12/index.html`; `` → `index.html`; `404.html` stays.
    public static func filePath(forPage sitePath: String) -> String {
        sitePath.isEmpty || sitePath.hasSuffix("/") ? sitePath + "index.html" : sitePath
    }
}
