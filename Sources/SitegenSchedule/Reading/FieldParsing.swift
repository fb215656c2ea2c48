import Foundation

/// Typed values the schedule formats share (times, zones, weekdays), each reported with the
/// position of the offending value.
enum FieldParsing {
    static func time(_ fields: YAMLFields, key: String, required: Bool = false) -> LocalTime? {
        guard let text = fields.string(key, required: required) else { return nil }
        guard let time = LocalTime(text) else {
            fields.error("'\(key)' must be a time of day written HH:MM (00:00 to 24:00), not '\(text)'", at: key)
            return nil
        }
        return time
    }

    static func timeZone(_ fields: YAMLFields, key: String) -> TimeZone? {
        guard let name = fields.string(key) else { return nil }
        guard name.contains("/") || name == "UTC", let zone = TimeZone(identifier: name) else {
            fields.error("unknown time zone '\(name)' (use an IANA name like America/Chicago)", at: key)
            return nil
        }
        return zone
    }

    static func weekday(_ fields: YAMLFields, key: String, required: Bool = false) -> Int? {
        guard let text = fields.string(key, required: required) else { return nil }
        guard let index = CalendarDate.weekdayNames.firstIndex(where: { $0.lowercased() == text.lowercased() }) else {
            fields.error("'\(key)' must be a weekday name like Sunday, not '\(text)'", at: key)
            return nil
        }
        return index + 1
    }
}
