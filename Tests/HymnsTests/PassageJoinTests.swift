import Testing
@testable import SitegenHymns

/// A stanza's lines as one run of text (search, snapshots, link previews): the app's hymnal has no
/// space at a dash glued to its word, but a spaced dash keeps the space it is set with.
@Suite("A passage's lines joined")
struct PassageJoinTests {
    @Test func aGluedDashTakesNoSpace() {
        #expect(Passage.joined(["Take it to the Lord, our refuge—", "Take it to the Lord in prayer"])
                == "Take it to the Lord, our refuge—Take it to the Lord in prayer")
        #expect(Passage.joined(["ylös–", "alas"]) == "ylös–alas")
    }

    @Test func aSpacedDashKeepsItsSpace() {
        #expect(Passage.joined(["Herra on turvamme –", "hän meitä kantaa"]) == "Herra on turvamme – hän meitä kantaa")
        #expect(Passage.joined(["la paz de Dios —", "que guarda el alma"]) == "la paz de Dios — que guarda el alma")
        #expect(Passage.joined(["—", "alone"]) == "— alone")
    }
}
