import Foundation

/// The schemas this library's models follow, and the version of each it reads.
public enum SnapshotModels {
    /// Schema name → the highest `schemaVersion` the models read. `SnapshotSync` refuses a
    /// manifest that lists a file of a newer version.
    public static let schemaVersions: [String: Int] = [
        "manifest": 4, "pages": 1, "hymns": 2, "schedule": 1, "localities": 1,
        "bible-books": 1, "bible-book": 1, "bible-plan": 1, "bible-daily-verses": 1,
        "bible-versification": 1,
    ]

    /// The SQLite bundle's table layout this library documents (docs/app-data.md). 2: one file
    /// per part (`bundle/<name>.sqlite`), `bundle_info` without `as_of`. 3: `hymn_parts` in a
    /// file per fifty hymns (`hymns-1-50`), `verses` in a file per division of the canon
    /// (`bible-kjv-law`, `AppSearch.sql(searching:in:)` searches them all).
    public static let bundleVersion = 3

    /// The model type of a schema's files.
    public static func type(forSchema name: String) -> (any Codable.Type)? {
        switch name {
        case "manifest": SnapshotManifest.self
        case "pages": PagesFile.self
        case "hymns": HymnsFile.self
        case "schedule": ScheduleFile.self
        case "localities": LocalitiesFile.self
        case "bible-books": BibleBooksFile.self
        case "bible-book": BibleBookFile.self
        case "bible-plan": BiblePlanFile.self
        case "bible-daily-verses": BibleDailyVersesFile.self
        case "bible-versification": BibleVersificationFile.self
        default: nil
        }
    }

    /// Decodes a file of a mirror (`SnapshotMirror`) or of any other copy of `api/v1/`.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }
}
