import Foundation

/// Reads `Content/schedule/*.yml`: a `title` and a list of `events`, each checked against the
/// localities (unknown slugs, missing time zones) and against itself (dates that do not exist,
/// sessions outside their day, recurrences with both `count` and `until`).
public enum ScheduleReader {
    public static let folder = "schedule"

    /// The localities events are checked against, and how their folder is named in messages.
    public struct Localities: Sendable, Equatable {
        public let bySlug: [String: Locality]
        public let folder: String

        init(_ localities: [Locality], in content: SourceTree) {
            bySlug = Dictionary(localities.map { ($0.slug, $0) }, uniquingKeysWith: { a, _ in a })
            folder = content.subtree(LocalityReader.folder).displayPath
        }
    }

    /// `queries` remembers the events of files that did not change while the localities are the same.
    public static func read(content: SourceTree, localities: [Locality], diagnostics: Diagnostics,
                            queries: QueryEngine = QueryEngine()) async -> [Event] {
        let tree = content.subtree(folder)
        let paths = tree.files(withExtensions: ["yml", "yaml"], diagnostics: diagnostics)
        let known = Localities(localities, in: content)
        return await concurrentMap(paths) { relative -> [Event] in
            queries.read(relative, in: tree, with: ScheduleFile(localities: known), diagnostics: diagnostics)
        }.flatMap { $0 }
    }

    /// A schedule file's events, checked against the localities (part of the key: a schedule
    /// file is read again when they differ).
    struct ScheduleFile: SourceFileReader {
        typealias Value = [Event]
        let localities: Localities

        func read(_ tree: SourceTree, _ relative: String, _ queries: Queries) -> [Event] {
            ScheduleReader.readFile(tree, relative, localities, queries.diagnostics)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(localities.folder)
            hasher.combine(localities.bySlug.count)
        }
    }

    /// One schedule file checked as the build checks it, against `localities`: what `sitegen new
    /// meeting` and the importers run on a file before they write it, so they never write one
    /// the build refuses.
    public static func check(_ content: SourceTree, _ relative: String, localities: [Locality], diagnostics: Diagnostics) -> [Event] {
        guard relative.hasPrefix(folder + "/") else { return [] }
        let known = Localities(localities, in: content)
        return readFile(content.subtree(folder), String(relative.dropFirst(folder.count + 1)), known, diagnostics)
    }

    /// One schedule file, read and checked on its own (no events when unreadable).
    public static func readFile(_ tree: SourceTree, _ relative: String, _ localities: Localities, _ diagnostics: Diagnostics) -> [Event] {
        guard let file = tree.read(relative, diagnostics: diagnostics), file.isWithin(.schedule, diagnostics: diagnostics),
              let fields = YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: diagnostics) else { return [] }
        return parse(fields, fileStem: stem(relative), localities: localities.bySlug, localitiesFolder: localities.folder,
                     diagnostics: diagnostics)
    }

    /// `2027/winter.yml` → `2027-winter`: part of every event's UID, so keep file names stable.
    static func stem(_ relative: String) -> String {
        var name = relative
        if let dot = name.lastIndex(of: "."), !name[dot...].contains("/") { name = String(name[..<dot]) }
        return name.replacingOccurrences(of: "/", with: "-")
    }

    public static func parse(_ fields: YAMLFields, fileStem: String, localities: [String: Locality],
                             localitiesFolder: String = "Content/localities", diagnostics: Diagnostics) -> [Event] {
        defer { fields.reportUnknownKeys() }
        _ = fields.string("title")
        let items = fields.mappingList("events", required: true) ?? []
        var seen: [String: SourceLocation] = [:]
        var events: [Event] = []
        for item in items {
            guard let event = EventParser(fields: item, file: fileStem, localities: localities, localitiesFolder: localitiesFolder,
                                          diagnostics: diagnostics).parse()
            else { continue }
            if let first = seen[event.id] {
                item.error("duplicate event id '\(event.id)' (first used at line \(first.line))", at: "id")
                continue
            }
            seen[event.id] = item.location(ofKey: "id")
            events.append(event)
        }
        return events
    }
}

/// Parses one item of `events:`.
struct EventParser {
    let fields: YAMLFields
    let file: String
    let localities: [String: Locality]
    /// How the localities folder is printed, for "no such file" hints.
    let localitiesFolder: String
    let diagnostics: Diagnostics

