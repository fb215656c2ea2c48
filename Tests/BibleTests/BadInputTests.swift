import Foundation
import Testing
@testable import SitegenBible

/// Malformed or inconsistent sources give `path:line:column: error:` messages, all of them.
@Suite struct BadInputTests {
    func osisErrors(_ text: String) -> [Diagnostic] {
        let diagnostics = Diagnostics()
        _ = OSISReader.read(memoryFile("bad.osis.xml", text), diagnostics: diagnostics)
        return diagnostics.all
    }

    func usfmErrors(_ text: String) -> [Diagnostic] {
        let diagnostics = Diagnostics()
        _ = USFMReader.read(memoryFile("bad.usfm", text), diagnostics: diagnostics)
        return diagnostics.all
    }

    @Test func malformedXMLNamesFileAndLine() {
        let errors = osisErrors(osis("""
        <chapter osisID="Gen.1" sID="Gen.1"/>
        <verse osisID="Gen.1.1" sID="Gen.1.1"/>In the <transChange type="added">beginning</verse>
        """))
        #expect(errors.count == 1)
        #expect(errors.first?.location.path == "bad.osis.xml")
        #expect(errors.first?.location.line == 5)
        #expect(errors.first?.message.hasPrefix("malformed XML") == true)
        #expect(errors.first?.description.hasPrefix("bad.osis.xml:5:") == true)
    }

    /// libxml2 would go on after a stray end tag; only the first, real error is reported.
    @Test func onlyTheFirstXMLErrorOfAFileIsReported() {
        let errors = osisErrors(osis("""
        <chapter osisID="Gen.1" sID="Gen.1"/>
        <verse osisID="Gen.1.1" sID="Gen.1.1"/>One.<verse eID="Gen.1.1"/></q>
        <verse osisID="Gen.1.2" sID="Gen.1.2"/>Two.<verse eID="Gen.1.2"/>
        <verse osisID="Gen.1.3" sID="Gen.1.3"/>Three.<verse eID="Gen.1.3"/>
        """))
        #expect(errors.map(\.description) == ["bad.osis.xml:5:70: error: malformed XML: Opening and ending tag mismatch: div line 3 and q"])
    }

    @Test func unknownBookIsAnError() {
        let errors = osisErrors(osis("<chapter osisID=\"Xyz.1\" sID=\"Xyz.1\"/>", book: "Xyz"))
        #expect(errors.map(\.message) == ["unknown book 'Xyz' (expected an OSIS book id such as Gen, Ps, Matt)"])
        #expect(errors.first?.location.line == 3)
        let usfm = usfmErrors("\\id XYZ\n\\c 1\n\\v 1 text\n")
        #expect(usfm.first?.message.hasPrefix("unknown book code 'XYZ'") == true)
        #expect(usfm.first?.location.line == 1)
    }

    @Test func duplicateAndOutOfOrderVersesAreErrors() {
        let errors = osisErrors(osis("""
        <chapter osisID="Gen.1" sID="Gen.1"/>
        <verse osisID="Gen.1.1" sID="Gen.1.1"/>One.<verse eID="Gen.1.1"/>
        <verse osisID="Gen.1.3" sID="Gen.1.3"/>Three.<verse eID="Gen.1.3"/>
        <verse osisID="Gen.1.2" sID="Gen.1.2"/>Two.<verse eID="Gen.1.2"/>
        <verse osisID="Gen.1.3" sID="Gen.1.3"/>Three again.<verse eID="Gen.1.3"/>
        """))
        #expect(errors.map(\.message) == [
            "verse Genesis 1:2 comes after verse 3; verses must be in order",
            "duplicate verse Genesis 1:3 (already at line 6)",
        ])
        #expect(errors.map(\.location.line) == [7, 8])
    }

    @Test func usfmDuplicateVerseAndUnknownMarkerAllReported() {
        let errors = usfmErrors("\\id GEN\n\\c 1\n\\p\n\\v 1 One.\n\\v 1 Again \\zz odd.\n\\v 2 \\add open\n")
        #expect(errors.map(\.message) == [
            "duplicate verse Genesis 1:1 (already at line 4)",
            "unknown USFM marker \\zz",
            "\\add is never closed with \\add*",
        ])
        #expect(errors.map(\.description).first == "bad.usfm:5:1: error: duplicate verse Genesis 1:1 (already at line 4)")
        #expect(errors[1].location.column == 12)
    }

    @Test func textOutsideAVerseIsReported() {
        let errors = osisErrors(osis("<chapter osisID=\"Gen.1\" sID=\"Gen.1\"/>Stray words<verse osisID=\"Gen.1.1\" sID=\"Gen.1.1\"/>One.<verse eID=\"Gen.1.1\"/>"))
        #expect(errors.map(\.message) == ["text outside a verse: 'Stray words'"])
    }
}
