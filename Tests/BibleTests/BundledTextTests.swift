import Foundation
import Testing
@testable import SitegenBible

/// The bundled King James text, read from Content/bible/kjv/ as `sitegen build` reads it.
@Suite struct BundledTextTests {
    @Test func countsBooksChaptersAndVerses() async throws {
        let t = try await kjv()
        #expect(t.books.count == 66)
        #expect(t.chapterCount == 1_189)
        #expect(t.verseCount == 31_102)
        #expect(t.books.first?.name == "Genesis")
        #expect(t.books.last?.name == "Revelation")
        #expect(t.books.first(where: { $0.osis == "Ps" })?.chapters.count == 150)
    }

    @Test func bookTitlesAreKept() async throws {
        let t = try await kjv()
        #expect(t.books[0].title == "The First Book of Moses, called Genesis")
        #expect(t.books.first { $0.osis == "Ps" }?.title == "The Book of Psalms")
        #expect(t.books.allSatisfy { !$0.title.isEmpty })
    }

    @Test func genesis1_2ShowsTheTranslatorsWordWasInItalics() async throws {
        let v = try #require(verse(try await kjv(), "Gen", 1, 2))
        let added = v.spans.filter { $0.style.contains(.added) }.map(\.text)
        #expect(added == ["was"])
        #expect(v.plainText.hasPrefix("And the earth was without form, and void; and darkness was upon"))
        let html = VerseHTML.spans(v.spans)
        #expect(html.contains("darkness <i class=\"add\">was</i> upon"))
    }

    @Test func psalm119HasItsTwentyTwoAcrosticHeadings() async throws {
        let t = try await kjv()
        let chapter = try #require(t.book(Canon.book(osis: "Ps")!)?.chapter(119))
        let headings = chapter.verses.flatMap(\.headings)
        #expect(headings.count == 22)
        #expect(chapter.verses.filter { !$0.headings.isEmpty }.map(\.number) == Array(stride(from: 1, through: 169, by: 8)))
        let first = SpanText.plain(headings[0]), last = SpanText.plain(headings[21])
        #expect(first == "א ALEPH.")
        #expect(last == "ת TAU.")
        #expect(headings.allSatisfy { $0.allSatisfy { $0.style.contains(.foreign) } })
        #expect(VerseHTML.chapter(chapter).components(separatedBy: "<h2 class=\"verse-heading\">").count - 1 == 22)
    }

    @Test func psalmTitlesComeBeforeVerseOne() async throws {
        let v = try #require(verse(try await kjv(), "Ps", 3, 1))
        #expect(v.headings.map(SpanText.plain) == ["A Psalm of David, when he fled from Absalom his son."])
        #expect(v.plainText.hasPrefix("LORD, how are they increased"))
        #expect(v.spans.first?.style == .divineName)
    }

    @Test func john3_16IsRedLetter() async throws {
        let v = try #require(verse(try await kjv(), "John", 3, 16))
        #expect(v.spans.allSatisfy { $0.style.contains(.jesus) })
        #expect(v.plainText.contains("For God so loved the world"))
        #expect(VerseHTML.spans(v.spans).hasPrefix("<span class=\"wj\">"))
        // Nicodemus's question is not red.
        let question = try #require(verse(try await kjv(), "John", 3, 4))
        #expect(!question.spans.contains { $0.style.contains(.jesus) })
    }

    @Test func divineNameIsSmallCapitalsInHTML() async throws {
        let v = try #require(verse(try await kjv(), "Ps", 23, 1))
        #expect(VerseHTML.spans(v.spans).hasPrefix("The <span class=\"divine-name\">L<span class=\"sc\">ORD</span></span>"))
    }

    @Test func paragraphMarksAndSubscriptionsAreKept() async throws {
        let t = try await kjv()
        #expect(verse(t, "Gen", 1, 1)?.paragraph == true)
        #expect(verse(t, "Gen", 1, 2)?.paragraph == false)
        #expect(verse(t, "Gen", 1, 6)?.plainText.hasPrefix("¶ And God said") == true)
        let romans = try #require(verse(t, "Rom", 16, 27))
        #expect(SpanText.plain(romans.subscription) == "Written to the Romans from Corinthus, and sent by Phebe servant of the church at Cenchrea.")
        #expect(t.books.flatMap(\.chapters).flatMap(\.verses).filter { !$0.subscription.isEmpty }.count == 14)
    }

    @Test func notesAndStrongsNumbersStayOutOfTheText() async throws {
        let t = try await kjv()
        let gen14 = try #require(verse(t, "Gen", 1, 4))
        #expect(gen14.plainText == "And God saw the light, that it was good: and God divided the light from the darkness.")
        let all = t.books.flatMap(\.chapters).flatMap(\.verses).map(\.plainText)
        #expect(!all.contains { $0.contains("strong:H") || $0.contains("strong:G") || $0.contains("Heb.") || $0.contains("\\") || $0.contains("<") })
        #expect(all.allSatisfy { !$0.isEmpty && $0 == $0.trimmingCharacters(in: .whitespaces) && !$0.contains("  ") })
    }
}
