import Foundation
import SitegenSnapshots

/// `api/v1/schedule.json`: what the phone apps show offline. Occurrences from the as-of date
/// through the stated window, expanded, plus the rules they came from (so an app can look
/// further ahead itself). The wire format is the apps' model, `ScheduleFile` (SitegenSnapshots).
public enum ScheduleSnapshot {
    /// Encoded as the file without events and occurrences, into which each record (encoded on
    /// its own, a query of `context.queries`: `EventRecord`, `OccurrenceRecord`) is spliced (`SnapshotJSON.splice`; the other members,
    /// dates and numbers, cannot contain `"events":[]`).
    public static func snapshot(_ schedule: Schedule, context: RenderContext) throws -> Snapshot {
        let upcoming = SchedulePieces.upcoming(schedule, context: context)
        let last = context.asOf.adding(days: Schedule.windowDays)
        let withUpcoming = Set(upcoming.map(\.event.uid))
        let events = schedule.events.filter { withUpcoming.contains($0.uid) || $0.date > last }
        let feed = ScheduleFeed(schedule: schedule, asOf: context.asOf, baseURL: context.baseURL, calendarName: "",
                                words: ScheduleWords(context.strings()))
        let window = ScheduleFile.Window(from: context.asOf.description, through: last.description, days: Schedule.windowDays)
        let empty = ScheduleFile(schemaVersion: schema.version, asOf: context.asOf.description, window: window, events: [], occurrences: [])
        var data = try SnapshotJSON.encode(empty)
        let eventData = try events.sorted { $0.uid < $1.uid }.map { e in
            try context.queries.value(EventRecord(event: e, feed: feed.basis)) ?? SnapshotJSON.encode(record(e, schedule: schedule, feed: feed))
        }
        let occurrenceData = try upcoming.map { o in
            try context.queries.value(OccurrenceRecord(occurrence: o, localities: schedule.localities, words: feed.words))
                ?? SnapshotJSON.encode(record(o, schedule: schedule, words: feed.words))
        }
        try SnapshotJSON.splice(eventData, as: "events", into: &data)
        try SnapshotJSON.splice(occurrenceData, as: "occurrences", into: &data)
        return Snapshot(path: "schedule.json", data: data, records: upcoming.count, schema: schema)
    }

    static func record(_ e: Event, schedule: Schedule, feed: ScheduleFeed) -> ScheduleFile.Event {
        let rule = e.recurrence.map { r in
            ScheduleFile.Rule(frequency: r.frequency.rawValue, interval: r.interval, on: r.monthlyOn?.description,
                              until: r.until?.description, count: r.count, except: r.exceptions.map(\.description),
                              rrule: feed.rrule(r, start: e.date, zone: e.sessions.isEmpty ? nil : e.timeZone, time: e.sessions.first?.start))
        }
        return ScheduleFile.Event(uid: e.uid, title: EventText.title(e, schedule: schedule, words: feed.words), category: e.category, status: e.status.rawValue,
                                  team: e.team, locality: e.locality, with: e.with, withOthers: e.withOthers, date: e.date.description,
                                  timeZone: e.timeZone?.identifier,
                                  sessions: e.sessions.map { ScheduleFile.Session(name: $0.name, start: $0.start.description, end: $0.end.description) },
                                  comment: e.comment, recurrence: rule)
    }

    static func record(_ o: Occurrence, schedule: Schedule, words: ScheduleWords) -> ScheduleFile.Occurrence {
        let e = o.event
        let sessions = e.sessions.compactMap { s -> ScheduleFile.Session? in
            guard let zone = e.timeZone, let start = o.start(of: s), let end = o.end(of: s) else { return nil }
            return ScheduleFile.Session(name: s.name, start: ZonedTime.iso8601(start, in: zone), end: ZonedTime.iso8601(end, in: zone))
        }
        return ScheduleFile.Occurrence(uid: e.uid, date: o.date.description, title: EventText.title(e, schedule: schedule, words: words),
                                       category: e.category, status: e.status.rawValue, team: e.team, locality: e.locality,
                                       with: EventText.with(e, schedule: schedule), sessions: sessions, comment: e.comment)
    }

