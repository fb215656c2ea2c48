/// The engine's inputs from the user's folders, and the one query that reads a source file.
///
/// A full build sets no input: every query reads the files as they are on disk. A session
/// (`sitegen serve`) sets `SourceDigest` for each file it saw change (its new digest, or removed)
/// and `SourceFolder` for each folder whose files it saw added or removed, before it builds
/// again; the queries that read them are then computed again, and only they.

/// A source file's bytes as the session last saw them, by their SHA-256 (absolute standardized path).
public struct SourceDigest: InputKey {
    public typealias Value = String
    public let path: String

    public init(path: String) { self.path = path }
}

/// The files below a source folder (absolute standardized paths, sorted): which files there are,
/// not what is in them.
public struct SourceFolder: InputKey {
    public typealias Value = [String]
    public let path: String

    public init(path: String) { self.path = path }
}

/// How one kind of source file becomes a value (a hymn file a `Hymn?`). Its stored properties are
/// what else the value depends on (the versification a Bible file is checked against) and are
/// part of the query's key; what it reads through `queries` is recorded.
public protocol SourceFileReader: Hashable, Sendable {
    associatedtype Value: Sendable & Equatable
    func read(_ tree: SourceTree, _ relative: String, _ queries: Queries) -> Value
}

/// One source file read by a reader: computed again when the file changed (its `SourceDigest`
/// input) or when something the reader read did. The problems it reported are reported again
/// with the value.
public struct SourceRead<Reader: SourceFileReader>: QueryKey {
    public typealias Value = Reader.Value
    public let tree: SourceTree
    public let relative: String
    public let reader: Reader

    public init(_ relative: String, in tree: SourceTree, reader: Reader) {
        self.tree = tree
        self.relative = relative
        self.reader = reader
    }

    public func compute(_ queries: Queries) -> Reader.Value {
        _ = queries.input(SourceDigest(path: tree.fileURL(relative).path))
        return reader.read(tree, relative, queries)
    }

    // Keyed by the file's path (the tree's printed path comes with its location) and the reader.
    public static func == (a: Self, b: Self) -> Bool {
        a.relative == b.relative && a.reader == b.reader && a.tree.url == b.tree.url && a.tree.displayPath == b.tree.displayPath
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(relative)
        hasher.combine(tree.url)
        hasher.combine(reader)
    }
}

/// The files of a folder as its reader lists them (`SourceTree.files`): listed again only when a
/// file below it was added or removed (a listing costs ~15 ms for the hymnal's 366 files).
public struct SourceListing: QueryKey {
    public typealias Value = [String]
    public let tree: SourceTree
    public let extensions: Set<String>?

    public init(_ tree: SourceTree, extensions: Set<String>?) {
        self.tree = tree
        self.extensions = extensions
    }

    public func compute(_ queries: Queries) -> [String] {
        _ = queries.input(SourceFolder(path: tree.url.path))
        return tree.files(withExtensions: extensions, diagnostics: queries.diagnostics)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.extensions == b.extensions && a.tree.url == b.tree.url && a.tree.displayPath == b.tree.displayPath
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tree.url)
        hasher.combine(extensions)
    }
}

extension QueryEngine {
    /// A source file read by `reader`, its problems reported to `diagnostics`.
    public func read<Reader: SourceFileReader>(_ relative: String, in tree: SourceTree, with reader: Reader,
                                               diagnostics: Diagnostics) -> Reader.Value {
        value(SourceRead(relative, in: tree, reader: reader), diagnostics: diagnostics)
    }

    /// The files below `tree` (see `SourceTree.files`), its problems reported to `diagnostics`.
    public func files(in tree: SourceTree, withExtensions extensions: Set<String>? = nil, diagnostics: Diagnostics) -> [String] {
        value(SourceListing(tree, extensions: extensions), diagnostics: diagnostics)
    }
}
