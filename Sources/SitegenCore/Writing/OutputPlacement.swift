import Foundation

/// Whether an output folder is safe to replace as a whole, given the source folders.
///
/// A build replaces its output folder, so an output that is a source folder, holds one
/// (`--output .` beside `Content/`) or lies inside one (`--output Content/static/out`, which
/// was then copied into itself on every build) would delete or corrupt the user's sources.
/// This is refused whatever `--force` says: `--force` only vouches that an unknown folder may go.
public enum OutputPlacement {
    /// Why `output` may not be used, or nil. `sources`: each source folder with its printed name.
    public static func problem(output: URL, sources: [(name: String, url: URL)]) -> String? {
        let out = resolved(output)
        for source in sources {
            let src = resolved(source.url)
            if out == src { return "the output folder \(output.path) is the \(source.name) folder; choose another --output" }
            if isInside(out, src) {
                return "the output folder \(output.path) lies inside the \(source.name) folder \(source.url.path); choose another --output"
            }
            if isInside(src, out) {
                return "the output folder \(output.path) contains the \(source.name) folder \(source.url.path), which a build would delete; choose another --output"
            }
        }
        return nil
    }

    static func isInside(_ path: String, _ folder: String) -> Bool {
        path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// The path with symbolic links resolved as far as it exists (the output may not exist yet).
    static func resolved(_ url: URL) -> String {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        var path = existing.resolvingSymlinksInPath().path
        for part in rest { path = path == "/" ? "/" + part : path + "/" + part }
        return path
    }
}
