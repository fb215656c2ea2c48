/// The hymnal back in the app's format: what `import hymnal-json` read, nothing lost; the
/// Hymnal app's bundled `hymns.json` (`api/hymnal-app/hymns.json`, written by `HymnsKind.feeds`).
/// A stanza's lines join with `\n`, which `import hymnal-json` reads back as lines.
public enum AppExport {
    public static func app(_ hymnal: Hymnal) -> AppHymnal {
        AppHymnal(language: hymnal.language, year: hymnal.year, hymns: hymnal.hymns.map(hymn))
    }

    public static func hymn(_ hymn: Hymn) -> AppHymn {
        AppHymn(verses: hymn.stanzas.map(AppMarkup.text),
                chorus: hymn.chorus.map(AppMarkup.text),
                refrain: hymn.refrain.map(AppMarkup.text))
    }
}

extension AppExport {
    /// `api/hymnal-app/hymns.json`: hymn number = index + 1, a removed hymn as `{"verses": []}`.
    public static func file(_ hymnal: Hymnal) -> OutputFile {
        OutputFile(path: HymnalAppAPI.folder + "hymns.json", data: HymnalAppAPI.encode(app(hymnal)))
    }

    public static let schema = SnapshotSchema(name: "hymnal-app-hymns", version: 1, json: #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "The Hymnal app's hymnal (api/hymnal-app/hymns.json)",
      "description": "jemartti/Hymnal's bundled hymns.json: hymn number = index + 1; a removed hymn has no verses. A stanza's sung lines are joined by a line feed; repeated passages are <b>…</b>.",
      "type": "object",
      "required": ["language", "hymns"],
      "properties": {
        "language": { "type": "string" },
        "year": { "type": "integer" },
        "hymns": {
          "type": "array",
          "items": {
            "type": "object",
            "required": ["verses"],
            "properties": {
              "verses": { "type": "array", "items": { "type": "string", "minLength": 1 } },
              "chorus": { "type": "string", "minLength": 1 },
              "refrain": { "type": "string", "minLength": 1 }
            }
          }
        }
      }
    }
    """#)
}
