import Foundation

/// `api/v1/manifest.json` (schema `manifest`): every file an app can download, with its hash,
/// size, record count and schema; the search index's entry; the SQLite bundle's files.
public struct SnapshotManifest: Codable, Sendable, Hashable {
    public struct File: Codable, Sendable, Hashable {
        public let path: String
        public let sha256: String
        public let bytes: Int
        public let records: Int
        /// `schemas/hymns.schema.json`.
        public let schema: String
        public let schemaVersion: Int

        public init(path: String, sha256: String, bytes: Int, records: Int, schema: String, schemaVersion: Int) {
            (self.path, self.sha256, self.bytes, self.records, self.schema, self.schemaVersion) = (path, sha256, bytes, records, schema, schemaVersion)
        }

        /// The schema's name (`hymns` of `schemas/hymns.schema.json`), the key of
        /// `SnapshotModels.schemaVersions`; empty when `schema` is not of that form (so it
        /// matches no known name: `"schema": "hymns"` is not the hymns schema).
        public var schemaName: String {
            let prefix = "schemas/", suffix = ".schema.json"
            guard schema.hasPrefix(prefix), schema.hasSuffix(suffix), schema.count > prefix.count + suffix.count else { return "" }
            return String(schema.dropFirst(prefix.count).dropLast(suffix.count))
        }
    }

    public struct Schema: Codable, Sendable, Hashable {
        public let path: String
        public let sha256: String
        public let bytes: Int
        public let version: Int

        public init(path: String, sha256: String, bytes: Int, version: Int) {
            (self.path, self.sha256, self.bytes, self.version) = (path, sha256, bytes, version)
        }
    }

    /// The site's search index (docs/search.md): its entry file, which names every other file of
    /// the index by its content hash.
    public struct Search: Codable, Sendable, Hashable {
        /// Site path of the entry file (`search/index.json`), not below `api/v1/`.
        public let path: String
        public let sha256: String
        public let bytes: Int
        /// Files of the index, the entry included, and their bytes.
        public let files: Int
        public let totalBytes: Int

        public init(path: String, sha256: String, bytes: Int, files: Int, totalBytes: Int) {
            (self.path, self.sha256, self.bytes, self.files, self.totalBytes) = (path, sha256, bytes, files, totalBytes)
        }
    }

    /// One file of the apps' SQLite bundle (docs/app-data.md), below `api/v1/` like the
    /// snapshots: `bundle/hymns.sqlite`, `bundle/hymns-1-50.sqlite`, `bundle/bible-kjv-law.sqlite`, …
    public struct Bundle: Codable, Sendable, Hashable {
        public let path: String
        public let sha256: String
        public let bytes: Int
        /// Rows of every table of the file.
        public let records: Int
        /// The bundle's table layout version (`bundle_info.version` inside it).
        public let version: Int

        public init(path: String, sha256: String, bytes: Int, records: Int, version: Int) {
            (self.path, self.sha256, self.bytes, self.records, self.version) = (path, sha256, bytes, records, version)
        }
    }

    /// The manifest's own format; `SnapshotSync` refuses one it does not know.
    public let format: Int
    public let generator: String
    /// `YYYY-MM-DD`: the day the site was built for.
    public let asOf: String
    /// The path the site's pages link below (`/church/`); nil in a manifest before version 3.
    public let basePath: String?
    public let files: [File]
    public let schemas: [Schema]
    public let search: Search?
    /// The bundle's files, by path: what changes together is in one file (the hymns, the
    /// schedule and localities, the Bible's books and plan, each translation's verses), so an
    /// edit changes one file. Empty when no kind has tables.
    public let bundles: [Bundle]

    public init(format: Int, generator: String, asOf: String, basePath: String?, files: [File], schemas: [Schema], search: Search?,
                bundles: [Bundle]) {
        (self.format, self.generator, self.asOf, self.files, self.schemas) = (format, generator, asOf, files, schemas)
        (self.basePath, self.search, self.bundles) = (basePath, search, bundles)
    }

    /// The manifest format this library reads (and the generator writes). 2: the bundle is a
    /// list of files (`bundles`), no longer one `bundle`.
    public static let format = 2
}
