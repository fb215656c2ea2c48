import Foundation
import SitegenSnapshots
import Testing

/// The apps' models against every file of a build of the bundled site (a few books of every
/// translation, `BundledSite.shared`): each decodes, and
/// encoding it again gives the same JSON (no member missing from a model, none of another
/// type). The e2e test `test_app_data.py` validates the same files against the published
/// schemas, so a model and a schema cannot drift apart unnoticed.
@Suite struct SnapshotModelsTests {
    @Test func everySnapshotDecodesAndEncodesBackToTheSameJSON() async throws {
        let site = try await BundledSite.shared.value
        let manifestData = try Data(contentsOf: site.api().appendingPathComponent("manifest.json"))
        let manifest = try JSONDecoder().decode(SnapshotManifest.self, from: manifestData)
        try expectRoundTrip(SnapshotManifest.self, manifestData, "manifest.json")
        // Every kind of snapshot: a file of each published schema but the manifest's own and the
        // reader's export, and a book file for each book of each translation's sources.
        let schemaNames = manifest.schemas.map { String($0.path.dropFirst("schemas/".count).dropLast(".schema.json".count)) }
        // Not snapshots: the manifest's own, the reader's export and the OALC Hymnal app's files.
        let notSnapshots = Set(["manifest", "reader-data"] + schemaNames.filter { $0.hasPrefix("hymnal-app-") })
        #expect(Set(manifest.files.map(\.schemaName)) == Set(schemaNames).subtracting(notSnapshots))
        let books = try BundledSite.translations.reduce(0) { count, id in
            count + (try FileManager.default.contentsOfDirectory(atPath: site.url("Content/bible/\(id)").path)).filter { $0.hasSuffix(".osis.xml") }.count
        }
        #expect(manifest.files.filter { $0.schemaName == "bible-book" }.count == books)
        for file in manifest.files {
            let type = try #require(SnapshotModels.type(forSchema: file.schemaName), "no model for schema \(file.schema)")
            #expect(file.schemaVersion <= SnapshotModels.schemaVersions[file.schemaName] ?? 0, "\(file.path)")
            try expectRoundTrip(type, Data(contentsOf: site.api().appendingPathComponent(file.path)), file.path)
        }
        for (schema, name) in zip(manifest.schemas, schemaNames) {
            if !notSnapshots.contains(name) {
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
        // The few-books plan's first day names four chapters (Tests/Fixtures/few-books/plan.yml).
        #expect(plan.readings(on: "01-01").map(\.passages.first?.book) == ["Gen", "Matt", "John", "Jas"])
        let schedule = try SnapshotModels.decode(ScheduleFile.self, from: Data(contentsOf: api.appendingPathComponent("schedule.json")))
        let next = schedule.next(3, from: "2026-11-22")
        #expect(next.count == 3 && next.allSatisfy { $0.date >= "2026-11-22" })
        let john = try SnapshotModels.decode(BibleBookFile.self, from: Data(contentsOf: api.appendingPathComponent("bible/kjv/books/john.json")))
        #expect(john.chapters[2].verses[15].text.contains("For God so loved the world"))
    }
}
