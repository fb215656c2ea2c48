/// JSON Schemas (draft 2020-12) of the Bible snapshots. Strict: unknown keys are invalid, so a
/// change of shape is caught by the schema test before an app sees it.
enum BibleSchemas {
    /// A run of text and its look; only the flags that apply are present.
    static let spanDefs = #"""
      "span": {
        "type": "object", "additionalProperties": false, "required": ["text"],
        "properties": {
          "text": {"type": "string", "minLength": 1},
          "added": {"const": true, "description": "words supplied by the translators (italics)"},
          "jesus": {"const": true, "description": "words of Jesus (red letter)"},
          "divineName": {"const": true, "description": "LORD/GOD, printed in small capitals"},
          "foreign": {"const": true, "description": "another script, e.g. the Hebrew letters of Psalm 119"}
        }
      },
      "spans": {"type": "array", "items": {"$ref": "#/$defs/span"}}
    """#

    static let passageDefs = #"""
      "passage": {
        "type": "object", "additionalProperties": false,
        "required": ["book", "startChapter", "startVerse", "endChapter", "endVerse"],
        "properties": {
          "book": {"type": "string", "description": "OSIS book id, e.g. Gen"},
          "startChapter": {"type": "integer", "minimum": 1}, "startVerse": {"type": "integer", "minimum": 1},
          "endChapter": {"type": "integer", "minimum": 1}, "endVerse": {"type": "integer", "minimum": 1}
        }
      }
    """#

    static let books = SnapshotSchema(name: "bible-books", version: 1, json: #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "bible-books.schema.json",
      "title": "Books of one Bible translation",
      "type": "object", "additionalProperties": false, "required": ["translation", "books"],
      "properties": {
        "translation": {
          "type": "object", "additionalProperties": false,
          "required": ["id", "name", "abbreviation", "language", "licence", "versification"],
          "properties": {
            "id": {"type": "string"}, "name": {"type": "string"}, "abbreviation": {"type": "string"},
            "language": {"type": "string"}, "licence": {"type": "string"}, "versification": {"type": "string"}
          }
        },
        "books": {
          "type": "array",
          "items": {
            "type": "object", "additionalProperties": false,
            "required": ["osis", "usfm", "name", "title", "abbreviation", "testament", "path", "order", "chapters", "verses", "verseCounts"],
            "properties": {
              "osis": {"type": "string"}, "usfm": {"type": "string", "pattern": "^[0-9A-Z]{3}$"},
              "name": {"type": "string"}, "title": {"type": "string"}, "abbreviation": {"type": "string"},
              "testament": {"enum": ["OT", "NT", "DC"]},
              "path": {"type": "string", "description": "the book's text, relative to api/v1/"},
              "order": {"type": "integer", "minimum": 1, "maximum": 83},
              "chapters": {"type": "integer", "minimum": 1}, "verses": {"type": "integer", "minimum": 1},
              "verseCounts": {"type": "array", "items": {"type": "integer", "minimum": 0}}
            }
          }
        }
      }
    }
    """#)

    static let versification = SnapshotSchema(name: "bible-versification", version: 1, json: #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "bible-versification.schema.json",
      "title": "How one Bible translation numbers its verses against the KJV",
      "type": "object", "additionalProperties": false, "required": ["name", "hub", "map"],
      "properties": {
        "name": {"type": "string", "description": "the versification, as books.json names it (KJV, NRSVA)"},
        "hub": {"const": "KJV", "description": "the numbering every reference is mapped through"},
        "map": {
          "type": "array", "description": "the verses the hub does not number, each with the hub verse holding its words; in canonical order",
          "items": {
            "type": "object", "additionalProperties": false, "required": ["verse", "kjv"],
            "properties": {
              "verse": {"type": "string", "pattern": "^[0-9A-Za-z]+\\.[0-9]+\\.[0-9]+$", "description": "OSIS reference in this translation's numbering"},
              "kjv": {"type": "string", "pattern": "^[0-9A-Za-z]+\\.[0-9]+\\.[0-9]+$", "description": "the KJV verse with its words"}
            }
          }
        }
      }
    }
    """#)

    static let book = SnapshotSchema(name: "bible-book", version: 1, json: #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "bible-book.schema.json",
      "title": "The text of one book of the Bible",
      "type": "object", "additionalProperties": false, "required": ["osis", "name", "title", "chapters"],
      "properties": {
        "osis": {"type": "string"}, "name": {"type": "string"}, "title": {"type": "string"},
        "chapters": {
          "type": "array",
          "items": {
            "type": "object", "additionalProperties": false, "required": ["number", "verses"],
            "properties": {
              "number": {"type": "integer", "minimum": 1},
              "verses": {
                "type": "array",
                "items": {
                  "type": "object", "additionalProperties": false, "required": ["number", "spans", "paragraph"],
                  "properties": {
                    "number": {"type": "integer", "minimum": 1},
                    "spans": {"$ref": "#/$defs/spans"},
                    "paragraph": {"type": "boolean", "description": "a paragraph (¶) starts here"},
                    "poetry": {"const": true, "description": "a line of poetry, shown on its own line"},
                    "headings": {"type": "array", "items": {"$ref": "#/$defs/spans"}, "description": "psalm titles, acrostic letters, before the verse"},
                    "subscription": {"$ref": "#/$defs/spans", "description": "closing note after the verse (epistle subscriptions)"}
                  }
                }
              }
            }
          }
        }
      },
      "$defs": {
    \#(spanDefs)
      }
    }
    """#)

    static let plan = SnapshotSchema(name: "bible-plan", version: 1, json: #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "bible-plan.schema.json",
      "title": "A yearly Bible reading plan",
      "type": "object", "additionalProperties": false, "required": ["title", "description", "columns", "days"],
      "properties": {
        "title": {"type": "string"}, "description": {"type": "string"},
        "columns": {"type": "array", "items": {"type": "string"}},
        "days": {
          "type": "array",
          "items": {
            "type": "object", "additionalProperties": false, "required": ["date", "readings"],
            "properties": {
              "date": {"type": "string", "pattern": "^[01][0-9]-[0-3][0-9]$", "description": "MM-DD"},
              "readings": {
                "type": "array",
                "items": {
                  "type": "object", "additionalProperties": false, "required": ["label", "passages"],
                  "properties": {
                    "label": {"type": "string"},
                    "passages": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/passage"}}
                  }
                }
              }
            }
          }
        }
      },
      "$defs": {
    \#(passageDefs)
      }
    }
    """#)

    static let dailyVerses = SnapshotSchema(name: "bible-daily-verses", version: 1, json: #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "bible-daily-verses.schema.json",
      "title": "Verses of the day",
      "type": "object", "additionalProperties": false, "required": ["rule", "verses"],
      "properties": {
        "rule": {"type": "string"},
        "verses": {
          "type": "array", "minItems": 1,
          "items": {
            "type": "object", "additionalProperties": false, "required": ["label", "passage", "verses"],
            "properties": {
              "label": {"type": "string"},
              "passage": {"$ref": "#/$defs/passage"},
              "verses": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/spans"}}
            }
          }
        }
      },
      "$defs": {
    \#(passageDefs),
    \#(spanDefs)
      }
    }
    """#)
}
