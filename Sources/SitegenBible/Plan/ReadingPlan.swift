import Yams

/// A yearly reading plan (M'Cheyne's calendar): for each month-day, one reading per column.
public struct ReadingPlan: Sendable, Hashable {
    public struct Day: Sendable, Hashable {
        /// `MM-DD`.
        public let key: String
        public let month: Int
        public let day: Int
        public let readings: [Reading]
    }

    public let title: String
    public let description: String
    public let columns: [String]
    public let days: [Day]

    public func day(for date: CalendarDate) -> Day? {
        days.first { $0.month == date.month && $0.day == date.day }
    }
}

/// Reads `Content/bible/plan.yml`:
///
///     title: M'Cheyne's Calendar for Daily Readings
///     columns: [Family, Family, Secret, Secret]
///     days:
///       01-01: [Genesis 1, Matthew 1, Ezra 1, Acts 1]
///
/// Every reading is checked against the translation; problems point at the reading itself.
public enum ReadingPlanReader {
    public static func read(_ file: SourceFile, translation: Translation, diagnostics: Diagnostics) -> ReadingPlan? {
        guard let fields = YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: diagnostics) else { return nil }
        let title = fields.string("title", required: true)
        let description = fields.string("description") ?? ""
        let columns = fields.stringList("columns", required: true) ?? []
        let daysNode = fields.node("days")
        fields.reportUnknownKeys()
        guard let daysNode else {
            diagnostics.error("missing 'days' (one line per day: MM-DD: [reading, …])", at: fields.location)
            return nil
        }
        guard case .mapping(let mapping) = daysNode else {
            diagnostics.error("'days' must be a mapping of MM-DD to a list of readings", at: fields.location(of: daysNode))
            return nil
        }
        var days: [ReadingPlan.Day] = []
        for (keyNode, value) in mapping {
            if let day = self.day(keyNode, value, columns: columns.count, fields: fields, translation: translation, diagnostics: diagnostics) {
                if let last = days.last, (last.month, last.day) >= (day.month, day.day) {
                    diagnostics.error("day \(day.key) comes after \(last.key); days must be in calendar order", at: fields.location(of: keyNode))
                }
                days.append(day)
            }
        }
        guard let title else { return nil }
        return ReadingPlan(title: title, description: description, columns: columns, days: days)
    }

    private static func day(_ keyNode: Node, _ value: Node, columns: Int, fields: YAMLFields, translation: Translation,
                            diagnostics: Diagnostics) -> ReadingPlan.Day? {
        let key = keyNode.string ?? ""
        let parts = key.split(separator: "-")
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let month = Int(parts[0]), let day = Int(parts[1]),
              CalendarDate(year: 2024, month: month, day: day) != nil else {
            diagnostics.error("'\(key)' is not a day written MM-DD", at: fields.location(of: keyNode))
            return nil
        }
        guard case .sequence(let items) = value else {
            diagnostics.error("day \(key) must list its readings as [reading, …]", at: fields.location(of: value))
            return nil
        }
        if items.count != columns {
            diagnostics.error("day \(key) has \(items.count) readings; the plan has \(columns) columns", at: fields.location(of: value))
        }
        var readings: [Reading] = []
        for item in items {
            switch ReferenceParser.reading(item.string ?? "", in: translation) {
            case .success(let reading): readings.append(reading)
            case .failure(let error): diagnostics.error(error.description, at: fields.location(of: item))
            }
        }
        return ReadingPlan.Day(key: key, month: month, day: day, readings: readings)
    }
}
