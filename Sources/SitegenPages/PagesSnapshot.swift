import SitegenSnapshots

/// `api/v1/pages.json`: the Markdown pages, so an app can show "About" or "Contact" offline.
/// The wire format is the apps' model, `PagesFile` (SitegenSnapshots).
public enum PagesSnapshot {
    public static func snapshot(_ pages: [Page], context: RenderContext) throws -> Snapshot {
        let records = pages.sorted { $0.sitePath < $1.sitePath }.map {
            PagesFile.Page(path: $0.sitePath, url: context.url($0.sitePath), title: $0.title,
                           description: $0.description, html: $0.html(context.markdown))
        }
        return try Snapshot(path: "pages.json", value: PagesFile(schemaVersion: schema.version, pages: records),
                            records: records.count, schema: schema)
    }

    public static let schema = SnapshotSchema(name: "pages", version: 1, json: #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "sitegen pages",
      "description": "The site's Markdown pages, rendered to HTML.",
      "type": "object",
      "required": ["schemaVersion", "pages"],
      "additionalProperties": false,
      "properties": {
        "schemaVersion": { "const": 1 },
        "pages": {
          "type": "array",
          "items": {
            "type": "object",
            "required": ["path", "url", "title", "description", "html"],
            "additionalProperties": false,
            "properties": {
              "path": { "type": "string", "description": "Site path, '' for the home page, e.g. 'about/'" },
              "url": { "type": "string" },
              "title": { "type": "string", "minLength": 1 },
              "description": { "type": "string" },
              "html": { "type": "string", "description": "The page body rendered from Markdown" }
            }
          }
        }
      }
    }
    """#)
}
