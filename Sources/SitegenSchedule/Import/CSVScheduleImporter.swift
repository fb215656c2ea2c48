import Foundation
import SwiftCSV

/// Imports a schedule kept in a spreadsheet and exported as CSV (UTF-8, comma-separated,
/// header row). Columns, in any order, names case-insensitive:
///
/// `date` (YYYY-MM-DD, required), `id`, `status` (meeting/travel/arrive/rest), `category`,
/// `title`, `team`, `locality` (slug or name), `with` (names or slugs separated by `;`),
/// `morning`/`evening` (`10:00-12:00`, or `yes` for the default times), `comment`,
/// `repeat` (none/daily/weekly/every-2-weeks/monthly/yearly), `on` (`first Sunday`),
/// `until`, `count`, `except` (dates separated by `;`).
public struct CSVScheduleImporter {
    public var sessions: SessionDefaults
    public var localities: [Locality]

    public init(sessions: SessionDefaults, localities: [Locality]) {
        self.sessions = sessions
        self.localities = localities
    }

    public static let columns = ["id", "date", "status", "category", "title", "team", "locality", "with", "morning",
                                 "evening", "comment", "repeat", "on", "until", "count", "except"]

    /// One data row with where it is, so every message points at the cell.
    struct Row {
        let cells: [String: String]
        let line: Int
        let columns: [String: Int]
        let path: String

        /// Spaces and byte-order marks around a cell are not content (a BOM at the start of a
        /// value would not survive YAML either: Yams drops it, escaped or not).
        static let padding = CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\u{FEFF}"))

        subscript(_ name: String) -> String? {
            guard let v = cells[name]?.trimmingCharacters(in: Self.padding), !v.isEmpty else { return nil }
            return v
        }

        func at(_ name: String) -> SourceLocation { SourceLocation(path: path, line: line, column: columns[name] ?? 1) }
    }

    public func run(_ file: SourceFile, diagnostics: Diagnostics) -> [ImportedEvent] {
        let csv: EnumeratedCSV
        do {
            csv = try EnumeratedCSV(string: file.text, delimiter: .comma, loadColumns: false)
        } catch {
            diagnostics.error("not a readable CSV file: \(error)", at: file.location(line: 1))
            return []
        }
        let header = csv.header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        for (i, name) in header.enumerated() where !Self.columns.contains(name) {
            diagnostics.error("unknown column '\(csv.header[i])' (known: \(Self.columns.joined(separator: ", ")))",
                              at: file.location(line: 1, column: column(of: i, in: csv.header)))
        }
        if !header.contains("date") { diagnostics.error("the header row has no 'date' column", at: file.location(line: 1)); return [] }
        var line = 2
        var ids = Set<String>()
        let matcher = LocalityMatcher(localities)
        return csv.rows.compactMap { cells in
            defer { line += 1 + cells.reduce(0) { $0 + $1.filter { $0 == "\n" }.count } }
            if cells.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { return nil }
            var named: [String: String] = [:], positions: [String: Int] = [:]
            for (i, name) in header.enumerated() where i < cells.count {
                named[name] = cells[i]
                positions[name] = column(of: i, in: cells)
            }
            let row = Row(cells: named, line: line, columns: positions, path: file.path)
            return event(row, matcher: matcher, ids: &ids, diagnostics: diagnostics)
        }
    }

    /// Character column where cell `index` starts (exact for unquoted cells).
    func column(of index: Int, in cells: [String]) -> Int {
        cells.prefix(index).reduce(1) { $0 + $1.count + 1 }
    }

