/// What `/my/` (the reader's own marks, kept on the device) needs of the Bible: for every
/// translation, each book's OSIS id, its name as a reference says it ("Salmo" in "Salmo 23:1")
/// and its verse address with the chapter and verse left open, so a mark kept as `John.3.16`
/// links to `/bible/john/3/#v16` — or to `/bible/rv1909/juan/3/#v16` when it was made on the
/// Spanish page — whatever the page looked like when it was made; and the progress and plan links.
enum BibleActivity {
    /// The values `/my/` needs, and the Bible's parts of the reader's export file.
    static func part(_ library: BibleLibrary, context: RenderContext) -> ReaderDataPart {
        ReaderDataPart(values: values(library, context: context), properties: properties, definitions: definitions)
    }

    static func values(_ library: BibleLibrary, context: RenderContext) -> TemplateObject {
        var values: TemplateObject = [
            "bibleJSON": .text(DailyVerseHome.scriptSafe(json(library, context: context))),
            "chapterCount": .number(library.primary.chapterCount),
            "progressURL": .text(context.url(BiblePaths.progress)),
        ]
        if library.plan != nil { values["planURL"] = .text(context.url(BiblePaths.plan)) }
        return values
    }

    /// `{"default":"kjv","editions":[{"id":"kjv","abbreviation":"KJV","books":[{"osis":"Gen",
    /// "name":"Genesis","url":"/bible/genesis/{chapter}/#v{verse}"},…]},…]}`, the default first
    /// and each edition's books in canonical order (how /my/ sorts).
    static func json(_ library: BibleLibrary, context: RenderContext) -> [UInt8] {
        var json: [UInt8] = Array(#"{"default":"#.utf8)
        SnapshotBytes.string(library.primary.id, to: &json)
        json.append(ascii: #","editions":["#)
        for (e, edition) in library.editions.enumerated() {
            if e > 0 { json.append(0x2C) }
            json.append(ascii: #"{"id":"#)
            SnapshotBytes.string(edition.translation.id, to: &json)
            json.append(ascii: #","abbreviation":"#)
            SnapshotBytes.string(edition.translation.abbreviation, to: &json)
            json.append(ascii: #","books":["#)
            for (i, book) in edition.translation.books.enumerated() {
                if i > 0 { json.append(0x2C) }
                json.append(ascii: #"{"osis":"#)
                SnapshotBytes.string(book.osis, to: &json)
                json.append(ascii: #","name":"#)
                SnapshotBytes.string(edition.referenceName(book), to: &json)
                json.append(ascii: #","url":"#)
                SnapshotBytes.string(context.url(BiblePaths.verseTemplate(book.canon, in: edition.pathID)), to: &json)
                json.append(0x7D)
            }
            json.append(ascii: "]}")
        }
        json.append(ascii: "]}")
        return json
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
                  "text": { "type": "string", "description": "the verse's text when it was marked" },
                  "translation": { "$ref": "#/$defs/translation" }
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
                  "text": { "type": "string", "description": "the verse's text when it was marked" },
                  "translation": { "$ref": "#/$defs/translation" }
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
                  "text": { "type": "string", "description": "the verse's text when the note was written" },
                  "translation": { "$ref": "#/$defs/translation" }
                }
              }
            }
        """#),
    ]

    static let definitions = [SchemaProperty("ref", #"{ "type": "string", "pattern": "^[0-9A-Za-z]+\\.[0-9]+\\.[0-9]+$" }"#),
                              // Version 2: where the mark was made, so /my/ links back to that translation's chapter.
                              SchemaProperty("translation", #"""
        { "type": "string", "pattern": "^[a-z0-9][a-z0-9_-]{0,31}$",
                "description": "the id of the translation the text is in (the mark was made there); without it, the default translation" }
        """#)]
}
