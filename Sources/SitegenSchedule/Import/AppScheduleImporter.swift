import Foundation
import SitegenSnapshots

/// Imports the phone apps' schedule format (`schedule-*.json`): `{"schedule": [{dateString:
/// "January 27", locality, with, AM, PM, isSunday, status?, comment?, missionaries?}]}`.
/// Dates have no year, so the caller names it; `alignWeekdays` moves the whole schedule by
/// the same few days so that the entries marked `isSunday` fall on Sundays in that year.
public struct AppScheduleImporter {
    public var year: Int
    public var alignWeekdays = false
    /// Team for entries without `missionaries` (a one-team schedule).
    public var team: String?
    public var sessions: SessionDefaults
    public var localities: [Locality]
    /// Places without a locality page the site's other schedules name ("Newfield, NY"): a bare
    /// "Newfield" is written as they write it, so the sheet does not name one place two ways.
    public var knownPlaces: [String] = []

    public init(year: Int, alignWeekdays: Bool = false, team: String? = nil, sessions: SessionDefaults, localities: [Locality]) {
        self.year = year
        self.alignWeekdays = alignWeekdays
        self.team = team
        self.sessions = sessions
        self.localities = localities
    }

    struct Entry: Decodable {
        let dateString: String
        let locality: String?
        let with: [String]?
        let AM: Bool?
        let PM: Bool?
        let isSunday: Bool?
        let status: String?
        let comment: String?
        let missionaries: String?
    }

    struct File: Decodable { let schedule: [Entry] }

    public struct Result: Sendable {
        public let events: [ImportedEvent]
        /// Days every date was moved by (0 unless `alignWeekdays`).
        public let shift: Int
    }

