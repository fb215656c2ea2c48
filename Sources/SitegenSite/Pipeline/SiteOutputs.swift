import Foundation

/// Every output file of a run in the site's order, with what the next run compares against:
/// each path's place, the paths as a set (`BuiltSite`), the page count and the bytes.
///
/// An edit in `serve` leaves the paths as they were (a word changed, not a page added), and
/// the site holds about 18,000 files: hashing every path again, to index the files, check them
/// and find what to write, cost more than rendering the edited page (about 60 ms of a 100 ms
/// rebuild). So a run whose paths are the last run's, in the same order, takes the last run's
/// index and set as they are (`init(_:following:)`), and what it writes is found among the files it
/// made, not among all of them (`changes(since:fresh:)`).
struct SiteOutputs: Sendable {
    let files: [OutputFile]
    /// Each path's place in `files` (the first, when two files claim one path: the run then fails).
    let places: [String: Int]
    let built: BuiltSite
    /// Files whose path ends in `.html`.
    let pages: Int
    /// Whether the paths are the previous run's, in the same order (so the index was reused).
    let samePaths: Bool

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
        if let previous, previous.files.count == files.count,
           files.indices.allSatisfy({ previous.files[$0].path == files[$0].path }) {
            (places, built, pages, samePaths) = (previous.places, previous.built, previous.pages, true)
            return
        }
        places = Dictionary(files.enumerated().map { ($1.path, $0) }) { first, _ in first }
        built = BuiltSite(paths: Set(places.keys))
        pages = files.count { $0.path.hasSuffix(".html") }
        samePaths = false
    }

    /// What to write after `old` to have these outputs on disk: the files made in this run
    /// (`fresh`) whose bytes differ, the files new at their path; and the paths to delete.
    func changes(since old: SiteOutputs, fresh: Set<String>) -> (write: [OutputFile], remove: [String]) {
        if samePaths {   // every path is at its old place: only a file made again can differ
            let made = fresh.compactMap { places[$0] }.sorted()
            return (made.filter { files[$0].data != old.files[$0].data }.map { files[$0] }, [])
        }
        let write = files.filter { file in
            guard let place = old.places[file.path] else { return true }
            return fresh.contains(file.path) && old.files[place].data != file.data
        }
        return (write, old.places.keys.filter { places[$0] == nil })
    }
}
