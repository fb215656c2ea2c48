import Foundation

/// The OALC Hymnal iOS app's web API (github.com/jemartti/Hymnal, served until 2025 by
/// jemartti/hymnal-server) as plain files: the app asks `ApiPath + "/schedule"` with one GET and
/// bundles `hymns.json`. The kinds write the files (`feeds`); docs/app-data.md, "The Hymnal app".
public enum HymnalAppAPI {
    /// Below the site's base: the app's `ApiPath` is this with a leading slash (and the base path).
    public static let folder = "api/hymnal-app/"

    /// The app's JSON: keys sorted, slashes as they are (the photo URLs), so a build's bytes are
    /// the same every time. The app's values are strings, flags, arrays and finite numbers (a
    /// coordinate is checked on the globe when read), which JSONEncoder always encodes.
    public static func encode<T: Encodable>(_ value: T) -> Data {
        // swiftlint:disable:next force_try
        try! SnapshotJSON.encode(value)
    }
}
