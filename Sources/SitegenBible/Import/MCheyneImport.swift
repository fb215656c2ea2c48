import Foundation

/// Converts M'Cheyne's calendar as published by speric/mcheyne-api (`plan.json`: keys "MMDD",
/// each `{"family": [OT, NT], "secret": [OT, NT]}`) into `Content/bible/plan.yml`, one line
/// per day. Whitespace inside a reference is collapsed (the source has "Acts  \n4" on 01-04);
/// every such repair is reported as a warning so the volunteer sees what changed.
public enum MCheyneImport {
    public static let columns = ["Family 1", "Family 2", "Secret 1", "Secret 2"]

    /// One day of the source; a part that is missing or not a list of strings is nil (and the
    /// day reported), so one bad day does not hide the others.
    struct Day: Decodable {
        let family: [String]?
        let secret: [String]?

        enum CodingKeys: String, CodingKey { case family, secret }

        init(from decoder: Decoder) throws {
            let fields = try? decoder.container(keyedBy: CodingKeys.self)
            family = try? fields?.decode([String].self, forKey: .family)
            secret = try? fields?.decode([String].self, forKey: .secret)
        }
    }

    public static func convert(_ data: Data, path: String, diagnostics: Diagnostics) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        guard let days = try? JSONDecoder().decode([String: Day].self, from: data) else {
            diagnostics.error("expected a JSON object of days (\"0101\": {\"family\": […], \"secret\": […]})",
                              at: SourceLocation(path: path))
            return nil
        }
        var lines = header()
        for key in days.keys.sorted() {
            let location = locate(key, in: text, path: path)
            guard key.count == 4, let month = Int(key.prefix(2)), let day = Int(key.suffix(2)),
                  CalendarDate(year: 2024, month: month, day: day) != nil else {
                diagnostics.error("'\(key)' is not a day written MMDD", at: location)
                continue
            }
            guard let family = days[key]?.family, let secret = days[key]?.secret, family.count == 2, secret.count == 2 else {
                diagnostics.error("day \(key) needs \"family\" and \"secret\", two references each", at: location)
                continue
            }
            let readings = (family + secret).map { raw -> String in
                let clean = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if clean != raw { diagnostics.warning("day \(key): reference \(debugQuoted(raw)) tidied to '\(clean)'", at: location) }
                return clean
            }
            lines.append("  \(key.prefix(2))-\(key.suffix(2)): [\(readings.map(YAMLText.plainIfSafe).joined(separator: ", "))]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func header() -> [String] {
        [
            "# Robert Murray M'Cheyne's Calendar for Daily Readings (1842; public domain).",
            "# Made by `sitegen import mccheyne` from speric/mcheyne-api's plan.json; edit freely.",
            "# One line per day, MM-DD: [four readings]. A reading is a reference such as",
            "# 'Genesis 9-10', 'Luke 1:1-38', 'Luke 1:39ff' (to the end of the chapter), 'Isaiah 9:8-10:4'",
            "# or 'Jeremiah 36 & 45'. Every reference is checked against the Bible when the site is built.",
            "title: M'Cheyne's Bible Reading Calendar",
            "description: \"The whole Bible in a year, the New Testament and Psalms twice; two readings for the family and two for secret (private) reading each day.\"",
            "columns: [\(columns.joined(separator: ", "))]",
            "days:",
        ]
    }

    static func debugQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\n", with: "\\n") + "'"
    }

    /// Line of a key in the JSON text, for messages.
    static func locate(_ key: String, in text: String, path: String) -> SourceLocation {
        guard let range = text.range(of: "\"\(key)\"") else { return SourceLocation(path: path) }
        let before = text[..<range.lowerBound]
        let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let column = before.distance(from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex, to: before.endIndex) + 1
        return SourceLocation(path: path, line: line, column: column)
    }
}
