import Foundation

/// Every output file of a run in the site's order, with what the next run compares against:
/// each path's place, the paths as a set (`BuiltSite`), the page count and the bytes.
///
/// An edit in `serve` leaves the paths as they were (a word changed, not a page added), and
/// the site holds about 18,000 files: hashing every path again, to index the files, check them
/// and find what to write, cost more than rendering the edited page (about 60 ms of a 100 ms
/// rebuild). So a run whose paths are the last run's, in the same order, takes the last run's
/// index and set as they are (`init(_:following:)`), and what it writes is found among the files it
/// made, not among all of them (`changes(since:fresh:)`, by place). A run whose paths differ from the last
/// run's at a few places only (the search index's content-named files after a settle) takes the
/// last run's index patched at those places, and checks only their paths.
struct SiteOutputs: Sendable {
    let files: [OutputFile]
    /// Each path's place in `files` (the first, when two files claim one path: the run then fails).
    let places: [String: Int]
    let built: BuiltSite
    /// Files whose path ends in `.html`.
    let pages: Int
    /// The places whose path is not the previous run's, when the previous run's index was taken
    /// and patched there (empty: the same paths); their paths are plain and claimed by no other
    /// file, in any case. nil: indexed anew (and to be checked whole, `OutputWriter.validate`).
    let moved: [Int]?
    /// The places of the paths with a capital or non-ASCII letter, by their lower case (the
    /// few a case-insensitive file system could merge with another; `OutputWriter.lowercased`).
    private let folded: [String: Int]

    /// Whether the paths are the previous run's, in the same order (so the index was reused).
    var samePaths: Bool { moved?.isEmpty == true }

    /// By index: iterating the files would copy each (retain and release its path and bytes).
    var bytes: Int {
        var total = 0
        for index in files.indices { total += files[index].byteCount }
        return total
    }

    /// The outputs of a run after `previous` (nil: the first run or a full build).
    init(_ files: [OutputFile], following previous: SiteOutputs?) {
        self.files = files
        // Equal strings that share storage compare without reading their bytes, and the files
        // a run kept are the previous run's own values: this is a pass over pointers.
        if let previous, previous.files.count == files.count {
            let moved = files.indices.filter { previous.files[$0].path != files[$0].path }
            if moved.isEmpty {
                (places, built, pages, folded, self.moved) = (previous.places, previous.built, previous.pages, previous.folded, [])
                return
            }
            if moved.count <= files.count / 16, let patched = Self.patched(previous, files, at: moved) {
                (places, built, pages, folded, self.moved) = (patched.places, patched.built, patched.pages, patched.folded, moved)
                return
            }
        }
        places = Dictionary(files.enumerated().map { ($1.path, $0) }) { first, _ in first }
        built = BuiltSite(paths: Set(places.keys))
        pages = files.count { $0.path.hasSuffix(".html") }
        var folded: [String: Int] = [:]
        for index in files.indices {
            let path = files[index].path
            let lower = OutputWriter.lowercased(path)
            if lower != path, folded[lower] == nil { folded[lower] = index }
        }
        self.folded = folded
        moved = nil
    }

    /// The previous run's index with the paths at `moved` replaced by these files' paths; nil
    /// when one of them is not a plain path or is claimed by another file, in any case (the run
    /// indexes and checks them all, and reports it as a full build would).
    private static func patched(_ previous: SiteOutputs, _ files: [OutputFile], at moved: [Int])
        -> (places: [String: Int], built: BuiltSite, pages: Int, folded: [String: Int])? {
        var (places, paths, pages, folded) = (previous.places, previous.built.paths, previous.pages, previous.folded)
        // The previous paths were checked: each is at its own place alone.
        for index in moved {
            let old = previous.files[index].path
            places[old] = nil
            paths.remove(old)
            if old.hasSuffix(".html") { pages -= 1 }
            let lower = OutputWriter.lowercased(old)
            if lower != old, folded[lower] == index { folded[lower] = nil }
        }
        for index in moved {
            let path = files[index].path
            // Taken in lower case: by a path that is its own lower case, or by one folded to it.
            guard OutputWriter.refusal(of: path, taken: { places[$0] ?? folded[$0] }) == nil else { return nil }
            let lower = OutputWriter.lowercased(path)
            places[path] = index
            paths.insert(path)
            if path.hasSuffix(".html") { pages += 1 }
            if lower != path { folded[lower] = index }
        }
        return (places, BuiltSite(paths: paths), pages, folded)
    }

    /// What to write after `old` (the run these outputs followed) to have these outputs on
    /// disk: the files made in this run (`fresh`) whose bytes differ, the files new at their
    /// path; and the paths to delete.
    func changes(since old: SiteOutputs, fresh: FreshOutputs) -> (write: [OutputFile], remove: [String]) {
        // Each place made in this run, by place: the thousands of files of a feature made again
        // (the search index's) are marked by their range, not looked up by path.
        var made = [Bool](repeating: false, count: files.count)
        for range in fresh.places { made.replaceSubrange(range, with: repeatElement(true, count: range.count)) }
        for path in fresh.paths { if let place = places[path] { made[place] = true } }
        if let moved {   // every other path is at its old place: only a file made again or moved can differ
            var isMoved = [Bool](repeating: false, count: files.count)
            for index in moved { (made[index], isMoved[index]) = (true, true) }
            let write = files.indices.filter { index in
                guard made[index] else { return false }
                guard let before = isMoved[index] ? old.places[files[index].path] : index else { return true }
                return files[index].data != old.files[before].data
            }
            return (write.map { files[$0] }, moved.map { old.files[$0].path }.filter { places[$0] == nil })
        }
        let write = files.indices.filter { index in
            guard let place = old.places[files[index].path] else { return true }
            return made[index] && old.files[place].data != files[index].data
        }
        return (write.map { files[$0] }, old.places.keys.filter { places[$0] == nil })
    }
}

/// What a run made, as `SiteOutputs.changes` looks for it: the paths of the pages it rendered and
/// of the few other files it made again (a kind's feeds, the static files), and the places in the
/// run's files of the features' files it made again (ranges: a feature's files are together).
struct FreshOutputs: Sendable, Equatable {
    var paths: Set<String> = []
    var places: [Range<Int>] = []
}
