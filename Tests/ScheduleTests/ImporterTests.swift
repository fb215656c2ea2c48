import Foundation
import Testing
@testable import SitegenSchedule

@Suite("Importers")
struct ImporterTests {
    func localities() async throws -> [Locality] {
        let content = try TempContent([
            "localities/aberdeen.md": aberdeen,
            "localities/watford_city.md": "---\nname: \"Watford City, ND\"\ntime_zone: America/Chicago\n---\n",
            "localities/tricities.md": "---\nname: \"Tri‐Cities, WA\"\ntime_zone: America/Los_Angeles\n---\n",
        ])
        defer { content.remove() }
        let (schedule, diagnostics) = await content.load()
        #expect(diagnostics.all.isEmpty)
        return schedule.localities
    }

    let appJSON = """
    {
     "schedule": [
      {
       "dateString": "January 26",
       "locality": "aberdeen",
       "missionaries": "Missionary team 1",
       "with": ["Watford City, ND", "Tri-Cities", "Newfield, NY"],
       "AM": false, "PM": true, "isSunday": false
      },
      {
       "dateString": "January 27",
       "locality": "aberdeen",
       "with": [], "AM": true, "PM": false, "isSunday": true, "comment": "Bring <b>hymnals</b>"
      },
      { "dateString": "April 21 (Easter)", "status": "Travel", "isSunday": true },
      { "dateString": "February 30", "locality": "aberdeen", "isSunday": false },
      { "dateString": "March 3", "locality": "nowhere", "isSunday": true }
     ]
    }
    """

    @Test func appScheduleWithYearAndErrorsWithLines() async throws {
        let diagnostics = Diagnostics()
        let importer = AppScheduleImporter(year: 2019, team: "Summer team", sessions: try SessionDefaults(),
                                           localities: try await localities())
        let result = try #require(importer.run(source(appJSON, path: "winter.json"), diagnostics: diagnostics))
        let errors = diagnostics.errors.map(\.description)
        #expect(errors.contains { $0.hasPrefix("winter.json:16:") && $0.contains("'February 30' does not exist in 2019") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("winter.json:17:") && $0.contains("unknown locality 'nowhere'") }, "\(errors)")
        #expect(result.shift == 0)
        let first = try #require(result.events.first)
        #expect(first.date == date("2019-01-26") && first.id == "2019-01-26-aberdeen")
        #expect(first.team == "Missionary team 1")
        #expect(first.with == ["watford_city", "tricities"] && first.withOthers == ["Newfield, NY"])
        #expect(first.sessions.map(\.name) == ["Evening"])
        let sunday = result.events[1]
        #expect(sunday.team == "Summer team")
        #expect(sunday.sessions.first?.start.description == "11:00") // Sunday morning service time
        #expect(sunday.comment == "Bring <b>hymnals</b>")
        let easter = result.events[2]
        #expect(easter.status == .travel && easter.comment == "Easter") // 2019-04-21 was Easter Sunday
    }

    @Test func alignWeekdaysKeepsSundaysOnSundaysAndDropsAWrongEasterLabel() async throws {
        let diagnostics = Diagnostics()
        let importer = AppScheduleImporter(year: 2027, alignWeekdays: true, sessions: try SessionDefaults(),
                                           localities: try await localities())
        let result = try #require(importer.run(source(appJSON), diagnostics: diagnostics))
        #expect(result.shift == -3)
        #expect(result.events[1].date == date("2027-01-24") && result.events[1].date.weekday == 1)
        #expect(result.events[2].comment == nil)
        #expect(diagnostics.all.contains { $0.severity == .warning && $0.message.contains("not Easter Sunday") })
    }

