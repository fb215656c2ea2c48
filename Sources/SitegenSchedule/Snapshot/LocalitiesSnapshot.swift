import Foundation
import SitegenSnapshots

/// `api/v1/localities.json`: every locality with address, coordinates, zone, services and
/// map links, for the apps' offline locality list. The wire format is the apps' model,
/// `LocalitiesFile` (SitegenSnapshots).
public enum LocalitiesSnapshot {
    /// A query of `context.queries` (`LocalitiesSnapshotFile`): made again only when the localities differ.
    public static func snapshot(_ schedule: Schedule, context: RenderContext) throws -> Snapshot {
        try context.queries.value(LocalitiesSnapshotFile(localities: schedule.localities, context: context.settingsOnly))
            ?? snapshot(schedule, context: context) { SchedulePieces.description($0, context: context) }
    }

    static func snapshot(_ schedule: Schedule, context: RenderContext, descriptionHTML: (Locality) -> String) throws -> Snapshot {
        let records = schedule.localities.map { l in
            LocalitiesFile.Locality(
                slug: l.slug, name: l.name, url: context.url(l.sitePath), feed: context.url(l.feedPath), address: l.address,
                region: l.region, country: l.country, latitude: l.coordinate?.latitude, longitude: l.coordinate?.longitude,
                timeZone: l.timeZone?.identifier,
                services: l.services.map {
                    LocalitiesFile.Service(name: $0.name, day: CalendarDate.weekdayNames[$0.weekday - 1], time: $0.time?.description, note: $0.note)
                },
                photo: l.photo.map { context.url($0) }, phone: l.phone, descriptionHTML: descriptionHTML(l),
                mapLinks: Dictionary(MapLinks.links(for: l).map { ($0.name, $0.url) }, uniquingKeysWith: { a, _ in a }))
        }
        return try Snapshot(path: "localities.json", value: LocalitiesFile(schemaVersion: schema.version, localities: records),
                            records: records.count, schema: schema)
    }

    public static let schema = SnapshotSchema(name: "localities", version: 1, json: #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "sitegen localities",
      "description": "The congregations: where they meet, when, and how to get there.",
      "type": "object",
      "required": ["schemaVersion", "localities"],
      "additionalProperties": false,
      "properties": {
        "schemaVersion": { "const": 1 },
        "localities": {
          "type": "array",
          "items": {
            "type": "object",
            "required": ["slug", "name", "url", "feed", "address", "services", "descriptionHTML", "mapLinks"],
            "additionalProperties": false,
            "dependentRequired": { "latitude": ["longitude"], "longitude": ["latitude"] },
            "properties": {
              "slug": { "type": "string", "pattern": "^[a-z0-9_-]+$" },
              "name": { "type": "string", "minLength": 1 },
              "url": { "type": "string" },
              "feed": { "type": "string", "description": "The locality's iCalendar feed" },
              "address": { "type": "array", "items": { "type": "string" } },
              "region": { "type": "string", "description": "State or province code" },
              "country": { "type": "string" },
              "latitude": { "type": "number", "minimum": -90, "maximum": 90 },
              "longitude": { "type": "number", "minimum": -180, "maximum": 180 },
              "timeZone": { "type": "string", "description": "IANA time zone" },
              "services": {
                "type": "array",
                "items": {
                  "type": "object", "required": ["name", "day"], "additionalProperties": false,
                  "properties": {
                    "name": { "type": "string" },
                    "day": { "enum": ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] },
                    "time": { "type": "string", "pattern": "^([01][0-9]|2[0-4]):[0-5][0-9]$" },
                    "note": { "type": "string" }
                  }
                }
              },
              "photo": { "type": "string" },
              "phone": { "type": "string" },
              "descriptionHTML": { "type": "string" },
              "mapLinks": { "type": "object", "additionalProperties": { "type": "string" } }
            }
          }
        }
      }
    }
    """#)
}
