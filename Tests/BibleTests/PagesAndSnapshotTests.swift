import Foundation
import SitegenSnapshots
import Testing
@testable import SitegenBible

@Suite struct PagesAndSnapshotTests {
    @Test func verseTextIsEscaped() {
        let html = VerseHTML.spans([Span("<script>alert(1)</script> & ", []), Span("LORD<b>", .divineName)])
        #expect(html.hasPrefix("&lt;script&gt;alert(1)&lt;/script&gt; &amp; "))
        #expect(!html.contains("<script>") && !html.contains("<b>"))
        // Escaped exactly as Escape.html does it, Characters and all.
        for text in ["a & b \"c\" 'd' <e>", "&\u{301} é <", "plain", "x\r\ny&"] {
            #expect(VerseHTML.spans([Span(text)]) == Escape.html(text), "\(text)")
        }
    }

    @Test func chapterPagesLinkAcrossBooksAndAnchorEveryVerse() async throws {
        let (library, _) = await bundledBible.value
        let lib = try #require(library)
        let context = try renderContext()
        let specs = BiblePages.specs(lib, context: context)
        // The bundled KJV (default, at /bible/), WEB (80 books: the 66, 14 deuterocanonical) and RV1909.
        func count(_ template: String, _ prefix: String?) -> Int {
            specs.filter { spec in
                spec.template == template && (prefix.map { spec.path.hasPrefix($0) }
                    ?? !["bible/web/", "bible/rv1909/", "bible/parallel/"].contains { spec.path.hasPrefix($0) })
            }.count
        }
        #expect(count("bible-chapter", nil) == 1_189)
        #expect(count("bible-book", nil) == 66)
        #expect(count("bible-chapter", "bible/web/") == 1_394)
        #expect(count("bible-book", "bible/web/") == 80)
        #expect(count("bible-chapter", "bible/rv1909/") == 1_189)
        #expect(count("bible-parallel", "bible/parallel/web/") == 1_189)
        #expect(count("bible-parallel", "bible/parallel/rv1909/") == 1_189)
        let mal4 = try #require(specs.first { $0.path == "bible/malachi/4/" })
        #expect(mal4.values["next"]?["url"]?.string == "/bible/matthew/1/")
        #expect(mal4.values["prev"]?["url"]?.string == "/bible/malachi/3/")
        let john3 = try #require(specs.first { $0.path == "bible/john/3/" })
        let text = try #require(john3.values["text"]?.string)
        #expect((1...36).allSatisfy { text.contains("id=\"v\($0)\"><a class=\"vn\" href=\"#v\($0)\"") })
        let rendered = try #require(context.render(john3))
        let page = String(decoding: rendered.data, as: UTF8.self)
        #expect(page.contains("<link rel=\"prev\" href=\"/bible/john/2/\">"))
        #expect(page.contains("data-mark-read=\"John.3\""))
        #expect(context.diagnostics.all.isEmpty)
    }