    /// Moved into another year, a note's own old year is stale: taken out with a warning.
    @Test func aNoteLosesTheSourcesOldYear() async throws {
        let json = """
        { "schedule": [
          { "dateString": "June 21", "locality": "aberdeen", "isSunday": false, "comment": "2019 St. John's Meetings" },
          { "dateString": "June 22", "locality": "aberdeen", "isSunday": false, "comment": "2019" },
          { "dateString": "June 23", "locality": "aberdeen", "isSunday": false, "comment": "Room 2019B, hymnals of 2030" } ] }
        """
        let diagnostics = Diagnostics()
        let importer = AppScheduleImporter(year: 2027, sessions: try SessionDefaults(), localities: try await localities())
        let result = try #require(importer.run(source(json, path: "w.json"), diagnostics: diagnostics))
        #expect(result.events.map(\.comment) == ["St. John's Meetings", nil, "Room 2019B, hymnals of 2030"])
        let warnings = diagnostics.all.filter { $0.severity == .warning }.map(\.description)
        #expect(warnings.count == 2 && warnings[0].hasPrefix("w.json:2:")
                && warnings[0].contains("took 2019 out of the note '2019 St. John's Meetings': the dates were moved to 2027"), "\(warnings)")
    }

    /// A place the site's other schedules write with its state is written the same way.
    @Test func aBarePlaceNameTakesTheFormTheOtherSchedulesUse() async throws {
        let json = """
        { "schedule": [ { "dateString": "June 21", "locality": "aberdeen", "isSunday": false, "with": ["Newfield", "Oldfield"] } ] }
        """
        let diagnostics = Diagnostics()
        var importer = AppScheduleImporter(year: 2027, sessions: try SessionDefaults(), localities: try await localities())
        importer.knownPlaces = ["Newfield, NY", "Oldfield, MN", "Oldfield, WI"]
        let result = try #require(importer.run(source(json, path: "s.json"), diagnostics: diagnostics))
        #expect(result.events[0].withOthers == ["Newfield, NY", "Oldfield"], "two Oldfields: left as written")
        #expect(diagnostics.all.map(\.message) == ["wrote 'Newfield' as 'Newfield, NY', as the other schedules name it"])
    }

    @Test func writtenYAMLReadsBackWithTheSameEvents() async throws {
        let locs = try await localities()
        let importer = AppScheduleImporter(year: 2019, sessions: try SessionDefaults(), localities: locs)
        let events = try #require(importer.run(source(appJSON), diagnostics: Diagnostics())).events
        let yaml = ScheduleYAMLWriter.text(title: "Winter \"2019\"", note: "imported", events: events)
        let content = try TempContent([
            "localities/aberdeen.md": aberdeen,
            "localities/watford_city.md": "---\nname: \"Watford City, ND\"\n---\n",
            "localities/tricities.md": "---\nname: \"Tri‐Cities, WA\"\n---\n",
            "schedule/winter.yml": yaml,
        ])
        defer { content.remove() }
        let (schedule, diagnostics) = await content.load()
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)\n\(yaml)")
        #expect(schedule.events.map(\.id) == events.map(\.id))
        #expect(schedule.events.first { $0.id == "2019-01-27-aberdeen" }?.comment == "Bring <b>hymnals</b>")
    }

    @Test func csvWithRecurrenceAndCellErrors() async throws {
        let csv = """
        date,locality,with,morning,evening,team,category,status,comment,repeat,on,until,count,except
        2027-01-03,aberdeen,Watford City; Newfield NY,11:00-13:00,,,Communion,,"Bring food, please",monthly,first Sunday,2027-06-30,,2027-02-07
        2027-01-10,Aberdeen,,yes,yes,Team A,,,,,,,,
        2027-02-30,aberdeen,,,,,,,,,,,,
        2027-01-11,aberdeeen,,,,,,,,,,,,
        2027-01-12,aberdeen,,25:00-26:00,,,,,,weekly,,2027-03-01,4,
        """
        let diagnostics = Diagnostics()
        let events = CSVScheduleImporter(sessions: try SessionDefaults(), localities: try await localities())
            .run(source(csv, path: "sheet.csv"), diagnostics: diagnostics)
        let errors = diagnostics.errors.map(\.description)
        #expect(errors.contains { $0.hasPrefix("sheet.csv:4:1:") && $0.contains("2027-02-30") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("sheet.csv:5:12:") && $0.contains("unknown locality 'aberdeeen'") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("sheet.csv:6:") && $0.contains("morning") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("sheet.csv:6:") && $0.contains("not both") }, "\(errors)")
        #expect(events.count == 2)
        let communion = events[0]
        #expect(communion.category == "Communion" && communion.comment == "Bring food, please")
        #expect(communion.with == ["watford_city"] && communion.withOthers == ["Newfield NY"])
        #expect(communion.recurrence?.monthlyOn?.description == "first Sunday")
        #expect(communion.recurrence?.exceptions == [date("2027-02-07")])
        #expect(communion.sessions.first?.end.description == "13:00")
        let second = events[1]
        #expect(second.locality == "aberdeen") // matched by name
        #expect(second.sessions.map(\.name) == ["Morning service", "Evening"]) // a Sunday: the service time
    }

    @Test func csvUnknownColumnIsAnError() async throws {
        let diagnostics = Diagnostics()
        _ = CSVScheduleImporter(sessions: try SessionDefaults(), localities: [])
            .run(source("date,place\n2027-01-01,x\n", path: "s.csv"), diagnostics: diagnostics)
        #expect(diagnostics.errors.map(\.description).contains { $0.hasPrefix("s.csv:1:6:") && $0.contains("unknown column 'place'") })
    }

    @Test func localitiesFromTheAppsFormat() throws {
        let json = """
        {"localities": {"spearfish": {"name": "Spearfish, SD", "locationAddress": ["2040 Vista Hills Place", "Spearfish SD 57783‒1234"],
          "locationLatitude": 44.530726, "locationLongitude": -103.89349,
          "summary": "Weekly Sunday Services at 11 am. Sunday school starts 9:45am except on Communion which falls on the first Sunday of every month."}}}
        """
        let diagnostics = Diagnostics()
        let out = AppLocalitiesImporter.run(source(json), diagnostics: diagnostics)
        #expect(diagnostics.all.isEmpty)
        let text = try #require(out.first?.text)
        #expect(text.contains("time_zone: America/Denver")) // western South Dakota
        #expect(text.contains("region: SD"))
        #expect(text.contains("\"Spearfish SD 57783-1234\""))
        #expect(text.contains("{ name: \"Sunday service\", day: Sunday, time: \"11:00\" }"))
        #expect(text.contains("{ name: \"Sunday school\", day: Sunday, time: \"09:45\" }"))
    }
}
