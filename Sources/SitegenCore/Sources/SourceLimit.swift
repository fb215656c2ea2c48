import Foundation

/// The largest file of each kind that is read (docs/reliability.md, "Limits"). Checked before a
/// file is parsed: a parse costs many times the file's size (a 180 MB schedule took 9 GB, a 50 MB
/// template 1.3 GB), and none a person writes comes near. Importers check their inputs and
/// the files they write against the same limits, so they never write a file the build refuses.
public struct SourceLimit: Sendable {
    public let bytes: Int
    /// What the file is, as the error names it ("a schedule file").
    public let what: String

    public init(bytes: Int, what: String) {
        self.bytes = bytes
        self.what = what
    }

    /// `Content/schedule/*.yml`: a year of daily meetings is ~150 KB.
    public static let schedule = SourceLimit(bytes: 1024 * 1024, what: "a schedule file")
    /// `Content/site.yml`.
    public static let site = SourceLimit(bytes: 64 * 1024, what: "site.yml")
    /// `Content/strings/*.yml`: the built-in English table is 20 KB.
    public static let strings = SourceLimit(bytes: 256 * 1024, what: "a strings file")
    /// A Mustache template (the largest built-in one is 7 KB).
    public static let template = SourceLimit(bytes: 256 * 1024, what: "a template")
    /// `Content/localities/*.md`: front matter and a description (itself within `MarkdownLimits`).
    public static let locality = SourceLimit(bytes: 1024 * 1024, what: "a locality file")
    /// The CSV `sitegen import schedule-csv` reads (it becomes one schedule file).
    public static let scheduleCSV = SourceLimit(bytes: 1024 * 1024, what: "a schedule CSV")
    /// The apps' JSON files `sitegen import` reads (a schedule, localities, the hymnal: 300 KB).
    public static let importJSON = SourceLimit(bytes: 16 * 1024 * 1024, what: "an import file")
}

extension SourceLimit {
    /// An import's input file, read whole only when it is a regular file (a link followed) of at
    /// most `bytes`: a FIFO or `/dev/zero` would report no size and never end, a link to a large
    /// file would pass a size check of the link itself. Never reads more than `bytes` + 1.
    public func readInput(_ path: String) -> Result<Data, InputProblem> {
        let kind = SourceScan.regularFile(path)
        guard kind.isRegular else {
            return .failure(InputProblem(kind.what == "missing" ? "no such file" : "is \(kind.what), not a regular file; refusing to read it"))
        }
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) > bytes {
            return .failure(InputProblem("\(what) has \(info.st_size) bytes, more than the limit of \(bytes); split it"))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(InputProblem("cannot read file")) }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: bytes + 1)) ?? nil
        guard let data else { return .failure(InputProblem("cannot read file")) }
        guard data.count <= bytes else {
            return .failure(InputProblem("\(what) has more than the limit of \(bytes) bytes; split it"))
        }
        return .success(data)
    }

    public struct InputProblem: Error, Sendable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
