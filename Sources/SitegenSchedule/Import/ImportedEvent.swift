/// An event on its way from another format into a `Content/schedule/*.yml` file. Plain
/// values: the YAML writer turns it into text and the build reads it back with all checks.
public struct ImportedEvent: Sendable, Hashable {
    public var id: String
    public var date: CalendarDate
    public var status: Event.Status = .meeting
    public var category: String?
    public var title: String?
    public var team: String?
    public var locality: String?
    public var with: [String] = []
    public var withOthers: [String] = []
    public var sessions: [Event.Session] = []
    public var comment: String?
    public var recurrence: Recurrence?
    /// Where it came from, for the import command's messages.
    public var source: SourceLocation?

    public init(id: String, date: CalendarDate) {
        self.id = id
        self.date = date
    }
}

/// Writes a schedule file. Every string is written as a double-quoted YAML scalar with JSON
/// escapes (YAML's double-quoted style is a superset), so no content can break the file.
public enum ScheduleYAMLWriter {
    public static func text(title: String, note: String?, events: [ImportedEvent]) -> String {
        var out = ""
        if let note { out += note.split(separator: "\n", omittingEmptySubsequences: false).map { "# \($0)\n" }.joined() }
        out += "title: \(YAMLText.quoted(title))\nevents:\n"
        for e in events.sorted(by: { ($0.date, $0.team ?? "", $0.id) < ($1.date, $1.team ?? "", $1.id) }) {
            out += event(e)
        }
        return out
    }

    static func event(_ e: ImportedEvent) -> String {
        var lines = ["  - id: \(YAMLText.quoted(e.id))", "    date: \(e.date)"]
        if e.status != .meeting { lines.append("    status: \(e.status.rawValue)") }
        if let v = e.category { lines.append("    category: \(YAMLText.quoted(v))") }
        if let v = e.title { lines.append("    title: \(YAMLText.quoted(v))") }
        if let v = e.team { lines.append("    team: \(YAMLText.quoted(v))") }
        if let v = e.locality { lines.append("    locality: \(YAMLText.quoted(v))") }
        if !e.with.isEmpty { lines.append("    with: [\(e.with.map(YAMLText.quoted).joined(separator: ", "))]") }
        if !e.withOthers.isEmpty { lines.append("    with_others: [\(e.withOthers.map(YAMLText.quoted).joined(separator: ", "))]") }
        if !e.sessions.isEmpty {
            lines.append("    sessions:")
            lines += e.sessions.map { "      - { name: \(YAMLText.quoted($0.name)), start: \"\($0.start)\", end: \"\($0.end)\" }" }
        }
        if let v = e.comment { lines.append("    comment: \(YAMLText.quoted(v))") }
        if let r = e.recurrence { lines.append("    repeat: \(recurrence(r))") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func recurrence(_ r: Recurrence) -> String {
        var parts = ["frequency: \(r.frequency.rawValue)"]
        if r.interval > 1 { parts.append("interval: \(r.interval)") }
        if let on = r.monthlyOn { parts.append("on: \(YAMLText.quoted(on.description))") }
        if let until = r.until { parts.append("until: \(until)") }
        if let count = r.count { parts.append("count: \(count)") }
        if !r.exceptions.isEmpty { parts.append("except: [\(r.exceptions.map(\.description).joined(separator: ", "))]") }
        return "{ " + parts.joined(separator: ", ") + " }"
    }
}