    func parse() -> Event? {
        defer { fields.reportUnknownKeys() }
        let id = fields.string("id", required: true)
        if let id, !LocalityReader.isValidSlug(id) {
            fields.error("'id' must be lower-case letters, digits, '_' or '-' (it names the event in calendars), not '\(id)'", at: "id")
        }
        let date = fields.date("date", required: true)
        let status = status()
        let locality = localitySlug("locality")
        let with = (fields.stringList("with") ?? []).filter { checkLocality($0, key: "with") }
        let withOthers = fields.stringList("with_others") ?? []
        var sessions = (fields.mappingList("sessions") ?? []).compactMap(session)
        if sessions.count > Event.maximumSessions {
            // Each session is an entry of the calendar feeds that lists all of them.
            fields.error("an event has at most \(Event.maximumSessions) sessions, not \(sessions.count)", at: "sessions")
            sessions = []
        }
        // A misspelt locality was reported already: its missing zone would be the same mistake twice.
        let zone = resolvedZone(locality: locality, timed: !sessions.isEmpty && (locality != nil || !fields.has("locality")))
        let recurrence = date.flatMap { RecurrenceParser(fields: fields, start: $0).parse() }
        if date == nil { _ = fields.node("repeat") }   // known: its rule cannot be checked without the date
        let category = fields.string("category") ?? (status == .meeting ? Event.defaultCategory : status.label)
        let comment = fields.string("comment")
        // Every key is read before giving up on a bad id or date, or the unread ones would be
        // reported as unknown keys: one mistake, one message.
        let title = fields.string("title"), team = fields.string("team")
        guard let id, let date, LocalityReader.isValidSlug(id) else { return nil }
        if let comment { warnAboutPastYears(comment, before: date.year) }
        return Event(id: id, file: file, title: title, category: category, categoryGiven: fields.has("category"), status: status,
                     team: team, locality: locality, with: with, withOthers: withOthers, date: date,
                     sessions: sessions.sorted { $0.start < $1.start }, comment: comment,
                     recurrence: recurrence, timeZone: zone, source: fields.location)
    }

    /// A note naming a year before the event's own ("2019 St. John's Meetings" on a 2027 date) is
    /// usually text carried over from an old schedule: a warning, since only a person can tell.
    func warnAboutPastYears(_ comment: String, before year: Int) {
        let past = PastYears.named(in: comment, before: year)
        guard !past.isEmpty else { return }
        let years = past.map(String.init).joined(separator: ", ")
        diagnostics.warning("'comment' names \(years), before this event's year \(year): "
            + "is it left over from an old schedule? Update or remove it if so", at: fields.location(ofKey: "comment"))
    }

    func status() -> Event.Status {
        guard let text = fields.string("status") else { return .meeting }
        guard let status = Event.Status(rawValue: text.lowercased()) else {
            fields.error("'status' must be one of \(Event.Status.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'", at: "status")
            return .meeting
        }
        return status
    }

    func localitySlug(_ key: String) -> String? {
        guard let slug = fields.string(key) else { return nil }
        return checkLocality(slug, key: key) ? slug : nil
    }

    func checkLocality(_ slug: String, key: String) -> Bool {
        if localities[slug] != nil { return true }
        let hint = nearest(slug).map { " (did you mean '\($0)'?)" } ?? ""
        fields.error("unknown locality '\(slug)' in '\(key)': no \(localitiesFolder)/\(slug).md\(hint)", at: key)
        return false
    }

    /// A known slug that starts like the unknown one, for the error message.
    func nearest(_ slug: String) -> String? {
        let prefix = String(slug.prefix(3))
        return localities.keys.sorted().first { !prefix.isEmpty && $0.hasPrefix(prefix) }
    }

    func session(_ item: YAMLFields) -> Event.Session? {
        defer { item.reportUnknownKeys() }
        let name = item.string("name") ?? "Meeting"
        let start = FieldParsing.time(item, key: "start", required: true)
        let end = FieldParsing.time(item, key: "end", required: true)
        guard let start, let end else { return nil }
        if start.minutes >= 24 * 60 {
            item.error("session '\(name)' starts at 24:00, outside its day", at: "start")
            return nil
        }
        if end <= start {
            item.error("session '\(name)' ends (\(end)) before it starts (\(start)): a session must lie within its day", at: "end")
            return nil
        }
        return Event.Session(name: name, start: start, end: end)
    }

    /// Timed sessions need a zone: the event's own `time_zone`, else the locality's.
    func resolvedZone(locality: String?, timed: Bool) -> TimeZone? {
        if fields.has("time_zone") { return FieldParsing.timeZone(fields, key: "time_zone") }
        let zone = localities[locality ?? ""]?.timeZone
        if timed && zone == nil {
            let why = locality.map { "locality '\($0)' has no time_zone" } ?? "the event has no locality"
            fields.error("session times need a time zone, but \(why); add 'time_zone: Area/City' to the event or the locality",
                         at: "sessions")
        }
        return zone
    }
}

extension Event {
    /// Sessions in one day: far more than any real day has, few enough that the feeds (one entry
    /// per session, each listing them all) stay small.
    public static let maximumSessions = 24
}
