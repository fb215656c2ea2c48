import Foundation
import SitegenSnapshots

/// `api/v1/manifest.json`: what an app downloads first to learn which files changed. The wire
/// format is the apps' model, `SnapshotManifest` (SitegenSnapshots); this writes it.
public enum Manifest {
    /// The site's search index: its entry file, which names every other file of the index.
    public typealias SearchEntry = SnapshotManifest.Search
    /// A file of the apps' SQLite bundle (docs/app-data.md), below `api/v1/` like the snapshots.
    public typealias BundleEntry = SnapshotManifest.Bundle

    public static let root = "api/v1/"

    /// The snapshot files, their schemas and the manifest, as output files below `api/v1/`.
    /// `schemas`: more schemas to publish and list that no snapshot file uses (the reader's
    /// export file). `search`: the search index's entry, when the site has one; `bundles`: the files of
    /// the apps' SQLite bundle (written below `api/v1/` by the caller). `digest` is
    /// SHA-256 in hex; the incremental build passes one that remembers unchanged files' hashes.
    public static func outputFiles(for snapshots: [Snapshot], schemas extra: [SnapshotSchema] = [], search: SearchEntry? = nil,
                                   bundles: [BundleEntry] = [], asOf: CalendarDate, basePath: String, generator: String,
                                   digest: (Snapshot) -> String = { $0.file.staged?.sha256 ?? SnapshotJSON.sha256($0.data) }) throws -> [OutputFile] {
        let sorted = snapshots.sorted { $0.path < $1.path }
        var schemas: [String: SnapshotSchema] = [Self.schema.name: Self.schema]
        for schema in extra { schemas[schema.name] = schema }
        for snapshot in sorted { schemas[snapshot.schema.name] = snapshot.schema }
        let schemaFiles = schemas.values.sorted { $0.name < $1.name }.map { schema in
            (schema, Data(schema.json.utf8))
        }
        let manifest = SnapshotManifest(
            format: SnapshotManifest.format, generator: generator, asOf: asOf.description, basePath: basePath,
            files: sorted.map { .init(path: $0.path, sha256: digest($0), bytes: $0.file.byteCount,
                                      records: $0.records, schema: $0.schema.path, schemaVersion: $0.schema.version) },
            schemas: schemaFiles.map { .init(path: $0.0.path, sha256: SnapshotJSON.sha256($0.1), bytes: $0.1.count, version: $0.0.version) },
            search: search, bundles: bundles.sorted { $0.path < $1.path })
        var files = sorted.map(\.file)
        files += schemaFiles.map { OutputFile(path: root + $0.0.path, data: $0.1) }
        files.append(OutputFile(path: root + "manifest.json", data: try SnapshotJSON.encode(manifest, pretty: true)))
        return files
    }

    public static let schema = SnapshotSchema(name: "manifest", version: 4, json: #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "sitegen snapshot manifest",
      "description": "Lists every offline data file with its hash, size, record count and schema.",
      "type": "object",
      "required": ["format", "generator", "asOf", "files", "schemas", "bundles"],
      "additionalProperties": false,
      "properties": {
        "format": { "const": 2 },
        "generator": { "type": "string" },
        "asOf": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" },
        "basePath": { "type": "string", "pattern": "^/(.*/)?$", "description": "The path the site's pages link below." },
        "files": {
          "type": "array",
          "items": {
            "type": "object",
            "required": ["path", "sha256", "bytes", "records", "schema", "schemaVersion"],
            "additionalProperties": false,
            "properties": {
              "path": { "type": "string", "pattern": "^[a-z0-9][a-z0-9/._-]*\\.json$" },
              "sha256": { "type": "string", "pattern": "^[0-9a-f]{64}$" },
              "bytes": { "type": "integer", "minimum": 0 },
              "records": { "type": "integer", "minimum": 0 },
              "schema": { "type": "string", "pattern": "^schemas/[a-z0-9-]+\\.schema\\.json$" },
              "schemaVersion": { "type": "integer", "minimum": 1 }
            }
          }
        },
        "search": {
          "description": "The site's search index: its entry file (a site path, not below api/v1/), which names every other file of the index by its content hash.",
          "type": "object",
          "required": ["path", "sha256", "bytes", "files", "totalBytes"],
          "additionalProperties": false,
          "properties": {
            "path": { "type": "string" },
            "sha256": { "type": "string", "pattern": "^[0-9a-f]{64}$" },
            "bytes": { "type": "integer", "minimum": 0 },
            "files": { "type": "integer", "minimum": 1 },
            "totalBytes": { "type": "integer", "minimum": 0 }
          }
        },
        "bundles": {
          "description": "The files of the apps' SQLite bundle (docs/app-data.md), paths below api/v1/ like the files: one per part (hymns, schedule, bible, each translation's verses), so an edit changes one file.",
          "type": "array",
          "items": {
            "type": "object",
            "required": ["path", "sha256", "bytes", "records", "version"],
            "additionalProperties": false,
            "properties": {
              "path": { "type": "string", "pattern": "^[a-z0-9][a-z0-9/._-]*\\.sqlite$" },
              "sha256": { "type": "string", "pattern": "^[0-9a-f]{64}$" },
              "bytes": { "type": "integer", "minimum": 0 },
              "records": { "type": "integer", "minimum": 0 },
              "version": { "type": "integer", "minimum": 1 }
            }
          }
        },
        "schemas": {
          "type": "array",
          "items": {
            "type": "object",
            "required": ["path", "sha256", "bytes", "version"],
            "additionalProperties": false,
            "properties": {
              "path": { "type": "string" },
              "sha256": { "type": "string", "pattern": "^[0-9a-f]{64}$" },
              "bytes": { "type": "integer", "minimum": 0 },
              "version": { "type": "integer", "minimum": 1 }
            }
          }
        }
      }
    }
    """#)
}
