import Foundation

/// One file of the finished site, by its path inside the output folder.
public struct OutputFile: Sendable {
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

/// Maps `transform` over `items` on all cores, keeping order. Work is cut into sixteen chunks per
/// core: few enough that thousands of small pages do not become thousands of tasks, many enough
/// that one slow chunk (the Bible's index page, the Psalms) does not leave the other cores idle.
public func concurrentMap<T: Sendable, R: Sendable>(
    _ items: [T], jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
    _ transform: @escaping @Sendable (T) -> R
) async -> [R] {
    let chunkCount = max(1, min(items.count, max(jobs, 1) * 16))
    guard items.count > 1, jobs > 1 else { return items.map(transform) }
    let chunkSize = (items.count + chunkCount - 1) / chunkCount
    return await withTaskGroup(of: (Int, [R]).self) { group in
        for start in stride(from: 0, to: items.count, by: chunkSize) {
            let slice = Array(items[start..<min(start + chunkSize, items.count)])
            group.addTask { (start, slice.map(transform)) }
        }
        var parts: [(Int, [R])] = []
        for await part in group { parts.append(part) }
        return parts.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }
}
