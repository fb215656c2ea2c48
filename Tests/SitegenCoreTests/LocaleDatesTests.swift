import Foundation
import Testing
@testable import SitegenCore

/// The site's dates are CLDR's (docs/languages.md, "Dates"): every form the schedule, the sheet,
/// the locality pages and the plan show, for every day of a year, is what ICU itself writes for
/// that language through the older `DateFormatter` and a template, and the names of the schedule's
/// short forms never collide (Finnish "kes" was both Wednesday and June).
@Suite struct LocaleDatesTests {
    /// ICU's own answer: `DateFormatter` with a CLDR template, Gregorian, UTC.
    static func icu(_ template: String, locale: String) -> DateFormatter {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: locale)
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter
    }

    static let year2027 = (0..<365).map { CalendarDate(year: 2027, month: 1, day: 1)!.adding(days: $0) }

    static func instant(_ date: CalendarDate) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12))!
    }

    @Test(arguments: ["en_GB", "en_US", "es", "fi"])
    func everyFormOfAYearOfDaysIsICUs(locale: String) {
        let dates = LocaleDates(locale: locale)
        let forms: [(String, (CalendarDate) -> String)] = [
            ("EEEEdMMMMy", dates.long), ("EEEdMMM", dates.short), ("EEEdMMMy", dates.shortWithYear), ("EEEd", dates.weekdayAndDay),
            ("dMMMM", dates.dayAndMonth), ("dMMM", dates.dayAndShortMonth), ("dMMMy", dates.dayAndShortMonthWithYear),
            ("MMMMy", dates.monthAndYear),
        ]
        for (template, form) in forms {
            let formatter = Self.icu(template, locale: locale)
            let wrong = Self.year2027.filter { form($0) != formatter.string(from: Self.instant($0)) }
            #expect(wrong.isEmpty, "\(locale) \(template): \(wrong.prefix(3).map { "\(form($0)) ≠ \(formatter.string(from: Self.instant($0)))" })")
        }
        // Spans of one to forty days from every day of the year: ICU's own interval formatter's.
        let spans = DateIntervalFormatter()
        spans.locale = Locale(identifier: locale)
        spans.calendar = Self.icu("d", locale: locale).calendar
        spans.timeZone = spans.calendar.timeZone
        spans.dateTemplate = "EEEdMMMy"
        let wrongSpans = Self.year2027.filter { first in
            let last = first.adding(days: first.daysSinceEpoch % 40 + 1)
            return dates.range(first, last) != spans.string(from: Self.instant(first), to: Self.instant(last))
        }
        #expect(wrongSpans.isEmpty, "\(locale) spans: \(wrongSpans.prefix(3))")
        let names = Self.icu("MMM", locale: locale)
        names.dateFormat = "LLLL"
        #expect((1...12).map(dates.month) == names.standaloneMonthSymbols)
        #expect((1...12).map(dates.shortMonth) == names.shortStandaloneMonthSymbols)
        #expect((1...7).map(dates.weekday) == names.standaloneWeekdaySymbols)
        #expect((1...7).map(dates.shortWeekday) == names.shortStandaloneWeekdaySymbols)
    }

    /// The Finnish schedule said "kes 2. kes 2027" (Wednesday and June both "kes") and "mar" for
    /// November: the names' first three letters. CLDR's short weekdays and months are all distinct.
    @Test(arguments: ["en_GB", "es", "fi"])
    func noShortNameStandsForTwoThings(locale: String) {
        let dates = LocaleDates(locale: locale)
        let weekdays = (1...7).map(dates.shortWeekday), months = (1...12).map(dates.shortMonth)
        #expect(Set(weekdays).count == 7 && Set(months).count == 12, "\(weekdays) \(months)")
        // Spanish "mar" is both martes and marzo in CLDR too, but its forms never put them in one
        // place; in Finnish no weekday's abbreviation is a month's.
        if locale == "fi" { #expect(Set(weekdays).isDisjoint(with: months)) }
    }

    @Test func theFinnishScheduleSaysItsDaysAsCLDRDoes() {
        let fi = LocaleDates(locale: "fi")
        #expect(fi.short(CalendarDate(year: 2027, month: 6, day: 2)!) == "ke 2.6.")
        #expect(fi.short(CalendarDate(year: 2026, month: 11, day: 29)!) == "su 29.11.")
        #expect(fi.monthAndYear(CalendarDate(year: 2026, month: 11, day: 29)!) == "marraskuu 2026")
        let es = LocaleDates(locale: "es")
        #expect(es.long(CalendarDate(year: 2026, month: 11, day: 24)!) == "martes, 24 de noviembre de 2026")
        let en = LocaleDates(locale: "en_GB")
        #expect(en.long(CalendarDate(year: 2026, month: 11, day: 24)!) == "Tuesday, 24 November 2026")
        #expect(en.short(CalendarDate(year: 2026, month: 11, day: 29)!) == "Sun 29 Nov")
    }

    /// A Finnish table with the names and patterns it had before (which the dates no longer read).
    @Test func aFinnishTableWritesCLDRsDatesNotItsNamesFirstLetters() {
        let table = StringTable(language: "fi", words: ["date.weekday4": "keskiviikko", "date.month6": "kesäkuu",
                                                        "date.short": "{weekday} {day}. {month}", "date.month11": "marraskuu"])
        #expect(table.shortDate(CalendarDate(year: 2027, month: 6, day: 2)!) == "ke 2.6.")
        #expect(table.shortDate(CalendarDate(year: 2026, month: 11, day: 29)!) == "su 29.11.")
        #expect(table.month(11) == "marraskuu")
    }

    /// A table takes `date.locale` only when it is a locale of its own language: a Finnish table
    /// that falls back to English words never writes English dates.
    @Test func aTableTakesOnlyALocaleOfItsOwnLanguage() {
        #expect(StringTable(language: "fi", words: ["date.locale": "en_GB"]).dates.identifier == "fi")
        #expect(StringTable(language: "en", words: ["date.locale": "en_US"]).dates.identifier == "en_US")
        #expect(StringTable.builtIn.dates.identifier == "en_GB")
    }
}
