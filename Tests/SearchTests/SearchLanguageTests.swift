import Foundation
import SitegenWords
import Testing

/// The Spanish rules (`SearchLanguage.spanish`): what a reader of the Reina-Valera expects to
/// match, and what must stay apart. The browser applies the same table from `search/index.json`
/// (test_search.py's Spanish tests check it there).
@Suite struct SearchLanguageTests {
    let es = SearchLanguage.rules(for: "es")

    @Test func spanishKeepsEnyeAndFoldsAccents() {
        #expect(SearchText.words("¿Jehová es mi pastor? ¡Año!", language: es) == ["jehova", "es", "mi", "pastor", "año"])
        #expect(SearchText.words("AÑO", language: es) == ["año"])
        #expect(SearchText.words("an\u{0303}o", language: es) == ["año"])   // decomposed ñ
        #expect(es.fold("Él") == "el")
        #expect(SearchText.words("año") == ["ano"])   // the shared rules fold it, as before
    }

    @Test func pluralsAndGenderMeetTheirWord() {
        for (a, b) in [("amor", "amores"), ("pastor", "pastores"), ("palabra", "palabras"), ("luz", "luces"), ("santo", "santa"),
                       ("ciudad", "ciudades"), ("salvó", "salvaron")] {
            let fold = { (w: String) in es.stem(SearchText.words(w, language: es)[0]) }
            #expect(fold(a) == fold(b), "\(a) / \(b)")
        }
    }

    @Test func shortWordsAndDistinctWordsStayApart() {
        #expect(es.stem("amor") == "amor")
        #expect(es.stem("amorreos") != es.stem("amor"))
        #expect(es.stem("año") != es.stem("ano") || es.stem("año") == "año")
        #expect(es.stem("mi") == "mi")
        #expect(es.stopSet.contains("de") && es.stopSet.contains("mi") && !es.stopSet.contains("pastor"))
    }

    /// A hymn or translation in Finnish, Swedish or Norwegian keeps its letters apart: `ä` is
    /// not `a`, `ö` not `o`, `å` not `a`, `ø` not `o`; accents it does not have still fold.
    @Test func nordicLettersAreLetters() {
        let fi = SearchLanguage.rules(for: "fi"), sv = SearchLanguage.rules(for: "sv-FI"), no = SearchLanguage.rules(for: "nb")
        #expect(SearchText.words("Tänne, Jeesus, tulimme! SÄKKI", language: fi) == ["tänne", "jeesus", "tulimme", "säkki"])
        #expect(SearchText.words("Tänne", language: fi) != SearchText.words("Tanne", language: fi))
        #expect(SearchText.words("Får vi gå? Ö", language: sv) == ["får", "vi", "gå", "ö"])
        #expect(SearchText.words("Søster, Æren og Gud", language: no) == ["søster", "æren", "og", "gud"])
        #expect(SearchText.words("Café", language: fi) == ["cafe"])
        #expect(SearchText.words("Tänne") == ["tanne"], "the shared rules fold them, as before")
        // The apps' table holds a word with a kept letter and its plain form, so "tanne" finds it too.
        #expect(SearchText.foldedText("Tänne Jeesus", language: fi) == "tänne tanne jeesus")
    }

    /// Typed without the kept letters, a Nordic word is still found (after the words spelt so);
    /// Spanish `año` is never `ano`.
    @Test func nordicWordsAreFoundTypedWithoutTheirLetters() {
        let sv = SearchLanguage.rules(for: "sv"), no = SearchLanguage.rules(for: "no")
        #expect(sv.unmarked("kärlek") == "karlek")
        #expect(sv.unmarked("jesus") == nil, "nothing to fall back from")
        #expect(no.unmarked("hjærte") == "hjaerte")
        #expect(es.unmarked("año") == nil)
        #expect(SearchLanguage.shared.unmarked("tänne") == nil)
        #expect(SearchText.foldedText("Så älskade Gud", language: sv) == "så sa älskade alskade gud")
        #expect(SearchText.foldedText("Pastores del año", language: es) == "pastor del año")
    }

    @Test func otherLanguagesUseTheSharedRules() {
        #expect(SearchLanguage.rules(for: "en") == .shared)
        #expect(SearchLanguage.rules(for: "es-419") == .spanish)
        #expect(SearchLanguage.shared.stem("loveth") == "loveth")
    }
}
