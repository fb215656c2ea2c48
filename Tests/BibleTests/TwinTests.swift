import Foundation
import Testing
@testable import SitegenBible

/// The same three books written as OSIS and as USFM 3 must read to the same model.
@Suite struct TwinTests {
    func read(_ name: String) throws -> [Book] {
        let url = fixtures.appendingPathComponent("twin/" + name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let diagnostics = Diagnostics()
        let file = SourceFile(path: name, url: url, text: text)
        let books = name.hasSuffix(".xml") ? OSISReader.read(file, diagnostics: diagnostics) : USFMReader.read(file, diagnostics: diagnostics)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        return books
    }

    @Test func usfmReadsToTheSameBooksAsItsOSISTwin() throws {
        let osis = try read("twin.osis.xml")
        let usfm = try ["GEN.usfm", "PSA.usfm", "JHN.usfm"].flatMap { try read($0) }
        #expect(osis.map(\.osis) == ["Gen", "Ps", "John"])
        #expect(usfm.count == osis.count)
        for (a, b) in zip(osis, usfm) {
            #expect(a.name == b.name && a.title == b.title && a.abbreviation == b.abbreviation)
            for (ca, cb) in zip(a.chapters, b.chapters) {
                #expect(ca.number == cb.number)
                for (va, vb) in zip(ca.verses, cb.verses) { #expect(va == vb, "\(a.osis) \(ca.number):\(va.number)") }
                #expect(ca.verses.count == cb.verses.count)
            }
            #expect(a == b)
        }
    }

    @Test func twinCarriesEveryKindOfMarkup() throws {
        let books = try read("twin.osis.xml")
        let gen = books[0].chapters[0].verses
        #expect(gen.map(\.paragraph) == [true, false, true])
        #expect(gen[1].spans.contains(Span("was", .added)))
        #expect(gen[2].plainText == "And God said, Let there be light: and there was light.")
        let ps119 = books[1].chapters[1].verses
        #expect(ps119.map(\.number) == [1, 2, 9])
        #expect(ps119.map { $0.headings.map(SpanText.plain) } == [["א ALEPH."], [], ["ב BETH."]])
        #expect(ps119.allSatisfy { $0.poetry })
        let john = books[2].chapters[0].verses
        #expect(john[0].spans == [Span("¶ For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.", .jesus)])
        #expect(SpanText.plain(john[2].subscription) == "A subscription, with italics.")
    }
}
