import Foundation
import Testing
@testable import SitegenBible
@testable import SitegenCore

@Suite("Hardening: Bible sources")
struct BibleHardeningTests {
    @Test("minor: an OSIS file declaring ISO-8859-1 over UTF-8 bytes is an error, not mojibake")
    func declaredEncoding() {
        let text = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<osis><osisText><div type=\"book\" osisID=\"Gen\"></div></osisText></osis>"
        let diagnostics = Diagnostics()
        let books = OSISReader.read(SourceFile(path: "Content/bible/x/gen.osis.xml", url: URL(fileURLWithPath: "/x"), text: text), diagnostics: diagnostics)
        #expect(books.isEmpty)
        #expect(diagnostics.errors.first?.description.hasPrefix("Content/bible/x/gen.osis.xml:1:1: error: the XML declaration says encoding 'ISO-8859-1'") == true)
        #expect(OSISReader.declaredEncoding("<?xml version='1.0' encoding='utf-8'?><a/>") == "utf-8")
    }
}
