import SitegenSnapshots
import SitegenWords
import Testing

/// The apps fold a hymn query by each language of the hymns, as the site's search does: the
/// bundle holds a Swedish `kärlek` as `kärlek karlek` (`SearchText.foldedText`).
@Suite struct AppSearchLanguageTests {
    @Test func aQueryIsReadByEveryLanguageOfTheRows() {
        #expect(AppSearch.query("kärlek", languages: ["en", "sv"])
                == "((\"karlek\" OR \"karleketh\" OR \"karlekest\")) OR (\"kärlek\")")
        #expect(AppSearch.query("Kärlek", languages: ["fi", "sv"]) == "\"kärlek\"", "read alike: one expression")
        #expect(AppSearch.query("love", languages: []) == AppSearch.query("love"))
        // What the table holds for a Swedish stanza answers both readings.
        let row = Set(SearchText.foldedText("Så älskade Gud världen", language: .swedish).split(separator: " ").map(String.init))
        #expect(row.isSuperset(of: ["världen", "varlden"]))
    }
}
