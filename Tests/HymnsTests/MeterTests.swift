import Foundation
import Testing
@testable import SitegenHymns

@Suite("Meter: front matter key, its errors, the metrical index")
struct MeterTests {
    @Test func meterIsReadAsWritten() throws {
        let diagnostics = Diagnostics()
        let hymn = try #require(HymnFileReader.read(hymnFile(hymnText(23, extra: "meter: 9.9.9.9 with chorus 6.9\n")),
                                                    diagnostics: diagnostics))
        #expect(messages(diagnostics).isEmpty)
        #expect(hymn.meter == "9.9.9.9 with chorus 6.9")
    }

    @Test(arguments: ["8.6.8.6", "10.10", "7.6.7.6 D", "9.9.9.9 with refrain", "8.7.8.7 with chorus 10.9 with refrain 7.7",
                      "C.M.", "L.M.D.", "Irregular"])
    func hymnalsWaysOfWritingAMeterAreAccepted(meter: String) {
        #expect(Meter.problem(meter) == nil)
    }

    @Test(arguments: ["8.x.8", "8..6", "8.6.", "0.6", "123.4", "8,6,8,6", "with chorus", "8.6 with verse 4", "CM"])
    func malformedMetersAreRefused(meter: String) {
        #expect(Meter.problem(meter) != nil)
    }

    @Test func malformedMeterIsAnErrorAtItsLineWithTheOtherErrors() {
        let diagnostics = Diagnostics()
        _ = HymnFileReader.read(hymnFile(hymnText(23, extra: "meter: 8.x.8\nlanguage: 1\n")), diagnostics: diagnostics)
        let all = messages(diagnostics)
        #expect(all.contains { $0.hasPrefix("Content/hymns/023.md:3:8: error: 'meter' must be syllables per line joined by dots") && $0.hasSuffix("(got '8.x.8')") })
        #expect(all.contains { $0.contains("'language' must be a language tag") })
    }

    @Test func metricalIndexGroupsByTheStanzasMeterInNumericOrder() {
        func hymn(_ n: Int, _ meter: String?, removed: Bool = false) -> Hymn {
            Hymn(number: n, removed: removed, stanzas: removed ? [] : [Passage(lines: [Line([.plain("Text \(n)")])])],
                 meter: meter, source: SourceLocation(path: "Content/hymns/\(n).md", line: 1, column: 1))
        }
        let groups = MeterIndex.groups([hymn(1, "8.6.8.6"), hymn(2, "10.10.10.10"), hymn(3, "8.6.8.6 with chorus 8.6"),
                                        hymn(4, nil), hymn(5, "6.6.4.6.6.6.4"), hymn(6, "C.M."), hymn(7, "8.6.8.6", removed: true)])
        #expect(groups.map(\.meter) == ["6.6.4.6.6.6.4", "8.6.8.6", "10.10.10.10", "C.M."])
        #expect(groups[1].hymns.map(\.number) == [1, 3])
        #expect(groups.map(\.id) == ["meter-6-6-4-6-6-6-4", "meter-8-6-8-6", "meter-10-10-10-10", "meter-C-M"])
    }
}
