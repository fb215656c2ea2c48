import SitegenSnapshots

/// What the apps' SQLite bundle holds of the schedule (docs/app-data.md): the localities with
/// their services, and the upcoming meetings (the same window and records as `schedule.json`)
/// with their sessions.
enum ScheduleAppTables {
    static func tables(_ schedule: Schedule, context: RenderContext) -> [AppTable] {
        let upcoming = SchedulePieces.upcoming(schedule, context: context).map { ScheduleSnapshot.record($0, schedule: schedule, words: ScheduleWords(context.strings())) }
        return [localities(schedule, context: context), services(schedule), meetings(upcoming), sessions(upcoming)]
    }

    static func localities(_ schedule: Schedule, context: RenderContext) -> AppTable {
        AppTable(name: "localities", bundle: "schedule",
                 columns: [AppColumn("slug", .text), AppColumn("name", .text), AppColumn("url", .text),
                           AppColumn("address", .text), AppColumn("region", .text, optional: true),
                           AppColumn("country", .text, optional: true), AppColumn("latitude", .real, optional: true),
                           AppColumn("longitude", .real, optional: true), AppColumn("time_zone", .text, optional: true),
                           AppColumn("phone", .text, optional: true)],
                 primaryKey: ["slug"],
                 rows: schedule.localities.sorted { $0.slug < $1.slug }.map { l in
                     [.text(l.slug), .text(l.name), .text(context.url(l.sitePath)), .text(l.address.joined(separator: "\n")),
                      .optional(l.region), .optional(l.country), .optional(l.coordinate?.latitude),
                      .optional(l.coordinate?.longitude), .optional(l.timeZone?.identifier), .optional(l.phone)]
                 })
    }

    /// A locality's regular services; `day` is the weekday's English name, `time` `HH:MM`.
    static func services(_ schedule: Schedule) -> AppTable {
        AppTable(name: "locality_services", bundle: "schedule",
                 columns: [AppColumn("locality", .text), AppColumn("position", .integer), AppColumn("name", .text),
                           AppColumn("day", .text), AppColumn("time", .text, optional: true), AppColumn("note", .text, optional: true)],
                 primaryKey: ["locality", "position"],
                 rows: schedule.localities.sorted { $0.slug < $1.slug }.flatMap { l in
                     l.services.enumerated().map { position, s in
                         [.text(l.slug), .integer(position + 1), .text(s.name), .text(CalendarDate.weekdayNames[s.weekday - 1]),
                          .optional(s.time?.description), .optional(s.note)]
                     }
                 })
    }

    /// The upcoming meetings in date order: `id` is that order (1, 2, …), `date` `YYYY-MM-DD`.
    static func meetings(_ upcoming: [ScheduleFile.Occurrence]) -> AppTable {
        AppTable(name: "meetings", bundle: "schedule",
                 columns: [AppColumn("id", .integer), AppColumn("uid", .text), AppColumn("date", .text), AppColumn("title", .text),
                           AppColumn("category", .text), AppColumn("status", .text), AppColumn("team", .text, optional: true),
                           AppColumn("locality", .text, optional: true), AppColumn("with_names", .text),
                           AppColumn("comment", .text, optional: true)],
                 primaryKey: ["id"],
                 rows: upcoming.enumerated().map { index, o in
                     [.integer(index + 1), .text(o.uid), .text(o.date.description), .text(o.title), .text(o.category),
                      .text(o.status), .optional(o.team), .optional(o.locality), .text(o.with.joined(separator: ", ")),
                      .optional(o.comment)]
                 },
                 indexes: [["date"]])
    }

    /// Each meeting's sessions: `starts` and `ends` in ISO 8601 with the offset of that day.
    static func sessions(_ upcoming: [ScheduleFile.Occurrence]) -> AppTable {
        AppTable(name: "meeting_sessions", bundle: "schedule",
                 columns: [AppColumn("meeting", .integer), AppColumn("position", .integer), AppColumn("name", .text),
                           AppColumn("starts", .text), AppColumn("ends", .text)],
                 primaryKey: ["meeting", "position"],
                 rows: upcoming.enumerated().flatMap { index, o in
                     o.sessions.enumerated().map { position, s in
                         [.integer(index + 1), .integer(position + 1), .text(s.name), .text(s.start), .text(s.end)]
                     }
                 })
    }
}
