/// What `/my/` (the reader's own marks, kept on the device) needs of the hymnal: the hymns'
/// address, below which favourite hymns are linked by number, and the favourites' part of the
/// reader's export file (marks.js, docs/marks.md).
enum HymnReaderData {
    static func part(context: RenderContext) -> ReaderDataPart {
        ReaderDataPart(values: ["hymnURL": .text(context.url(HymnPages.pathTemplate))], properties: [favourites])
    }

    static let favourites = SchemaProperty("favouriteHymns", #"""
    {
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
    """#)
}
