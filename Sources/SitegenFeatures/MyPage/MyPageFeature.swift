/// `/my/`, the reader's own page: the highlights, hearts, notes, favourite hymns and reading
/// progress kept in the reader's browser (marks.js, my.js, docs/marks.md), shown with what each
/// kind gives it to name and link them (`ReaderDataPart.values`); made when the templates have
/// `my`. And the one file the reader exports from it and imports back: its JSON Schema, put
/// together from every kind's part, is published in `api/v1/schemas/` and listed in the
/// manifest, so another app can read and write the same file.
public struct MyPageFeature: SiteFeature {
    public init() {}

    public var name: String { "my" }
    public var stage: FeatureStage { .contributions }

    public static let path = "my/"

    public func pages(_ site: SitePlan, context: RenderContext) -> [PageSpec] {
        guard site.pages[Self.path] == nil, context.templates.has("my") else { return [] }
        let values = site.contributions(ReaderDataPart.self).mergedValues({ ($0.contributor, $0.value.values) }, what: "/my/ page",
                                                                           at: SourceLocation(path: context.templates.tree.display("my.mustache")),
                                                                           diagnostics: context.diagnostics)
        return [PageSpec(path: Self.path, template: "my", title: context.strings()["myTitle"],
                         description: context.strings()["description.my"],
                         values: values)]
    }

    /// Each kind's part of the export file.
    public func input(_ site: SiteSoFar, context: RenderContext) -> [ReaderDataPart] {
        site.contributions(ReaderDataPart.self).map(\.value)
    }

    public func make(_ parts: [ReaderDataPart], context: RenderContext, cache: NoFeatureCache) throws -> FeatureFiles {
        FeatureFiles(contributions: Contributions(ManifestListing(schemas: [ReaderDataSchema.schema(parts)])))
    }
}

/// The JSON Schema of the reader's export file: the envelope (format, version, when exported)
/// and each kind's properties. Verses are OSIS references (`John.3.16`), the same in every
/// translation.
enum ReaderDataSchema {
    /// 2: a verse's marks name their translation (version 1 files, without it, still import).
    static let version = 2

    static func schema(_ parts: [ReaderDataPart]) -> SnapshotSchema {
        let properties = [SchemaProperty("format", #"{ "const": "sitegen-reader-data" }"#),
                          SchemaProperty("version", #"{ "enum": [1, \#(version)] }"#),
                          SchemaProperty("exported", ##"{ "$ref": "#/$defs/time" }"##)] + parts.flatMap(\.properties)
        let definitions = parts.flatMap(\.definitions)
            + [SchemaProperty("time", #"{ "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z$" }"#)]
        let json = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "sitegen reader data",
          "description": "What a reader keeps on the device, as /my/ exports it. Import merges: it adds what is missing and never removes.",
          "type": "object",
          "required": ["format", "version"],
          "additionalProperties": false,
          "properties": {
        \(members(properties))
          },
          "$defs": {
        \(members(definitions))
          }
        }
        """
        return SnapshotSchema(name: "reader-data", version: version, json: json)
    }

    /// `"name": schema` lines, four spaces in, separated by commas.
    private static func members(_ list: [SchemaProperty]) -> String {
        list.map { "    " + JSONText.quoted($0.name) + ": " + $0.schema }.joined(separator: ",\n")
    }
}