    public static let schema = SnapshotSchema(name: "schedule", version: 1, json: #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "sitegen meetings schedule",
      "description": "Upcoming meetings relative to asOf: occurrences expanded for the window, plus the events (rules) they come from.",
      "type": "object",
      "required": ["schemaVersion", "asOf", "window", "events", "occurrences"],
      "additionalProperties": false,
      "$defs": {
        "date": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" },
        "localTime": { "type": "string", "pattern": "^([01][0-9]|2[0-4]):[0-5][0-9]$" },
        "instant": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[+-][0-9]{2}:[0-9]{2}$" },
        "status": { "enum": ["meeting", "travel", "arrive", "rest"] },
        "slug": { "type": "string", "pattern": "^[a-z0-9_-]+$" }
      },
      "properties": {
        "schemaVersion": { "const": 1 },
        "asOf": { "$ref": "#/$defs/date" },
        "window": {
          "type": "object", "required": ["from", "through", "days"], "additionalProperties": false,
          "properties": { "from": { "$ref": "#/$defs/date" }, "through": { "$ref": "#/$defs/date" }, "days": { "type": "integer", "minimum": 1 } }
        },
        "events": {
          "type": "array",
          "items": {
            "type": "object",
            "required": ["uid", "title", "category", "status", "with", "withOthers", "date", "sessions"],
            "additionalProperties": false,
            "properties": {
              "uid": { "type": "string", "description": "Stable id: schedule file stem / event id" },
              "title": { "type": "string" },
              "category": { "type": "string" },
              "status": { "$ref": "#/$defs/status" },
              "team": { "type": "string" },
              "locality": { "$ref": "#/$defs/slug" },
              "with": { "type": "array", "items": { "$ref": "#/$defs/slug" } },
              "withOthers": { "type": "array", "items": { "type": "string" } },
              "date": { "$ref": "#/$defs/date", "description": "First (or only) date" },
              "timeZone": { "type": "string", "description": "IANA zone of the session times" },
              "sessions": {
                "type": "array",
                "items": { "type": "object", "required": ["name", "start", "end"], "additionalProperties": false,
                  "properties": { "name": { "type": "string" }, "start": { "$ref": "#/$defs/localTime" }, "end": { "$ref": "#/$defs/localTime" } } }
              },
              "comment": { "type": "string" },
              "recurrence": {
                "type": "object",
                "required": ["frequency", "interval", "except", "rrule"],
                "additionalProperties": false,
                "not": { "required": ["until", "count"] },
                "properties": {
                  "frequency": { "enum": ["daily", "weekly", "monthly", "yearly"] },
                  "interval": { "type": "integer", "minimum": 1 },
                  "on": { "type": "string", "description": "Monthly weekday position, e.g. 'first Sunday'" },
                  "until": { "$ref": "#/$defs/date" },
                  "count": { "type": "integer", "minimum": 1 },
                  "except": { "type": "array", "items": { "$ref": "#/$defs/date" } },
                  "rrule": { "type": "string", "description": "The same rule as an RFC 5545 RRULE value" }
                }
              }
            }
          }
        },
        "occurrences": {
          "type": "array",
          "items": {
            "type": "object",
            "required": ["uid", "date", "title", "category", "status", "with", "sessions"],
            "additionalProperties": false,
            "properties": {
              "uid": { "type": "string" },
              "date": { "$ref": "#/$defs/date" },
              "title": { "type": "string" },
              "category": { "type": "string" },
              "status": { "$ref": "#/$defs/status" },
              "team": { "type": "string" },
              "locality": { "$ref": "#/$defs/slug" },
              "with": { "type": "array", "items": { "type": "string" }, "description": "Names of the places joining" },
              "sessions": {
                "type": "array",
                "items": { "type": "object", "required": ["name", "start", "end"], "additionalProperties": false,
                  "properties": { "name": { "type": "string" }, "start": { "$ref": "#/$defs/instant" }, "end": { "$ref": "#/$defs/instant" } } }
              },
              "comment": { "type": "string" }
            }
          }
        }
      }
    }
    """#)
}
