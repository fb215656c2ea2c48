import Foundation
import SitegenSnapshots
import Testing

/// The published JSON Schemas against the apps' models, the one definition of the wire format:
/// each schema's `properties` are its model's keys and its `required` the model's non-optional
/// ones, at every level (objects, array items, `$defs`). Adding a field to a model without the
/// schema (or the other way round) fails here.
@Suite struct SchemaModelTests {
    @Test func everyPublishedSchemaHasItsModelsKeys() async throws {
        let site = try await BundledSite.shared.value
        let manifest = try SnapshotModels.decode(SnapshotManifest.self, from: Data(contentsOf: site.api().appendingPathComponent("manifest.json")))
        var checked: [String] = []
        for entry in manifest.schemas {
            let name = String(entry.path.dropFirst("schemas/".count).dropLast(".schema.json".count))
            // The reader's export file is the browser's (docs/marks.md); no app model reads it. The
            // OALC Hymnal app's files are in that app's own format (docs/app-data.md), not snapshots:
            // test_hymnal_app.py validates them and reads them with the app's rules.
            if name == "reader-data" || name.hasPrefix("hymnal-app-") { continue }
            let type = try #require(SnapshotModels.type(forSchema: name), "no model for schema \(name)")
            let data = try Data(contentsOf: site.api().appendingPathComponent(entry.path))
            let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let problems = try WireShape.of(type).problems(against: schema, root: schema)
            #expect(problems.isEmpty, "\(entry.path) and \(type):\n\(problems.joined(separator: "\n"))")
            checked.append(name)
        }
        #expect(Set(checked) == Set(SnapshotModels.schemaVersions.keys))
    }

    /// The check itself: a key the schema forgot, one it has that the model lacks, an optional
    /// the schema requires, inside array items and a `$ref`.
    @Test func aFieldMissingFromTheSchemaIsReported() throws {
        struct Item: Codable { let name: String; let note: String?; let added: Int }
        struct File: Codable { let items: [Item]; let count: Int? }
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(#"""
            {"type": "object", "required": ["items", "count"],
             "properties": {"items": {"type": "array", "items": {"$ref": "#/$defs/item"}}, "count": {"type": "integer"}},
             "$defs": {"item": {"type": "object", "required": ["name"],
                                "properties": {"name": {"type": "string"}, "note": {"type": "string"}, "gone": {"type": "string"}}}}}
            """#.utf8)) as? [String: Any])
        let problems = try WireShape.of(File.self).problems(against: schema, root: schema)
        #expect(problems == [
            #": schema requires ["count", "items"], the model's non-optional keys are ["items"]"#,
            #"/items[]: model keys missing from the schema's properties: ["added"]"#,
            #"/items[]: schema properties the model lacks: ["gone"]"#,
            #"/items[]: schema requires ["name"], the model's non-optional keys are ["added", "name"]"#,
        ])
    }
}
