import Foundation
import Testing
@testable import SitegenCore
@testable import SitegenSchedule

/// The wall planner (`/schedule/calendar/`): every month of the bundled schedule's window holds
/// exactly what `api/v1/schedule.json` lists for its days, repeating services' dates included,
/// at the root and under a sub-path; its weeks start on the language's first weekday (CLDR).
@Suite("Month calendar")
struct MonthCalendarTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func bundled() async -> Schedule {
        let diagnostics = Diagnostics()
        let schedule = await ScheduleLoader.load(content: SourceTree(url: repository.appendingPathComponent("Content"), displayPath: "Content"),
                                                 diagnostics: diagnostics)
        #expect(diagnostics.errors.isEmpty, "\(diagnostics.errors)")
        return schedule.naming(makeContext().strings())
    }

    /// What `schedule.json` lists, as an app reads it.
    struct Listed: Decodable {
        struct Occurrence: Decodable { let uid: String, date: String }
        let occurrences: [Occurrence]
    }

    /// (date, uid) of every entry of the month pages' grids (not the first page, the as-of month again).
    static func gridEntries(_ specs: [PageSpec]) -> [String] {
        specs.filter { $0.path != CalendarPages.path }.flatMap { spec in
            (spec.values["weeks"]?.items ?? []).flatMap { week in
                (week["days"]?.items ?? []).flatMap { day in
                    (day["entries"]?.items ?? []).map { "\(day["iso"]!.string!) \($0["uid"]!.string!)" }
                }
            }
        }
    }

    @Test(arguments: ["https://example.org/", "https://example.org/church/"])
    func everyMonthHoldsWhatTheSnapshotLists(baseURL: String) async throws {
        let schedule = await Self.bundled()
        let context = makeContext(baseURL: baseURL)
        let specs = CalendarPages.specs(schedule, context: context)
        let snapshot = try JSONDecoder().decode(Listed.self, from: try ScheduleSnapshot.snapshot(schedule, context: context).data)
        let listed = snapshot.occurrences.map { "\($0.date) \($0.uid)" }
        #expect(listed.count > 150 && listed.contains { $0.hasSuffix("congregations/aberdeen-communion") })
        let shown = Self.gridEntries(specs)
        #expect(shown.count == listed.count)
        #expect(Set(shown).symmetricDifference(listed).sorted() == [], "in one but not the other")
        // The window's months, 2026-11 … 2027-11, each a page below the base path, and the first page.
        let months = specs.dropFirst().map(\.path)
        #expect(months.first == "schedule/calendar/2026-11/" && months.last == "schedule/calendar/2027-11/" && months.count == 13)
        #expect(specs.first?.path == CalendarPages.path && specs.first?.values["month"]?.string == "2026-11")
        let basePath = baseURL.hasSuffix("/church/") ? "/church/" : "/"
        for spec in specs {
            let links = (spec.values["months"]?.items ?? []).compactMap { $0["url"]?.string }
            #expect(links.count == 13 && links.allSatisfy { $0.hasPrefix(basePath + "schedule/calendar/20") })
            #expect(spec.values["scheduleURL"]?.string == basePath + "schedule/")
        }
    }

    @Test func everyDayOfTheMonthOnceInWeeksOfSeven() async throws {
        let schedule = await Self.bundled()
        for grid in CalendarPages.grids(schedule, context: makeContext()) {
            #expect(grid.weeks.allSatisfy { $0.count == 7 })
            let days = grid.weeks.joined().compactMap { $0?.date.day }
            #expect(days == Array(1...grid.month.last.day))
            // The built-in English table's locale is en_GB: weeks from Monday.
            let first = try #require(grid.weeks.joined().compactMap { $0 }.first)
            #expect((first.date.weekday - 2 + 7) % 7 == grid.weeks[0].firstIndex { $0 != nil })
        }
    }

    @Test func weeksStartOnTheLanguagesFirstWeekday() {
        #expect(LocaleDates(locale: "en_US").firstWeekday == 1 && LocaleDates(locale: "es_MX").firstWeekday == 1)
        #expect(LocaleDates(locale: "en_GB").firstWeekday == 2 && LocaleDates(locale: "fi").firstWeekday == 2
                && LocaleDates(locale: "es").firstWeekday == 2)
        // 1 January 2027 is a Friday: the sixth cell from Sunday, the fifth from Monday.
        let month = MonthGrid.Month("2027-01")!
        let window = CalendarDate("2026-11-22")!...CalendarDate("2027-11-22")!
        #expect(MonthGrid(month, occurrences: [], window: window, firstWeekday: 1).weeks[0].firstIndex { $0 != nil } == 5)
        #expect(MonthGrid(month, occurrences: [], window: window, firstWeekday: 2).weeks[0].firstIndex { $0 != nil } == 4)
        #expect(MonthGrid.Month("2027-1") == nil && MonthGrid.Month("2027-13") == nil && MonthGrid.Month("2027-01-01") == nil)
    }

    @Test func daysBeforeTheAsOfDateAreOutsideTheWindowAndEmpty() async throws {
        let schedule = await Self.bundled()
        let november = try #require(CalendarPages.grids(schedule, context: makeContext()).first)
        let days = november.weeks.joined().compactMap { $0 }
        #expect(days.filter { $0.date.day < 22 }.allSatisfy { !$0.inWindow && $0.occurrences.isEmpty })
        #expect(days.filter { $0.date.day >= 22 }.allSatisfy { $0.inWindow })
    }
}
