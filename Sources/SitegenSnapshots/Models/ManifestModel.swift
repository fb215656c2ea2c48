import Foundation

/// `api/v1/manifest.json` (schema `manifest`): every file an app can download, with its hash,
/// size, record count and schema; the search index's entry; the SQLite bundle's entry.
public struct SnapshotManifest: Codable, Sendable, Equatable {
    public struct File: Codable, Sendable, Equatable {
        public let path: String
        public let sha256: String
        public let bytes: Int
        public let records: Int
        /// `schemas/hymns.schema.json`.
        public let schema: String
        public let schemaVersion: Int

        /// The schema's name (`hymns` of `schemas/hymns.schema.json`), the key of
        /// `SnapshotModels.schemaVersions`; empty when `schema` is not of that form (so it
        /// matches no known name: `"schema": "hymns"` is not the hymns schema).
        public var schemaName: String {
            let prefix = "schemas/", suffix = ".schema.json"
            guard schema.hasPrefix(prefix), schema.hasSuffix(suffix), schema.count > prefix.count + suffix.count else { return "" }
            return String(schema.dropFirst(prefix.count).dropLast(suffix.count))
        }
    }

    public struct Schema: Codable, Sendable, Equatable {
        public let path: String
        public let sha256: String
        public let bytes: Int
        public let version: Int
    }

    public struct Search: Codable, Sendable, Equatable {
        public let path: String
        public let sha256: String
        public let bytes: Int
        public let files: Int
        public let totalBytes: Int
    }

    public struct Bundle: Codable, Sendable, Equatable {
        public let path: String
        public let sha256: String
        public let bytes: Int
        public let records: Int
        public let version: Int
    }

    /// The manifest's own format; `SnapshotSync` refuses one it does not know.
    public let format: Int
    public let generator: String
    /// `YYYY-MM-DD`: the day the site was built for.
    public let asOf: String
    public let files: [File]
    public let schemas: [Schema]
    public let search: Search?
    public let bundle: Bundle?

    /// The manifest format this library reads.
    public static let format = 1
}
