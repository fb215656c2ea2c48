import Foundation
import SitegenSnapshots

/// Imports the apps' `localities.json` (`{"localities": {slug: {name, locationAddress,
/// locationLatitude?, locationLongitude?, summary}}}`) into one `Content/localities/<slug>.md`
/// each. The source has no zones or structured service times: the zone comes from the state
/// or province (with the exceptions where a state spans two zones), and service times are read
/// from the summary sentence; the summary itself becomes the description.
public enum AppLocalitiesImporter {
    struct Entry: Decodable {
        let name: String
        let locationAddress: [String]?
        let locationLatitude: Double?
        let locationLongitude: Double?
        let summary: String?
    }

    struct File: Decodable { let localities: [String: Entry] }

    public struct Output: Sendable {
        public let slug: String
        public let text: String
    }

    /// Zone by state/province code.
    static let zones: [String: String] = [
        "AK": "America/Anchorage", "BC": "America/Vancouver", "CO": "America/Denver", "DE": "America/New_York",
        "MI": "America/Detroit", "MN": "America/Chicago", "MT": "America/Denver", "NC": "America/New_York",
        "ND": "America/Chicago", "ON": "America/Toronto", "SD": "America/Chicago", "WA": "America/Los_Angeles",
        "WI": "America/Chicago", "WY": "America/Denver",
    ]
    /// Places whose zone differs from most of their state (western South Dakota is on Mountain time).
    static let zoneOverrides = ["spearfish": "America/Denver"]
    static let regionsByName = ["colorado": "CO"]
    static let canadian: Set<String> = ["BC", "ON", "AB", "SK", "MB"]

    public static func run(_ file: SourceFile, diagnostics: Diagnostics) -> [Output] {
        let entries: [String: Entry]
        do {
            entries = try JSONDecoder().decode(File.self, from: Data(file.text.utf8)).localities
        } catch {
            diagnostics.error("not the apps' localities format ({\"localities\": {slug: {...}}}): \(AppScheduleImporter.describe(error, file))",
                              at: file.location(line: 1))
            return []
        }
        return entries.keys.sorted().compactMap { slug in
            guard LocalityReader.isValidSlug(slug) else {
                diagnostics.error("locality key '\(slug)' cannot be a file name (lower-case letters, digits, '_' or '-')",
                                  at: file.location(line: line(of: slug, in: file.text)))
                return nil
            }
            return Output(slug: slug, text: text(slug: slug, entry: entries[slug]!))
        }
    }

    static func line(of key: String, in text: String) -> Int {
        guard let range = text.range(of: "\"\(key)\"") else { return 1 }
        return text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
    }

    /// "Aberdeen, SD" → "SD"; "Colorado" → "CO"; "Flathead Valley, MT (Kalispell)" → "MT".
    static func region(_ name: String) -> String? {
        if let r = regionsByName[name.lowercased()] { return r }
        guard let comma = name.lastIndex(of: ",") else { return nil }
        let code = name[name.index(after: comma)...].trimmingCharacters(in: .whitespaces).prefix(2)
        return code.count == 2 && code.allSatisfy(\.isUppercase) ? String(code) : nil
    }

    static func text(slug: String, entry e: Entry) -> String {
        let q = YAMLText.quoted
        let region = region(e.name)
        var lines = ["---", "name: \(q(e.name))"]
        let address = (e.locationAddress ?? []).map(normaliseDashes)
        if !address.isEmpty {
            lines.append("address:")
            lines += address.map { "  - \(q($0))" }
        }
        if let region {
            lines.append("region: \(region)")
            lines.append("country: \(canadian.contains(region) ? "CA" : "US")")
        }
        if let lat = e.locationLatitude, let lon = e.locationLongitude {
            lines.append("latitude: \(lat)")
            lines.append("longitude: \(lon)")
        }
        if let zone = zoneOverrides[slug] ?? region.flatMap({ zones[$0] }) { lines.append("time_zone: \(zone)") }
        let services = ServiceSummary.services(e.summary ?? "")
        if !services.isEmpty {
            lines.append("services:")
            for s in services {
                var item = "  - { name: \(q(s.name)), day: \(CalendarDate.weekdayNames[s.weekday - 1])"
                if let t = s.time { item += ", time: \"\(t)\"" }
                if let n = s.note { item += ", note: \(q(n))" }
                lines.append(item + " }")
            }
        }
        lines.append("---")
        let summary = (e.summary ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return lines.joined(separator: "\n") + "\n" + (summary.isEmpty || summary == "TBD" ? "" : summary + "\n")
    }

    /// The source writes ZIP+4 codes with a figure dash (U+2012); postal services use "-".
    static func normaliseDashes(_ s: String) -> String {
        s.replacingOccurrences(of: "\u{2012}", with: "-").replacingOccurrences(of: "  ", with: " ")
    }
}

/// Reads service times out of the apps' summary sentences, e.g. "Weekly Sunday Services at
/// 11 am. … Sunday school starts 9:45am except on Communion which falls on the first Sunday".
enum ServiceSummary {
    static func services(_ summary: String) -> [Locality.Service] {
        var out: [Locality.Service] = []
        let lower = summary.lowercased()
        if let t = time(after: "services at", in: lower) {
            out.append(Locality.Service(name: "Sunday service", weekday: 1, time: t, note: nil))
        }
        if let range = lower.range(of: "sunday school") {
            let rest = String(lower[range.upperBound...])
            if rest.hasPrefix(" starts after the service") || rest.hasPrefix(" is after the service") {
                out.append(Locality.Service(name: "Sunday school", weekday: 1, time: nil, note: "after the service"))
            } else if let t = time(after: "starts", in: rest) {
                out.append(Locality.Service(name: "Sunday school", weekday: 1, time: t, note: nil))
            }
        }
        if lower.contains("communion") && lower.contains("first sunday") {
            let elsewhere = lower.contains("we meet in")
            out.append(Locality.Service(name: "Communion", weekday: 1, time: nil,
                                        note: elsewhere ? "first Sunday of the month, with another locality" : "first Sunday of the month"))
        }
        return out
    }

    /// "11 am", "11:00 am", "10am", "9:45", "12 noon" right after `marker`.
    static func time(after marker: String, in text: String) -> LocalTime? {
        guard let range = text.range(of: marker) else { return nil }
        let rest = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
        let token = rest.prefix { $0.isNumber || $0 == ":" }
        let after = rest.dropFirst(token.count).trimmingCharacters(in: .whitespaces)
        let parts = token.split(separator: ":")
        guard let h = parts.first.flatMap({ Int($0) }) else { return nil }
        let m = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        var hour = h
        if after.hasPrefix("pm") && h < 12 { hour += 12 }
        if after.hasPrefix("am") && h == 12 { hour = 0 }
        return LocalTime(hour: hour, minute: m)
    }
}
