import Foundation
import Testing
@testable import SitegenHymns
import SitegenCore

@Suite("Hymn page HTML")
struct HymnTextHTMLTests {
    let location = SourceLocation(path: "Content/hymns/001.md")

    @Test func chorusFollowsEveryStanzaWithItsHeadingAndRepeatSign() {
        let chorus = Passage(lines: [Line([Segment(text: "Sweet by and by", marked: true, repeatSign: ":,:")])])
        let hymn = Hymn(number: 1, stanzas: [Passage(lines: [Line([.plain("One")])]), Passage(lines: [Line([.plain("Two")])])],
                        chorus: chorus, source: location)
        let html = HymnTextHTML.html(hymn, words: HymnTextHTML.Words(.builtIn))
        #expect(html.components(separatedBy: "<p class=\"response-heading\">Chorus</p>").count - 1 == 2)
        #expect(html.contains("<span class=\"stanza-number\">1</span> One"))
        #expect(html.contains("<span class=\"stanza-number\">2</span> Two"))
        #expect(html.contains("<b class=\"repeated\">Sweet by and by <span class=\"repeat-sign\" title=\"Repeat the bold lines\">:,:</span></b>"))
        // The second chorus is marked so print can shorten it.
        #expect(html.contains("class=\"response chorus again\""))
    }

    @Test func theHeadingsLabelsAndTooltipAreTheSitesWords() {
        let chorus = Passage(lines: [Line([Segment(text: "Kiitos", marked: true, repeatSign: ":,:")])])
        let hymn = Hymn(number: 1, stanzas: [Passage(lines: [Line([.plain("Yksi")])])], chorus: chorus, refrain: chorus, source: location)
        let html = HymnTextHTML.html(hymn, words: HymnTextHTML.Words(StringTable.builtIn("fi")!))
        #expect(html.contains("<section class=\"stanza\" aria-label=\"Säkeistö 1\">"))
        #expect(html.contains("aria-label=\"Kertosäe\"><p class=\"response-heading\">Kertosäe</p>"))
        #expect(html.contains("aria-label=\"Loppukerto\"><p class=\"response-heading\">Loppukerto</p>"))
        #expect(html.contains("title=\"Toista lihavoidut rivit\""))
        for english in ["Stanza", "Chorus", "Refrain", "Repeat"] { #expect(!html.contains(english)) }
    }

    @Test func contentIsEscaped() {
        let hymn = Hymn(number: 1, stanzas: [Passage(lines: [Line([.plain("<script>alert(1)</script> & \"x\""),
                                                                   Segment(text: "<i>", marked: true)])])],
                        source: location)
        let html = HymnTextHTML.html(hymn, words: HymnTextHTML.Words(.builtIn))
        #expect(!html.contains("<script>") && !html.contains("<i>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;"))
    }

    @Test func linesOfAStanzaAreBrokenAsWritten() {
        let hymn = Hymn(number: 1, stanzas: [Passage(lines: [Line([.plain("Line one,")]), Line([.plain("line two.")])])], source: location)
        #expect(HymnTextHTML.html(hymn, words: HymnTextHTML.Words(.builtIn)).contains("<span class=\"line\"><span class=\"stanza-number\">1</span> Line one,</span>\n<span class=\"line\">line two.</span>"))
    }

    @Test func firstLineIndexSortsIgnoringQuotesAndCaseAndSkipsRemoved() {
        func hymn(_ n: Int, _ text: String, removed: Bool = false) -> Hymn {
            Hymn(number: n, removed: removed, stanzas: removed ? [] : [Passage(lines: [Line([.plain(text)])])], source: location)
        }
        let groups = FirstLineIndex.groups([hymn(1, "’Tis so sweet"), hymn(2, "abide with me"), hymn(3, "", removed: true),
                                            hymn(4, "Ärger nicht"), hymn(5, "Take my life")])
        #expect(groups.map(\.letter) == ["A", "T"])
        #expect(groups[0].hymns.map(\.number) == [2, 4])
        #expect(groups[1].hymns.map(\.number) == [5, 1])
    }
}
