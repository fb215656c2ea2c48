import Foundation
import SitegenSnapshots
import Testing

/// The apps' models against every file of a build of the bundled site: each decodes, and
/// encoding it again gives the same JSON (no member missing from a model, none of another
/// type). The e2e test `test_app_data.py` validates the same files against the published
/// schemas, so a model and a schema cannot drift apart unnoticed.
@Suite struct SnapshotModelsTests {
    @Test func everySnapshotDecodesAndEncodesBackToTheSameJSON() async throws {
        let site = try await BundledSite.shared.value
        let manifestData = try Data(contentsOf: site.api().appendingPathComponent("manifest.json"))
        let manifest = try JSONDecoder().decode(SnapshotManifest.self, from: manifestData)
        try expectRoundTrip(SnapshotManifest.self, manifestData, "manifest.json")
        #expect(manifest.files.count >= 70)
        for file in manifest.files {
            let type = try #require(SnapshotModels.type(forSchema: file.schemaName), "no model for schema \(file.schema)")
            #expect(file.schemaVersion <= SnapshotModels.schemaVersions[file.schemaName] ?? 0, "\(file.path)")
            try expectRoundTrip(type, Data(contentsOf: site.api().appendingPathComponent(file.path)), file.path)
        }
        for schema in manifest.schemas {
            let name = String(schema.path.dropFirst("schemas/".count).dropLast(".schema.json".count))
            if name != "reader-data" {
                #expect(SnapshotModels.schemaVersions[name] == schema.version, "models read \(name) version \(schema.version)")
            }
        }
    }

    func expectRoundTrip<T: Codable>(_ type: T.Type, _ data: Data, _ path: String) throws {
        let value = try JSONDecoder().decode(type, from: data)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let again = try JSONSerialization.jsonObject(with: encoder.encode(value)) as? NSObject
        let original = try JSONSerialization.jsonObject(with: data) as? NSObject
        #expect(again == original, "\(path) does not encode back to the same JSON with \(T.self)")
    }

    @Test func modelsAnswerWhatAnAppAsks() async throws {
        let site = try await BundledSite.shared.value
        let api = site.api()
        #expect(HymnsFile.path(of: 123) == "hymns/101-150.json" && HymnsFile.path(of: 50) == "hymns/1-50.json")
        let hymns = try SnapshotModels.decode(HymnsFile.self, from: Data(contentsOf: api.appendingPathComponent(HymnsFile.path(of: 123))))
        #expect(hymns.hymn(123)?.stanzas.first?.text.hasPrefix("O world, behold upon the tree") == true)
        #expect(hymns.hymns.map(\.number) == Array(101...150) && hymns.count == 365)
        let last = try SnapshotModels.decode(HymnsFile.self, from: Data(contentsOf: api.appendingPathComponent(HymnsFile.path(of: 365))))
        #expect(last.hymns.map(\.number) == Array(351...365))
        let plan = try SnapshotModels.decode(BiblePlanFile.self, from: Data(contentsOf: api.appendingPathComponent("bible/kjv/plan.json")))
        #expect(plan.readings(on: "11-22").map(\.passages.first?.book).count == 4)
        let schedule = try SnapshotModels.decode(ScheduleFile.self, from: Data(contentsOf: api.appendingPathComponent("schedule.json")))
        let next = schedule.next(3, from: "2026-11-22")
        #expect(next.count == 3 && next.allSatisfy { $0.date >= "2026-11-22" })
        let john = try SnapshotModels.decode(BibleBookFile.self, from: Data(contentsOf: api.appendingPathComponent("bible/kjv/books/john.json")))
        #expect(john.chapters[2].verses[15].text.contains("For God so loved the world"))
    }
}
