import Foundation
import SitegenSnapshots
import Testing
@testable import SitegenBible

/// The built-in versifications against the SWORD modules' key lists, and mapping between them.
@Suite struct VersificationTests {
    let kjv = VersificationReader.builtIn["KJV"]!
    let nrsva = VersificationReader.builtIn["NRSVA"]!

    func ref(_ osis: String) -> VerseRef { VerseRef(osis: osis)! }

    @Test func builtInCountsAreSWORDs() {
        #expect(kjv.books.count == 66 && kjv.totalVerses == 31_102)
        #expect(nrsva.books.count == 83 && nrsva.totalVerses == 37_791)
        #expect(nrsva.verseCount(Canon.book(osis: "3John")!, 1) == 15 && kjv.verseCount(Canon.book(osis: "3John")!, 1) == 14)
        #expect(nrsva.has(Canon.book(osis: "Tob")!) && !kjv.has(Canon.book(osis: "Tob")!))
    }

    /// Issue 28: the apps get the `map` lines (`bible/<id>/versification.json`), in canonical order.
    @Test func theMapLinesAreInTheSnapshotModel() throws {
        let file = BibleVersificationFile(nrsva)
        #expect(file.name == "NRSVA" && file.hub == "KJV")
        #expect(file.map == [.init(verse: "3John.1.15", kjv: "3John.1.14"), .init(verse: "Rev.12.18", kjv: "Rev.13.1")])
        #expect(BibleVersificationFile(kjv).map.isEmpty)
        let decoded = try SnapshotModels.decode(BibleVersificationFile.self, from: JSONEncoder().encode(file))
        #expect(decoded == file)
    }

    @Test func versesMapThroughTheKJVAndSayWhereOneSchemeLacksThem() {
        #expect(nrsva.map(ref("John.3.16"), to: kjv) == .verse(ref("John.3.16")))
        #expect(nrsva.map(ref("3John.1.15"), to: kjv) == .within(ref("3John.1.14")))
        #expect(nrsva.map(ref("Rev.12.18"), to: kjv) == .within(ref("Rev.13.1")))
        #expect(nrsva.map(ref("Tob.1.1"), to: kjv) == .missing)
        #expect(kjv.map(ref("3John.1.14"), to: nrsva) == .verse(ref("3John.1.14")))
        #expect(kjv.map(ref("John.3.37"), to: nrsva) == .missing, "not a verse of the KJV to begin with")
        let notes = nrsva.verses(in: Canon.book(osis: "3John")!, 1, notNumberedIn: kjv)
        #expect(notes.map(\.0) == [ref("3John.1.15")])
        #expect(kjv.verses(in: Canon.book(osis: "3John")!, 1, notNumberedIn: nrsva).isEmpty)
    }

    @Test func aSitesOwnVersificationIsReadWithClearErrors() {
        let text = "versification TINY\nGen 3 2\nXyz 4\nmap Gen.2.2 Gen.2.2\nmap Gen.9.1 Gen.1.1\nmap nonsense\n"
        let file = SourceFile(path: "Content/bible/versifications/TINY.vrs", url: URL(fileURLWithPath: "/x/TINY.vrs"), text: text)
        let diagnostics = Diagnostics()
        let tiny = VersificationReader.read(file, diagnostics: diagnostics)
        #expect(tiny?.verseCount(Canon.book(osis: "Gen")!, 2) == 2)
        #expect(diagnostics.all.map(\.description) == [
            "Content/bible/versifications/TINY.vrs:3:1: error: unknown book 'Xyz' (expected an OSIS book id such as Gen, Tob, Matt)",
            "Content/bible/versifications/TINY.vrs:5:5: error: Gen.9.1 is not a verse of TINY",
            "Content/bible/versifications/TINY.vrs:6:1: error: expected 'map <verse> <KJV verse>' like 'map 3John.1.15 3John.1.14'",
        ])
    }

    @Test("issue 25, 15: a chapter of 1,000 verses or a book of 1,000 chapters is refused at its line: verse ids could collide")
    func limitsThatKeepVerseIdsApart() {
        let text = "versification BIG\nGen 100000\nExod 31 1000 2\nLev " + String(repeating: "1 ", count: 1001) + "\nNum 999 999\n"
        let file = SourceFile(path: "Content/bible/versifications/BIG.vrs", url: URL(fileURLWithPath: "/x/BIG.vrs"), text: text)
        let diagnostics = Diagnostics()
        let big = VersificationReader.read(file, diagnostics: diagnostics)
        #expect(diagnostics.all.map(\.description) == [
            "Content/bible/versifications/BIG.vrs:2:5: error: Gen 1: 100000 verses, more than the 999 a chapter may have",
            "Content/bible/versifications/BIG.vrs:3:9: error: Exod 2: 1000 verses, more than the 999 a chapter may have",
            "Content/bible/versifications/BIG.vrs:4:2003: error: Lev: 1001 chapters, more than the 999 a book may have",
        ])
        #expect(big?.verseCount(Canon.book(osis: "Num")!, 2) == 999)
    }
}
