/// A kind's pages, in the order they are written: every page's site path at once, its spec
/// (with its values) only when asked for.
///
/// `sitegen build` renders and writes the pages a batch at a time (`StagedOutput`); a list lets
/// it make each batch's specs just before rendering them and drop them after, so memory holds a
/// batch of specs and not the whole site's (the Bible's chapter texts and side-by-side rows are
/// larger than its model). The paths are known first because the pipeline needs the site's
/// paths before it renders (a feature's page replaces a kind's in place; the offline list and
/// the sitemap list them).
///
/// `spec(at:)` must give the same spec every time it is asked (a pure function of the model and
/// the render context), and `paths[i] == spec(at: i).path`.
public struct PageList: Sendable {
    /// Site path of each page (`PageSpec.path`), in the order written.
    public let paths: [String]
    /// The specs when they were all made at once (`init(_:)`), else nil.
    public let made: [PageSpec]?
    private let make: @Sendable (Int) -> PageSpec
    /// Each path's place in `paths` (the first, if two pages claim one). Made with the list, so
    /// that a rebuild, which keeps the lists of the kinds that did not change, finds a page by its
    /// path without hashing every path of the site again.
    private let places: [String: Int]

    /// Pages made when asked for: `make(i)` is the spec at `paths[i]`.
    public init(paths: [String], make: @escaping @Sendable (Int) -> PageSpec) {
        self.paths = paths
        self.made = nil
        self.make = make
        places = Self.places(paths)
    }

    /// Pages already made.
    public init(_ specs: [PageSpec]) {
        self.init(paths: specs.map(\.path), made: specs)
    }

    /// Pages already made, with `previous`'s index of paths when the paths are its own, in
    /// its order (a rebuild after a word changed: no path hashed again).
    public init(_ specs: [PageSpec], following previous: PageList?) {
        let paths = specs.map(\.path)
        guard let previous, previous.paths == paths else {
            self.init(paths: paths, made: specs)
            return
        }
        self.init(paths: previous.paths, made: specs, places: previous.places)
    }

    private init(paths: [String], made specs: [PageSpec], places: [String: Int]? = nil) {
        self.paths = paths
        self.made = specs
        self.make = { specs[$0] }
        self.places = places ?? Self.places(paths)
    }

    private static func places(_ paths: [String]) -> [String: Int] {
        Dictionary(paths.enumerated().map { ($1, $0) }) { first, _ in first }
    }

    /// The place of the (first) page at this site path.
    public func index(of path: String) -> Int? { places[path] }

    public var count: Int { paths.count }

    public func spec(at index: Int) -> PageSpec { made?[index] ?? make(index) }

    /// Every spec, made now if they were not.
    public var all: [PageSpec] { made ?? paths.indices.map(make) }

    /// The same list with the pages at these paths replaced by these specs (a feature's page in
    /// the place of a kind's); the paths stay as they were.
    public func replacing(_ specs: [String: PageSpec]) -> PageList {
        let here = specs.filter { places[$0.key] != nil }
        if here.isEmpty { return self }
        if let made { return PageList(paths: paths, made: made.map { here[$0.path] ?? $0 }) }
        let paths = self.paths
        return PageList(paths: paths) { [self] index in here[paths[index]] ?? spec(at: index) }
    }
}