    @Test func snapshotsCountRecordsAndCarrySpans() async throws {
        let (library, _) = await bundledBible.value
        let snapshots = try BibleSnapshots.snapshots(try #require(library))
        // The KJV's books, books.json, versification, plan and daily verses; the WEB's and
        // RV1909's books, books.json and versification.
        let expected: Int = 66 + 4 + 80 + 2 + 66 + 2
        #expect(snapshots.count == expected)
        let books = try #require(snapshots.first { $0.path == "bible/kjv/books.json" })
        #expect(books.records == 66)
        #expect(snapshots.contains { $0.path == "bible/kjv/books/1sam.json" })
        #expect(snapshots.filter { $0.path.hasPrefix("bible/kjv/books/") }.reduce(0) { $0 + $1.records } == 31_102)
        #expect(snapshots.first { $0.path == "bible/kjv/plan.json" }?.records == 365)
        let web = try #require(snapshots.first { $0.path == "bible/web/versification.json" })
        #expect(String(decoding: web.data, as: UTF8.self).contains(#"{"kjv":"3John.1.14","verse":"3John.1.15"}"#))
        let genesis = try #require(snapshots.first { $0.path == "bible/kjv/books/gen.json" })
        let json = String(decoding: genesis.data, as: UTF8.self)
        #expect(json.contains(#"{"added":true,"text":"was"}"#))
        #expect(!json.contains("<i") && !json.contains("<span"))
        // Same input, same bytes.
        let again = try BibleSnapshots.snapshots(try #require(library))
        #expect(again.map(\.data) == snapshots.map(\.data))
    }
}

@Suite struct BookJSONTests {
    /// The hand-written daily verses, plan and home page JSON are byte for byte what the encoder
    /// gives for the same model values.
    @Test func dailyVersesJSONEqualsTheEncoder() async throws {
        let (library, _) = await bundledBible.value
        let lib = try #require(library)
        let daily = try #require(lib.dailyVerses)
        let file = BibleDailyVersesFile(daily, lib.primary)
        #expect(BookJSON.encode(file) == Array(try SnapshotJSON.encode(file)))
        let plan = BiblePlanFile(try #require(lib.plan))
        #expect(BookJSON.encode(plan) == Array(try SnapshotJSON.encode(plan)))
        let odd = BiblePlanFile(ReadingPlan(title: "A \"plan\"\n", description: "", columns: [], days: []))
        #expect(BookJSON.encode(odd) == Array(try SnapshotJSON.encode(odd)))
        let context = try renderContext()
        let entries = daily.readings.map { DailyVerseHome.entry($0, lib.primary, context: context) }
        let reference = String(decoding: try SnapshotJSON.encode(entries), as: UTF8.self)
            .replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026")
        #expect(DailyVerseHome.scriptJSON(entries) == reference)
        #expect(DailyVerseHome.scriptJSON([]) == "[]")
    }

    /// The fast hand-written book JSON is byte for byte what the encoder gives for the same
    /// `BibleBookFile`.
    @Test func handWrittenJSONEqualsTheEncoder() async throws {
        let t = try await kjv()
        for osis in ["Gen", "Ps", "John", "Rom", "Jude"] {
            let file = BibleBookFile(try #require(t.book(Canon.book(osis: osis)!)))
            #expect(BookJSON.encode(file) == Array(try SnapshotJSON.encode(file)), "\(osis)")
        }
        var odd = [UInt8]()
        SnapshotBytes.string("a\"b\\c\n\t\u{1}/é", to: &odd)
        #expect(odd == Array(try SnapshotJSON.encode(["a\"b\\c\n\t\u{1}/é"]).dropFirst().dropLast()))
    }

    /// Model values the library never makes but an edit of the models could: flags that are
    /// false, empty lists that are present, negative and extreme numbers, strings that need escapes.
    @Test func handWrittenJSONEqualsTheEncoderForAnyModelValue() throws {
        let text = "a\"b\\c\n\r\t\u{0}\u{1}\u{1F}\u{7F}/é\u{2028}\u{1F600}<&>"
        let spans = [BibleSpan(text: text, added: false, jesus: true, divineName: nil, foreign: false),
                     BibleSpan(text: "", added: true, jesus: nil, divineName: true, foreign: true)]
        let verses = [BibleBookFile.Verse(number: -1, spans: [], paragraph: false, poetry: false, headings: [], subscription: []),
                      BibleBookFile.Verse(number: Int.max, spans: spans, paragraph: true, poetry: true, headings: [spans, []],
                                          subscription: spans),
                      BibleBookFile.Verse(number: 0, spans: spans, paragraph: false, poetry: nil, headings: nil, subscription: nil)]
        let book = BibleBookFile(osis: text, name: "", title: text, chapters: [.init(number: Int.min, verses: verses), .init(number: 1, verses: [])])
        #expect(BookJSON.encode(book) == Array(try SnapshotJSON.encode(book)))
        let empty = BibleBookFile(osis: "", name: "", title: "", chapters: [])
        #expect(BookJSON.encode(empty) == Array(try SnapshotJSON.encode(empty)))
        let passage = BiblePassage(book: text, startChapter: Int.min, startVerse: -1, endChapter: 0, endVerse: Int.max)
        let plan = BiblePlanFile(title: text, description: text, columns: [text, ""], days: [
            .init(date: text, readings: [.init(label: text, passages: [passage, passage]), .init(label: "", passages: [])]),
            .init(date: "", readings: []),
        ])
        #expect(BookJSON.encode(plan) == Array(try SnapshotJSON.encode(plan)))
        let daily = BibleDailyVersesFile(rule: text, verses: [.init(label: text, passage: passage, verses: [spans, [], spans]),
                                                              .init(label: "", passage: passage, verses: [])])
        #expect(BookJSON.encode(daily) == Array(try SnapshotJSON.encode(daily)))
        let none = BibleDailyVersesFile(rule: "", verses: [])
        #expect(BookJSON.encode(none) == Array(try SnapshotJSON.encode(none)))
    }
}
