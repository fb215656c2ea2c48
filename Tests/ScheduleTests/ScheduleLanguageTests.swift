import Foundation
import Testing
@testable import SitegenSchedule
@testable import SitegenCore

/// The schedule's words on a `language: es` site come from the bundled Spanish table
/// (Content/strings/es.yml): times on a 24-hour clock, repeat rules, the sheet's day runs and
/// regular services, the calendar files' descriptions. No English pattern is left in the code.
@Suite("Schedule in the site's language")
struct ScheduleLanguageTests {
    /// The repository's own Spanish table, as a Spanish site reads it.
    static func spanish() throws -> StringTable {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let diagnostics = Diagnostics()
        let tables = StringTable.read(SourceTree(url: repository.appendingPathComponent("Content"), displayPath: "Content"),
                                      languages: [("es", SourceLocation(path: "Content/site.yml"))], diagnostics: diagnostics)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        return try #require(tables["es"])
    }

    static func spanishContext() throws -> RenderContext {
        let english = makeContext()
        var config = english.config
        config.strings = StringTables(site: "es", tables: ["es": try spanish(), "en": .builtIn])
        return RenderContext(config: config, baseURL: english.baseURL, asOf: english.asOf, templates: english.templates,
                             diagnostics: Diagnostics(), jobs: 1, generator: "test")
    }

    func session(_ start: String, _ end: String) -> Event.Session {
        Event.Session(name: "S", start: LocalTime(start)!, end: LocalTime(end)!)
    }

    @Test func timesAreTheLanguagesClock() throws {
        let en = ScheduleWords.english, es = ScheduleWords(try Self.spanish())
        #expect(["09:30", "12:00", "00:00", "19:00"].map { en.time(LocalTime($0)!) } == ["9:30 am", "12 noon", "12 midnight", "7 pm"])
        #expect(["09:30", "12:00", "00:00", "19:00"].map { es.time(LocalTime($0)!) } == ["9:30", "12:00", "0:00", "19:00"])
        #expect(en.range(session("19:00", "21:00")) == "7–9 pm" && en.range(session("11:00", "12:30")) == "11 am–12:30 pm")
        #expect(es.range(session("19:00", "21:00")) == "19:00–21:00" && es.range(session("10:00", "12:00")) == "10:00–12:00")
    }

    @Test func repeatRulesAreSaidInTheTablesWords() throws {
        let en = ScheduleWords.english, es = ScheduleWords(try Self.spanish())
        let everyTwoWeeks = Recurrence(frequency: .weekly, interval: 2, until: date("2026-12-01"), count: 5)
        #expect(en.repeats(everyTwoWeeks) == "Repeats every 2 weeks until Tuesday, 1 December 2026, 5 times")
        #expect(es.repeats(everyTwoWeeks) == "Se repite cada 2 semanas hasta el martes, 1 de diciembre de 2026, 5 veces")
        let lastFriday = Recurrence(frequency: .monthly, monthlyOn: .init(ordinal: -1, weekday: 6))
        #expect(en.summary(lastFriday) == "monthly on the last Friday" && es.summary(lastFriday) == "cada mes, el último viernes")
        #expect(es.pattern(lastFriday, first: date("2026-11-27")) == "el último viernes del mes")
        #expect(es.pattern(Recurrence(frequency: .yearly), first: date("2026-12-06")) == "cada año el 6 de diciembre")
    }

    @Test func theSheetIsInSpanish() async throws {
        let content = try TempContent(PrintSheetTests.files)
        defer { content.remove() }
        let (schedule, _) = await content.load()
        let values = PrintSheet.spec(schedule, context: try Self.spanishContext()).values
        let rows = values["months"]!.items.flatMap { $0["rows"]!.items }
        #expect(rows[0]["datesStart"]?.string == "sáb 23" && rows[0]["datesEnd"]?.string == "dom, 24 ene")
        let meetings = rows.map { row in
            row["meetings"]!.items.map { run in
                (run["hasDays"] == .flag(true) ? run["days"]!.string! + " " : "")
                    + run["ranges"]!.items.map { $0["separator"]!.string! + $0["text"]!.string! }.joined()
            }
        }
        #expect(meetings == [["sáb 19:00–21:00", "dom 11:00–12:30, 19:00–21:00"], ["Horario por anunciar"]])
        let lines = values["services"]!.items[0]["items"]!.items.compactMap { $0["text"]?.string }
        #expect(lines == ["Sunday service los domingos 11:00",
                          "Sunday school los domingos 9:45, 29 nov 2026 – 28 feb 2027 (excepto 6 dic)",
                          "Communion el primer domingo del mes 11:00, desde el 6 dic 2026"], "\(lines)")
    }

    @Test func calendarFilesDescribeInSpanishAndStayEscaped() async throws {
        let content = try TempContent(PrintSheetTests.files.merging([
            "localities/quiet.md": "---\nname: \"Quiet, ND\"\ntime_zone: America/Chicago\nservices:\n"
                + "  - { name: \"Bible study\", day: Wednesday, time: \"19:30\" }\n---\n",
        ]) { $1 })
        defer { content.remove() }
        let (schedule, _) = await content.load()
        let files = ScheduleOutputs.feeds(schedule, context: try Self.spanishContext())
        func text(_ path: String) throws -> String {
            String(decoding: try #require(files.first { $0.path == path }).data, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        }
        let all = try text("schedule/all.ics")
        #expect(all.contains("DESCRIPTION:Communion: 11:00–13:00\\nSe repite cada mes\\, el primer domingo\r\n"))
        #expect(all.contains("SUMMARY:Día de viaje\r\n") && all.contains("DESCRIPTION:Día de viaje\\nEquipo: Team 1\r\n"))
        #expect(try text("localities/quiet.ics").contains("DESCRIPTION:Cada miércoles a las 19:30\\; no se indica la hora de fin.\r\n"))
    }
}