    public func run(_ file: SourceFile, diagnostics: Diagnostics) -> Result? {
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode(File.self, from: Data(file.text.utf8)).schedule
        } catch {
            diagnostics.error("not the apps' schedule format ({\"schedule\": [...]}): \(Self.describe(error, file))", at: file.location(line: 1))
            return nil
        }
        let lines = Self.entryLines(file.text)
        let located = entries.enumerated().map { (i, e) in (e, file.location(line: i < lines.count ? lines[i] : 1)) }
        let dated = located.compactMap { (e, at) -> (Entry, CalendarDate, String?, SourceLocation)? in
            guard let (date, label) = parseDate(e.dateString, at: at, diagnostics: diagnostics) else { return nil }
            return (e, date, label, at)
        }
        let shift = alignWeekdays ? bestShift(dated.map { ($0.1, $0.0.isSunday ?? false) }) : 0
        checkSundays(dated.map { ($0.1.adding(days: shift), $0.0.isSunday ?? false, $0.3) }, diagnostics: diagnostics)
        let matcher = LocalityMatcher(localities)
        let known = Set(localities.map(\.slug))
        var ids = Set<String>()
        let events = dated.compactMap { (e, date, label, at) in
            event(e, date: date.adding(days: shift), label: label, at: at, matcher: matcher, known: known,
                  ids: &ids, diagnostics: diagnostics)
        }
        return Result(events: events, shift: shift)
    }

    /// "January 27" or "April 21 (Easter)" → the date in `year` and the label in brackets.
    func parseDate(_ text: String, at: SourceLocation, diagnostics: Diagnostics) -> (CalendarDate, String?)? {
        var main = text, label: String?
        if let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close {
            label = String(text[text.index(after: open)..<close]).trimmingCharacters(in: .whitespaces)
            main = String(text[..<open]).trimmingCharacters(in: .whitespaces)
        }
        let words = main.split(separator: " ")
        guard words.count == 2, let monthIndex = CalendarDate.monthNames.firstIndex(where: { $0.lowercased() == words[0].lowercased() }),
              let day = Int(words[1]) else {
            diagnostics.error("dateString '\(text)' is not like 'January 27'", at: at)
            return nil
        }
        guard let date = CalendarDate(year: year, month: monthIndex + 1, day: day) else {
            diagnostics.error("dateString '\(text)' does not exist in \(year)", at: at)
            return nil
        }
        return (date, label)
    }

    /// The shift in -3...3 days that puts the most `isSunday` entries on a Sunday (ties: the smaller move).
    func bestShift(_ days: [(CalendarDate, Bool)]) -> Int {
        let candidates = [0, -1, 1, -2, 2, -3, 3]
        return candidates.max { a, b in score(days, a) < score(days, b) } ?? 0
    }

    func score(_ days: [(CalendarDate, Bool)], _ shift: Int) -> Int {
        days.filter { ($0.0.adding(days: shift).weekday == 1) == $0.1 }.count
    }

    func checkSundays(_ days: [(CalendarDate, Bool, SourceLocation)], diagnostics: Diagnostics) {
        for (date, sunday, at) in days where sunday && date.weekday != 1 {
            diagnostics.warning("marked isSunday but \(date) is a \(date.weekdayName) (use --align-weekdays to keep Sundays on Sundays)", at: at)
        }
    }

    func event(_ e: Entry, date: CalendarDate, label: String?, at: SourceLocation, matcher: LocalityMatcher,
               known: Set<String>, ids: inout Set<String>, diagnostics: Diagnostics) -> ImportedEvent? {
        let status: Event.Status
        switch e.status?.lowercased() {
        case nil, "": status = .meeting
        case let s?:
            guard let parsed = Event.Status(rawValue: s) else {
                diagnostics.error("unknown status '\(e.status!)' (known: Arrive, Rest, Travel)", at: at)
                return nil
            }
            status = parsed
        }
        if let slug = e.locality, !known.contains(slug) {
            diagnostics.error("unknown locality '\(slug)': no Content/localities/\(slug).md (import the localities first)", at: at)
            return nil
        }
        var ev = ImportedEvent(id: uniqueID(date: date, e: e, status: status, ids: &ids), date: date)
        ev.status = status
        ev.locality = e.locality
        ev.team = e.missionaries ?? team
        ev.source = at
        for name in e.with ?? [] {
            switch matcher.slug(for: name) {
            case e.locality?: continue // the host itself
            case let slug?: ev.with.append(slug)
            case nil: ev.withOthers.append(placeName(name, at: at, diagnostics: diagnostics))
            }
        }
        ev.comment = comment(e.comment, label: label, date: date, at: at, diagnostics: diagnostics)
        if status == .meeting {
            if e.AM == true { ev.sessions.append(date.weekday == 1 ? sessions.sundayMorning : sessions.morning) }
            if e.PM == true { ev.sessions.append(sessions.evening) }
        }
        return ev
    }

    /// `name`, or the one known place that is `name` with its state or province ("Newfield" →
    /// "Newfield, NY"), with a warning that says so.
    func placeName(_ name: String, at: SourceLocation, diagnostics: Diagnostics) -> String {
        guard !name.contains(",") else { return name }
        let fuller = knownPlaces.filter { $0.hasPrefix(name + ", ") }
        guard fuller.count == 1 else { return name }
        diagnostics.warning("wrote '\(name)' as '\(fuller[0])', as the other schedules name it", at: at)
        return fuller[0]
    }

    /// A date label is kept as a comment, except "Easter" when the date is not Easter Sunday
    /// in the target year (the source's year was a different one).
    func comment(_ comment: String?, label: String?, date: CalendarDate, at: SourceLocation, diagnostics: Diagnostics) -> String? {
        var parts = [comment].compactMap { $0 }.filter { !$0.isEmpty }
        if let label, !label.isEmpty {
            if label.lowercased() == "easter" && Easter.sunday(year: date.year) != date {
                diagnostics.warning("dropped the label '\(label)': \(date) is not Easter Sunday (that is \(Easter.sunday(year: date.year)))", at: at)
            } else {
                parts.insert(label, at: 0)
            }
        }
        parts = parts.compactMap { withoutPastYears($0, date: date, at: at, diagnostics: diagnostics) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The source's dates are moved into `--year`: a year before it in a note ("2019 St. John's
    /// Meetings" on a 2027 date) is the source's own year, stale once moved. It is taken out,
    /// with a warning, so the note keeps what still holds ("St. John's Meetings"); nil when
    /// nothing is left.
    func withoutPastYears(_ note: String, date: CalendarDate, at: SourceLocation, diagnostics: Diagnostics) -> String? {
        let past = Set(PastYears.named(in: note, before: date.year).map(String.init))
        guard !past.isEmpty else { return note }
        let kept = note.split(separator: " ").filter { !past.contains(String($0)) }.joined(separator: " ")
        diagnostics.warning("took \(past.sorted().joined(separator: ", ")) out of the note '\(note)': "
            + "the dates were moved to \(date.year)", at: at)
        return kept.isEmpty ? nil : kept
    }

    func uniqueID(date: CalendarDate, e: Entry, status: Event.Status, ids: inout Set<String>) -> String {
        let base = "\(date)-\(e.locality.map { $0.replacingOccurrences(of: "_", with: "-") } ?? status.rawValue)"
        var id = base, n = 2
        while ids.contains(id) { id = "\(base)-\(n)"; n += 1 }
        ids.insert(id)
        return id
    }

    /// Line of each object in the top-level `schedule` array (JSON decoders do not keep positions).
    static func entryLines(_ text: String) -> [Int] {
        var lines: [Int] = [], line = 1, depth = 0, inString = false, escaped = false
        for ch in text.unicodeScalars {
            if ch == "\n" { line += 1 }
            if inString {
                if escaped { escaped = false } else if ch == "\\" { escaped = true } else if ch == "\"" { inString = false }
                continue
            }
            switch ch {
            case "\"": inString = true
            case "{", "[":
                depth += 1
                if ch == "{" && depth == 3 { lines.append(line) }
            case "}", "]": depth -= 1
            default: break
            }
        }
        return lines
    }

    static func describe(_ error: Error, _ file: SourceFile) -> String { JSONProblem.describe(error, data: Data(file.text.utf8)) }
}

/// Easter Sunday (Gregorian), by the anonymous Gregorian algorithm (Meeus/Jones/Butcher).
public enum Easter {
    public static func sunday(year: Int) -> CalendarDate {
        let a = year % 19, b = year / 100, c = year % 100, d = b / 4, e = b % 4
        let f = (b + 8) / 25, g = (b - f + 1) / 3, h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31, day = (h + l - 7 * m + 114) % 31 + 1
        return CalendarDate(year: year, month: month, day: day)!
    }
}
