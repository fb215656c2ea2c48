import Foundation
import Testing
@testable import SitegenCore
import SitegenSnapshots

@Suite("Snapshots and manifest")
struct SnapshotTests {
    struct Item: Encodable { let b: Int; let a: String }
    let schema = SnapshotSchema(name: "items", version: 2, json: "{}")

    @Test func encodingIsStableAndSorted() throws {
        let one = try SnapshotJSON.encode([Item(b: 1, a: "x/y <é>")])
        let two = try SnapshotJSON.encode([Item(b: 1, a: "x/y <é>")])
        #expect(one == two)
        #expect(String(decoding: one, as: UTF8.self) == #"[{"a":"x/y <é>","b":1}]"#)
    }

    @Test func manifestListsHashSizeRecordsAndSchema() throws {
        let snapshot = try Snapshot(path: "items.json", value: [Item(b: 1, a: "a")], records: 1, schema: schema)
        let files = try Manifest.outputFiles(for: [snapshot], asOf: CalendarDate("2026-11-22")!, basePath: "/", generator: "test")
        #expect(files.map(\.path).sorted() == ["api/v1/items.json", "api/v1/manifest.json",
                                               "api/v1/schemas/items.schema.json", "api/v1/schemas/manifest.schema.json"])
        let manifest = try #require(files.first { $0.path == "api/v1/manifest.json" })
        let json = try #require(try JSONSerialization.jsonObject(with: manifest.data) as? [String: Any])
        #expect(json["asOf"] as? String == "2026-11-22")
        let entry = try #require((json["files"] as? [[String: Any]])?.first)
        #expect(entry["sha256"] as? String == SnapshotJSON.sha256(snapshot.data))
        #expect(entry["bytes"] as? Int == snapshot.data.count)
        #expect(entry["records"] as? Int == 1)
        #expect(entry["schemaVersion"] as? Int == 2)
        #expect(SnapshotJSON.sha256(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// FIPS 180-2's test vectors: the empty input (no buffer at all), a one-block and a
    /// two-block message, and the search index's truncated names.
    @Test func sha256MatchesTheStandardsVectors() {
        #expect(SHA256Digest.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256Digest.hex([UInt8]("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let twoBlocks = Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256Digest.hex(twoBlocks) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256Digest.hex(twoBlocks, digits: 10) == "248d6a61d2")
        #expect(SHA256Digest.bytes(twoBlocks).count == 32)
        let million = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256Digest.hex(million) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
