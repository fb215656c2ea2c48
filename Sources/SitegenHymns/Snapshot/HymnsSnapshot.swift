import Foundation
import SitegenSnapshots

/// `api/v1/hymns/<first>-<last>.json`: the hymnal for the apps, structured (no HTML), in one file
/// per range of fifty numbers (`HymnsFile.numbers(containing:)`: `hymns/1-50.json`, `hymns/51-100.json`, …), so an
/// edit of one hymn changes one file of about 25 kB gzipped. Stanzas as lines of segments,
/// repeated passages flagged with their repeat sign, removed hymns kept. The wire format is the
/// apps' model, `HymnsFile` (SitegenSnapshots); this fills it from the hymnal.
public enum HymnsSnapshot {
    public static func snapshots(_ hymnal: Hymnal, context: RenderContext) throws -> [Snapshot] {
        try ranges(hymnal).map { first, hymns in
            let file = HymnsFile(schemaVersion: schema.version, title: hymnal.title, language: hymnal.language, year: hymnal.year,
                                 count: hymnal.count, hymns: hymns.map { record($0, context: context) })
            return try Snapshot(path: HymnsFile.path(of: first), value: file, records: file.hymns.count, schema: schema)
        }
    }

    /// The same bytes as `snapshots`, with each hymn's record a query of `context.queries` (a
    /// session encodes only a changed hymn's again), spliced into the file without hymns
    /// (`SnapshotJSON.splice`; `"hymns":[]` cannot occur inside an escaped string).
    public static func remembered(_ hymnal: Hymnal, context: RenderContext) throws -> [Snapshot] {
        let empty = HymnsFile(schemaVersion: schema.version, title: hymnal.title, language: hymnal.language, year: hymnal.year,
                              count: hymnal.count, hymns: [])
        let header = try SnapshotJSON.encode(empty)
        return try ranges(hymnal).map { first, hymns in
            var data = header
            try SnapshotJSON.splice(try hymns.map { try record(of: $0, context: context) }, as: "hymns", into: &data)
            return Snapshot(path: HymnsFile.path(of: first), data: data, records: hymns.count, schema: schema)
        }
    }

    /// A hymn's record, remembered by the engine; one that could not be encoded is encoded again
    /// to throw its error (an error is not a value the engine keeps).
    private static func record(of hymn: Hymn, context: RenderContext) throws -> Data {
        try context.queries.value(HymnRecord(hymn: hymn, context: context.settingsOnly)) ?? encodedRecord(hymn, context: context)
    }

    /// The hymns by the first number of their range, in number order.
    static func ranges(_ hymnal: Hymnal) -> [(first: Int, hymns: [Hymn])] {
        let sorted = hymnal.hymns.sorted { $0.number < $1.number }
        let byRange = Dictionary(grouping: sorted) { HymnsFile.numbers(containing: $0.number).lowerBound }
        return byRange.keys.sorted().map { ($0, byRange[$0]!) }
    }

    /// One hymn's record on its own, as it appears inside its range's file (`HymnJSON`: the
    /// encoder's bytes, without the encoder).
    public static func encodedRecord(_ hymn: Hymn, context: RenderContext) throws -> Data {
        Data(HymnJSON.record(record(hymn, context: context)))
    }

    static func record(_ hymn: Hymn, context: RenderContext) -> HymnsFile.Hymn {
        HymnsFile.Hymn(number: hymn.number, url: context.url(HymnPages.path(hymn.number)), title: hymn.title,
                       firstLine: hymn.firstLine, removed: hymn.removed,
                       stanzas: hymn.stanzas.enumerated().map { HymnsFile.Stanza(number: $0 + 1, lines: lines($1), text: $1.plainText) },
                       chorus: hymn.chorus.map(passage), refrain: hymn.refrain.map(passage),
                       author: hymn.author, tune: hymn.tune, meter: hymn.meter, language: hymn.language)
    }

    static func passage(_ passage: Passage) -> HymnsFile.Passage {
        HymnsFile.Passage(lines: lines(passage), text: passage.plainText)
    }

    static func lines(_ passage: Passage) -> [[HymnsFile.Segment]] {
        passage.lines.map { $0.segments.map { HymnsFile.Segment(text: $0.text, marked: $0.marked, repeatSign: $0.repeatSign) } }
    }

    /// 2: one file per fifty numbers (`hymns/1-50.json`), where 1 was the whole hymnal in `hymns.json`.
    public static let schema = SnapshotSchema(name: "hymns", version: 2, json: #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "sitegen hymns",
      "description": "One range of fifty numbers of the hymnal (hymns/1-50.json, hymns/51-100.json, …): every number of the range up to count, removed hymns included (removed: true, no text).",
      "type": "object",
      "required": ["schemaVersion", "title", "language", "count", "hymns"],
      "additionalProperties": false,
      "properties": {
        "schemaVersion": { "const": 2 },
        "title": { "type": "string" },
        "language": { "type": "string", "description": "The hymnal's language as the app names it, e.g. 'English'" },
        "year": { "type": "integer" },
        "count": { "type": "integer", "minimum": 1, "description": "Hymns in the whole hymnal, not in this file" },
        "hymns": { "type": "array", "items": { "$ref": "#/$defs/hymn" } }
      },
      "$defs": {
        "segment": {
          "type": "object",
          "description": "A run of text. marked: set in bold in the book; repeatSign: the book's repeat sign ending the marked passage.",
          "required": ["text", "marked"],
          "additionalProperties": false,
          "properties": {
            "text": { "type": "string" },
            "marked": { "type": "boolean" },
            "repeatSign": { "type": "string", "pattern": "^:(,:)+$" }
          }
        },
        "lines": {
          "type": "array",
          "minItems": 1,
          "description": "Sung lines in order, one per line of the source file; each line is a list of segments. A hymn whose lines are not restored yet has one line per stanza (docs/hymns.md).",
          "items": { "type": "array", "items": { "$ref": "#/$defs/segment" } }
        },
        "passage": {
          "type": "object",
          "required": ["lines", "text"],
          "additionalProperties": false,
          "properties": {
            "lines": { "$ref": "#/$defs/lines" },
            "text": { "type": "string", "description": "Plain text, lines joined by a space, repeat signs kept" }
          }
        },
        "hymn": {
          "type": "object",
          "required": ["number", "url", "title", "firstLine", "removed", "stanzas"],
          "additionalProperties": false,
          "properties": {
            "number": { "type": "integer", "minimum": 1 },
            "url": { "type": "string" },
            "title": { "type": "string", "minLength": 1 },
            "firstLine": { "type": "string" },
            "removed": { "type": "boolean" },
            "stanzas": {
              "type": "array",
              "items": {
                "type": "object",
                "required": ["number", "lines", "text"],
                "additionalProperties": false,
                "properties": {
                  "number": { "type": "integer", "minimum": 1 },
                  "lines": { "$ref": "#/$defs/lines" },
                  "text": { "type": "string" }
                }
              }
            },
            "chorus": { "$ref": "#/$defs/passage", "description": "Sung after every stanza" },
            "refrain": { "$ref": "#/$defs/passage", "description": "Sung after every stanza" },
            "author": { "type": "string" },
            "tune": { "type": "string" },
            "meter": { "type": "string" },
            "language": { "type": "string", "description": "BCP 47 tag when the hymn is not in the hymnal's language" }
          }
        }
      }
    }
    """#)
}
