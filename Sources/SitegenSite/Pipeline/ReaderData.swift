/// The one file the reader exports from `/my/` and imports back (Templates/assets/marks.js):
/// reading progress, plan ticks, highlights, hearts, notes and favourite hymns, everything the
/// site keeps in the reader's browser. Published in `api/v1/schemas/` and listed in the
/// manifest, so another app can read and write the same file. Verses are OSIS references
/// (`John.3.16`), the same in every translation. See docs/marks.md.
enum ReaderData {
    static let schema = SnapshotSchema(name: "reader-data", version: 1, json: #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "sitegen reader data",
      "description": "What a reader keeps on the device (reading progress, plan ticks, highlights, hearts, notes, favourite hymns), as /my/ exports it. Import merges: it adds what is missing and never removes.",
      "type": "object",
      "required": ["format", "version"],
      "additionalProperties": false,
      "properties": {
        "format": { "const": "sitegen-reader-data" },
        "version": { "const": 1 },
        "exported": { "$ref": "#/$defs/time" },
        "progress": {
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "chapters": { "type": "array", "items": { "type": "string", "pattern": "^[0-9A-Za-z]+\\.[0-9]+$" } },
            "plan": { "type": "array", "items": { "type": "string", "pattern": "^[0-9]{2}-[0-9]{2}/[0-9]+$" } }
          }
        },
        "highlights": {
          "type": "array",
          "items": {
            "type": "object",
            "required": ["ref", "colour"],
            "additionalProperties": false,
            "properties": {
              "ref": { "$ref": "#/$defs/ref" },
              "colour": { "enum": ["yellow", "green", "blue", "pink"] },
              "at": { "$ref": "#/$defs/time" },
              "text": { "type": "string" }
            }
          }
        },
        "hearts": {
          "type": "array",
          "items": {
            "type": "object",
            "required": ["ref", "at"],
            "additionalProperties": false,
            "properties": {
              "ref": { "$ref": "#/$defs/ref" },
              "at": { "$ref": "#/$defs/time" },
              "text": { "type": "string" }
            }
          }
        },
        "notes": {
          "type": "array",
          "items": {
            "type": "object",
            "required": ["ref", "note", "at"],
            "additionalProperties": false,
            "properties": {
              "ref": { "$ref": "#/$defs/ref" },
              "to": { "$ref": "#/$defs/ref", "description": "last verse when the note is on a range (same chapter)" },
              "note": { "type": "string", "pattern": "\\S" },
              "at": { "$ref": "#/$defs/time" },
              "updated": { "$ref": "#/$defs/time" },
              "text": { "type": "string", "description": "the verse's text when the note was written" }
            }
          }
        },
        "favouriteHymns": {
          "type": "array",
          "items": {
            "type": "object",
            "required": ["number"],
            "additionalProperties": false,
            "properties": {
              "number": { "type": "integer", "minimum": 1 },
              "at": { "$ref": "#/$defs/time" },
              "title": { "type": "string" }
            }
          }
        }
      },
      "$defs": {
        "ref": { "type": "string", "pattern": "^[0-9A-Za-z]+\\.[0-9]+\\.[0-9]+$" },
        "time": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z$" }
      }
    }
    """#)
}
