/// JSON Schemas of the Hymnal app's two schedule files, published in `api/v1/schemas/` and
/// listed in the manifest. `required` is what the app force-casts (a missing key crashes it);
/// the other keys are what it reads with `as?`, typed so that a wrong type, which the app would
/// silently drop, fails validation instead.
extension HymnalAppSchedule {
    static let placeDefinition = #"""
    {
      "type": "object",
      "required": ["name", "contactName", "contactPhone", "contactEmail"],
      "properties": {
        "name": { "type": "string" },
        "contactName": { "type": "string", "description": "Empty: the site keeps no person's contact data" },
        "contactPhone": { "type": "string", "description": "Empty: the site keeps no person's contact data" },
        "contactEmail": { "type": "string", "description": "The congregation's own address, or empty" },
        "photoURL": { "type": "string", "format": "uri", "description": "Only at a published address; the app shows its map only with photoURL, latitude and longitude" },
        "locationAddress": { "type": "array", "items": { "type": "string" } },
        "locationLatitude": { "type": "number", "minimum": -90, "maximum": 90 },
        "locationLongitude": { "type": "number", "minimum": -180, "maximum": 180 },
        "mailingAddress": { "type": "array", "items": { "type": "string" } },
        "churchPhone": { "type": "string" }
      }
    }
    """#

    static let localitiesSchema = SnapshotSchema(name: "hymnal-app-localities", version: 1, json: #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "The Hymnal app's localities (api/hymnal-app/localities)",
      "description": "Every locality by its slug, as jemartti/Hymnal's Locality reads it.",
      "type": "object",
      "propertyNames": { "pattern": "^[a-z0-9_-]+$" },
      "additionalProperties": 
    """# + placeDefinition + "\n}\n")

    static let scheduleSchema = SnapshotSchema(name: "hymnal-app-schedule", version: 1, json: #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "The Hymnal app's schedule (api/hymnal-app/schedule)",
      "description": "The mission schedule's days from the build's date on, in date order, and every locality, as jemartti/Hymnal's ScheduleLine and Locality read them.",
      "type": "object",
      "required": ["schedule", "localities"],
      "properties": {
        "schedule": {
          "type": "array",
          "items": {
            "type": "object",
            "required": ["dateString", "isSunday"],
            "properties": {
              "dateString": { "type": "string", "pattern": "^(January|February|March|April|May|June|July|August|September|October|November|December) [1-9][0-9]?$" },
              "isSunday": { "type": "boolean" },
              "status": { "enum": ["Travel", "Arrive", "Rest"] },
              "comment": { "type": "string" },
              "locality": { "type": "string", "description": "A key of localities" },
              "localityPretty": { "type": "string" },
              "with": { "type": "array", "items": { "type": "string" } },
              "AM": { "type": "boolean" },
              "PM": { "type": "boolean" }
            }
          }
        },
        "localities": {
          "type": "object",
          "propertyNames": { "pattern": "^[a-z0-9_-]+$" },
          "additionalProperties": 
    """# + placeDefinition + "\n  }\n  }\n}\n")

    static let schemas = [scheduleSchema, localitiesSchema]
}
