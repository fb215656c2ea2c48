/// What `/my/` (the reader's own marks, kept on the device) needs of the Bible: each book's
/// OSIS id, name and address, so a mark kept as `John.3.16` links to `/bible/john/3/#v16`
/// whatever the page looked like when it was made; and the progress and plan links.
enum BibleActivity {
    /// The values `/my/` needs, and the Bible's parts of the reader's export file.
    static func part(_ library: BibleLibrary, context: RenderContext) -> ReaderDataPart {
        ReaderDataPart(values: values(library, context: context), properties: properties, definitions: definitions)
    }

    static func values(_ library: BibleLibrary, context: RenderContext) -> TemplateObject {
        let translation = library.primary
        var json: [UInt8] = [0x5B]
        for (i, book) in translation.books.enumerated() {
            if i > 0 { json.append(0x2C) }
            json.append(ascii: #"{"name":"#)
            BookJSON.string(book.name, to: &json)
            json.append(ascii: #","osis":"#)
            BookJSON.string(book.osis, to: &json)
            json.append(ascii: #","url":"#)
            BookJSON.string(context.url(BiblePaths.book(book.canon)), to: &json)
            json.append(0x7D)
        }
        json.append(0x5D)
        var values: TemplateObject = [
            "booksJSON": .text(DailyVerseHome.scriptSafe(json)),
            "chapterCount": .number(translation.chapterCount),
            "progressURL": .text(context.url(BiblePaths.progress)),
        ]
        if library.plan != nil { values["planURL"] = .text(context.url(BiblePaths.plan)) }
        return values
    }
}

extension BibleActivity {
    /// Reading progress and plan ticks, highlights, hearts and notes (marks.js), each verse an
    /// OSIS reference (`John.3.16`), the same in every translation.
    static let properties = [
        SchemaProperty("progress", #"""
        {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "chapters": { "type": "array", "items": { "type": "string", "pattern": "^[0-9A-Za-z]+\\.[0-9]+$" } },
                "plan": { "type": "array", "items": { "type": "string", "pattern": "^[0-9]{2}-[0-9]{2}/[0-9]+$" } }
              }
            }
        """#),
        SchemaProperty("highlights", #"""
        {
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
            }
        """#),
        SchemaProperty("hearts", #"""
        {
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
            }
        """#),
        SchemaProperty("notes", #"""
        {
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
            }
        """#),
    ]

    static let definitions = [SchemaProperty("ref", #"{ "type": "string", "pattern": "^[0-9A-Za-z]+\\.[0-9]+\\.[0-9]+$" }"#)]
}