    func event(_ row: Row, matcher: LocalityMatcher, ids: inout Set<String>, diagnostics: Diagnostics) -> ImportedEvent? {
        guard let dateText = row["date"] else { diagnostics.error("missing date", at: row.at("date")); return nil }
        guard let date = CalendarDate(dateText) else {
            diagnostics.error("date '\(dateText)' must be written YYYY-MM-DD and exist", at: row.at("date"))
            return nil
        }
        var status = Event.Status.meeting
        if let text = row["status"] {
            guard let s = Event.Status(rawValue: text.lowercased()) else {
                diagnostics.error("status '\(text)' must be meeting, travel, arrive or rest", at: row.at("status"))
                return nil
            }
            status = s
        }
        var locality: String?
        if let text = row["locality"] {
            guard let slug = matcher.slug(for: text) else {
                diagnostics.error("unknown locality '\(text)': no Content/localities file has this slug or name", at: row.at("locality"))
                return nil
            }
            locality = slug
        }
        let id = row["id"] ?? "\(date)-\(locality?.replacingOccurrences(of: "_", with: "-") ?? status.rawValue)"
        guard LocalityReader.isValidSlug(id), ids.insert(id).inserted else {
            diagnostics.error("id '\(id)' must be unique and made of lower-case letters, digits, '-' or '_'", at: row.at(row["id"] == nil ? "date" : "id"))
            return nil
        }
        var ev = ImportedEvent(id: id, date: date)
        ev.status = status
        ev.locality = locality
        ev.category = row["category"]
        ev.title = row["title"]
        ev.team = row["team"]
        ev.comment = row["comment"]
        ev.source = row.at("date")
        for name in list(row["with"]) {
            if let slug = matcher.slug(for: name) { ev.with.append(slug) } else { ev.withOthers.append(name) }
        }
        var ok = true
        for (column, fallback) in [("morning", date.weekday == 1 ? sessions.sundayMorning : sessions.morning), ("evening", sessions.evening)] {
            guard let text = row[column], !["no", "n", "false", "0"].contains(text.lowercased()) else { continue }
            if ["yes", "y", "x", "true", "1"].contains(text.lowercased()) { ev.sessions.append(fallback); continue }
            do { ev.sessions.append(try SessionDefaults.parse(text, name: column.capitalized)) } catch {
                diagnostics.error("\(column): \(error)", at: row.at(column)); ok = false
            }
        }
        ev.recurrence = recurrence(row, date: date, ok: &ok, diagnostics: diagnostics)
        return ok ? ev : nil
    }

    func list(_ text: String?) -> [String] {
        (text ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func recurrence(_ row: Row, date: CalendarDate, ok: inout Bool, diagnostics: Diagnostics) -> Recurrence? {
        guard let name = row["repeat"], name.lowercased() != "none" else { return nil }
        guard let (frequency, interval) = RecurrenceParser.frequencies[name.lowercased()], let frequency else {
            diagnostics.error("repeat '\(name)' must be one of none, daily, weekly, every-2-weeks, monthly, yearly", at: row.at("repeat"))
            ok = false
            return nil
        }
        var on: Recurrence.MonthlyWeekday?
        if let text = row["on"] {
            on = Recurrence.MonthlyWeekday(text)
            if on == nil || frequency != .monthly || on?.date(year: date.year, month: date.month) != date {
                diagnostics.error("on '\(text)' must be like 'first Sunday', go with monthly, and match the date \(date)", at: row.at("on"))
                ok = false
            }
        }
        let until = row["until"].flatMap(CalendarDate.init)
        if let text = row["until"], until == nil || until! < date {
            diagnostics.error("until '\(text)' must be a date YYYY-MM-DD on or after \(date)", at: row.at("until")); ok = false
        }
        let count = row["count"].flatMap { Int($0) }
        if let text = row["count"], (count ?? 0) < 1 {
            diagnostics.error("count '\(text)' must be a whole number of 1 or more", at: row.at("count")); ok = false
        }
        if until != nil && count != nil {
            diagnostics.error("a recurrence may end with 'until' or 'count', not both", at: row.at("count")); ok = false
        }
        let exceptions = list(row["except"]).compactMap { text -> CalendarDate? in
            guard let d = CalendarDate(text) else {
                diagnostics.error("except date '\(text)' must be written YYYY-MM-DD and exist", at: row.at("except")); ok = false
                return nil
            }
            return d
        }
        return Recurrence(frequency: frequency, interval: interval, monthlyOn: on, until: until, count: count, exceptions: exceptions)
    }
}
