import Foundation
import Testing
@testable import SitegenSchedule

@Suite("iCalendar feeds (RFC 5545)")
struct CalendarTests {
    @Test func textEscaping() {
        #expect(ICalendarText.escape("a\\b;c,d\ne") == "a\\\\b\\;c\\,d\\ne")
        #expect(ICalendarText.escape("<script>alert(1)</script>") == "<script>alert(1)</script>")
        #expect(ICalendarText.escape("bell\u{7}\r\n") == "bell\\n")
    }

    @Test func foldsAt75OctetsWithoutSplittingCharacters() {
        let line = "SUMMARY:" + String(repeating: "é", count: 60) + String(repeating: "x", count: 40) + "🙂🙂"
        let folded = ICalendarText.fold(line)
        let physical = folded.components(separatedBy: "\r\n")
        #expect(physical.count > 1)
        for (i, part) in physical.enumerated() {
            #expect(part.utf8.count <= 75, "line \(i) has \(part.utf8.count) octets")
            if i > 0 { #expect(part.hasPrefix(" ")) }
        }
        // Unfolding (drop CRLF + one space) gives the original back, so no character was cut.
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
    }

    @Test func shortLinesStayAndEveryLineEndsInCRLF() {
        let doc = ICalendarText.document(["BEGIN:VCALENDAR", "END:VCALENDAR"])
        #expect(doc == "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
    }

    func feedText(asOf: String = "2026-11-22") async throws -> String {
        let content = try TempContent([
            "localities/aberdeen.md": aberdeen,
            "localities/evil.md": "---\nname: \"<script>alert(1)</script>, Semi;colon\"\ntime_zone: America/Denver\n---\n",
            "schedule/s.yml": """
            events:
              - id: communion
                date: 2026-12-06
                locality: aberdeen
                with: [evil]
                sessions:
                  - { name: Morning, start: "11:00", end: "13:00" }
                  - { name: Evening, start: "19:00", end: "21:00" }
                repeat: { frequency: monthly, on: first Sunday, until: 2027-12-31, except: [2027-01-03] }
              - { id: travel, date: 2027-01-05, status: travel }
              - id: evil-night
                date: 2027-03-13
                locality: evil
                comment: "Line one\\nline two, with; specials\\\\"
                sessions:
                  - { name: Night, start: "20:00", end: "24:00" }
            """,
        ])
        defer { content.remove() }
        let (schedule, diagnostics) = await content.load()
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        return ScheduleFeed(schedule: schedule, asOf: date(asOf), baseURL: "https://example.org/", calendarName: "Test")
            .text(for: schedule.events)
    }

    /// Unfolded content lines.
    func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    @Test func recurringEventIsOneRRuleNotCopies() async throws {
        let l = lines(try await feedText())
        #expect(l.first == "BEGIN:VCALENDAR" && l.contains("VERSION:2.0") && l.contains { $0.hasPrefix("PRODID:") })
        #expect(l.filter { $0.hasPrefix("UID:s/communion/") }.count == 2) // one per session
        #expect(l.contains("RRULE:FREQ=MONTHLY;BYDAY=1SU;UNTIL=20280101T055959Z"))
        #expect(l.contains("EXDATE;TZID=America/Chicago:20270103T110000"))
        #expect(l.contains("DTSTART;TZID=America/Chicago:20261206T110000"))
        #expect(l.contains("DTSTART;VALUE=DATE:20270105") && l.contains("DTEND;VALUE=DATE:20270106"))
        #expect(l.allSatisfy { !$0.hasPrefix("DTSTAMP:") || $0 == "DTSTAMP:20261122T000000Z" })
    }

    @Test func everyTZIDHasItsVTimeZone() async throws {
        let l = lines(try await feedText())
        let used = Set(l.compactMap { line -> String? in
            guard let r = line.range(of: "TZID=") else { return nil }
            return String(line[r.upperBound...].prefix { $0 != ":" && $0 != ";" })
        })
        let defined = Set(l.filter { $0.hasPrefix("TZID:") }.map { String($0.dropFirst(5)) })
        #expect(used == ["America/Chicago", "America/Denver"])
        #expect(defined == used)
        // The daylight-saving onset of 2027 in Chicago is in the definition.
        #expect(l.contains("DTSTART:20270314T020000"))
    }

    @Test func contentIsEscapedAndMidnightEndIsNextDay() async throws {
        let l = lines(try await feedText())
        #expect(l.contains { $0.hasPrefix("LOCATION:<script>alert(1)</script>\\, Semi\\;colon") })
        #expect(l.contains { $0.contains("Line one\\nline two\\, with\\; specials\\\\") })
        #expect(l.contains("DTEND;TZID=America/Denver:20270314T000000"))
    }

    @Test func sameInputSameBytesAndUIDs() async throws {
        let a = try await feedText(), b = try await feedText()
        #expect(a == b)
        let later = try await feedText(asOf: "2026-12-01")
        #expect(lines(a).filter { $0.hasPrefix("UID:") } == lines(later).filter { $0.hasPrefix("UID:") })
    }
}

/// Escaping and folding work on UTF-8 bytes for speed; they must give what the scalar-by-scalar
/// versions they replaced gave.
@Suite("iCalendar text: byte-level paths match the scalar versions")
struct CalendarTextFastPathTests {
    static func referenceEscape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": continue
            case "\t": out += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func referenceFold(_ line: String) -> String {
        var lines: [String] = []
        var current = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let width = UTF8.width(scalar)
            if octets + width > 75 {
                lines.append(current)
                current = " "
                octets = 1
            }
            current.unicodeScalars.append(scalar)
            octets += width
        }
        lines.append(current)
        return lines.joined(separator: "\r\n")
    }

    @Test func escapeAndFoldMatchTheScalarVersions() {
        let texts = ["", "plain", "a,b;c\\d\ne\r\nf\tg\u{7}h\u{7F}", "Aberdeen, SD · Gackle, ND", "é,ü;\u{301},🙂\\",
                     String(repeating: "é", count: 50) + String(repeating: "x,", count: 30) + "🙂🙂🙂",
                     String(repeating: "a", count: 75), String(repeating: "a", count: 76), String(repeating: "👍🏽", count: 40)]
        for text in texts {
            #expect(ICalendarText.escape(text) == Self.referenceEscape(text), "\(text.debugDescription)")
            #expect(Array(ICalendarText.fold(text).utf8) == Array(Self.referenceFold(text).utf8), "\(text.debugDescription)")
            let escaped = ICalendarText.escape(text)
            #expect(Array(ICalendarText.fold(escaped).utf8) == Array(Self.referenceFold(escaped).utf8))
        }
    }
}
