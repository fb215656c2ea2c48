import Foundation
import SitegenSnapshots

/// A JSON Schema (draft 2020-12) that describes one kind of snapshot file.
public struct SnapshotSchema: Sendable, Hashable {
    /// File name stem: `hymns` → `schemas/hymns.schema.json`.
    public let name: String
    /// Bumped when the shape changes in a way an app must know about.
    public let version: Int
    /// The schema document itself.
    public let json: String

    public init(name: String, version: Int, json: String) {
        self.name = name
        self.version = version
        self.json = json
    }

    public var path: String { "schemas/\(name).schema.json" }
}

/// One offline data file for the phone apps, below `api/v1/`.
public struct Snapshot: Sendable, Equatable {
    /// Path below `api/v1/`, e.g. `hymns/1-50.json` or `bible/kjv/books.json`.
    public let path: String
    /// The file at `api/v1/<path>`: its bytes, or (`sitegen build`) where they were staged as
    /// soon as they were made, with their SHA-256 (see `StagedOutput`).
    public let file: OutputFile
    /// How many records the file holds (hymns, verses, meetings…), as the manifest states.
    public let records: Int
    public let schema: SnapshotSchema

    public init(path: String, data: Data, records: Int, schema: SnapshotSchema) {
        self.init(path: path, file: OutputFile(path: Manifest.root + path, data: data), records: records, schema: schema)
    }

    private init(path: String, file: OutputFile, records: Int, schema: SnapshotSchema) {
        self.path = path
        self.file = file
        self.records = records
        self.schema = schema
    }

    /// The bytes (a staged file's read back).
    public var data: Data { file.data }

    /// The same snapshot with its file as staged (`StagedOutput.stage`).
    public func with(_ staged: OutputFile) -> Snapshot {
        Snapshot(path: path, file: staged, records: records, schema: schema)
    }

    /// Encodes `value` as a snapshot: keys sorted, no insignificant whitespace, so the same
    /// input always gives the same bytes.
    public init<T: Encodable>(path: String, value: T, records: Int, schema: SnapshotSchema) throws {
        self.init(path: path, data: try SnapshotJSON.encode(value), records: records, schema: schema)
    }
}

public enum SnapshotJSON {
    public static func encode<T: Encodable>(_ value: T, pretty: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// Replaces `"<key>":[]` in compact JSON `data` with the array of already encoded
    /// `elements`. The bytes equal encoding the whole value at once: compact JSON writes an array
    /// as `[` + elements joined by `,` + `]`, each element encoded exactly as on its own. Lets a
    /// snapshot reuse the records of what did not change; the caller's other members must not
    /// be able to contain `"<key>":[]`.
    public static func splice(_ elements: [Data], as key: String, into data: inout Data) throws {
        guard let slot = data.range(of: Data("\"\(key)\":[]".utf8)) else {
            throw EncodingError.invalidValue(key, EncodingError.Context(codingPath: [], debugDescription: "no empty '\(key)' array to fill"))
        }
        var array = Data("\"\(key)\":[".utf8)
        array.reserveCapacity(elements.reduce(16) { $0 + $1.count + 1 })
        for (index, element) in elements.enumerated() {
            if index > 0 { array.append(UInt8(ascii: ",")) }
            array.append(element)
        }
        array.append(UInt8(ascii: "]"))
        data.replaceSubrange(slot, with: array)
    }

    /// Lower-case hex of the SHA-256 of `data`.
    public static func sha256(_ data: Data) -> String {
        SHA256Digest.hex(data)
    }
}
