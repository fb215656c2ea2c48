/// Why a sync stopped. The mirror's current set is untouched in every case.
public enum SyncError: Error, Equatable, CustomStringConvertible {
    /// The server answered with something other than 200.
    case http(url: String, status: Int)
    /// The manifest is of a format this library does not read (a newer site generator).
    case unsupportedFormat(Int)
    /// A file's schema (or the bundle's layout) is newer than this library's models.
    case unsupportedVersion(path: String, schema: String, version: Int, supported: Int)
    /// A file's bytes are not what the manifest says (tampered, or changed mid-sync).
    case mismatch(path: String, expected: String, got: String)
    /// The manifest names a path outside `api/v1/` (`..`, absolute) or is not a manifest.
    case badManifest(String)

    public var description: String {
        switch self {
        case .http(let url, let status): "\(url): HTTP status \(status)"
        case .unsupportedFormat(let format):
            "manifest format \(format) is not supported (this library reads format \(SnapshotManifest.format)); update the app's SitegenSnapshots"
        case .unsupportedVersion(let path, let schema, let version, let supported):
            "\(path): \(schema) version \(version) is newer than the \(supported) this library reads; update the app's SitegenSnapshots"
        case .mismatch(let path, let expected, let got):
            "\(path): refused, its bytes do not match the manifest (expected \(expected), got \(got)); the mirror was kept"
        case .badManifest(let why): "manifest refused: \(why)"
        }
    }
}
