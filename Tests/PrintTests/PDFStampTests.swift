import Foundation
import SitegenCore
@testable import SitegenPrint
import XCTest

final class PDFStampTests: XCTestCase {
    let asOf = CalendarDate(year: 2026, month: 11, day: 22)!

    func pdf(_ created: String, id: String = "") -> Data {
        Data("""
        %PDF-1.4
        1 0 obj
        <</Creator (Chromium)
        /Producer (Skia/PDF m156)
        /CreationDate (D:\(created)+00'00')
        /ModDate (D:\(created)+00'00')>>
        endobj
        trailer
        <</Size 2 /Root 1 0 R\(id)>>
        startxref
        9
        %%EOF
        """.utf8)
    }

    func testDatesBecomeTheAsOfDateInTheSameLength() {
        let first = PDFStamp.reproducible(pdf("20261123004642"), date: asOf)
        let second = PDFStamp.reproducible(pdf("20270101235959"), date: asOf)
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.count, pdf("20261123004642").count, "no byte offset may move")
        let text = String(decoding: first, as: UTF8.self)
        XCTAssertTrue(text.contains("/CreationDate (D:20261122000000+00'00')"))
        XCTAssertTrue(text.contains("/ModDate (D:20261122000000+00'00')"))
    }

    func testTrailerIDsFollowTheDocument() {
        let one = PDFStamp.reproducible(pdf("20261123004642", id: " /ID [<0123456789ABCDEF0123456789ABCDEF> <FEDCBA9876543210FEDCBA9876543210>]"), date: asOf)
        let two = PDFStamp.reproducible(pdf("20261124010101", id: " /ID [<AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA> <BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB>]"), date: asOf)
        XCTAssertEqual(one, two)
        XCTAssertFalse(String(decoding: one, as: UTF8.self).contains("0123456789ABCDEF"))
    }

    /// Chromium's tagged PDFs name structure elements after DOM node numbers, which vary between runs.
    func tagged(_ ids: [Int]) -> Data {
        let key = { (n: Int) in String(format: "(node%08d)", n) }
        let sorted = zip(ids, [49, 51, 53]).sorted { $0.0 < $1.0 }
        return Data("""
        %PDF-1.4
        49 0 obj <</S /TH /ID \(key(ids[0]))>> endobj
        51 0 obj <</S /TH /ID \(key(ids[1]))>> endobj
        53 0 obj <</S /TH /ID \(key(ids[2]))>> endobj
        60 0 obj <</S /TD /A <</O /Table /Headers [\(key(ids[1])) \(key(ids[0]))]>>>> endobj
        90 0 obj
        <</Limits [\(key(sorted.first!.0)) \(key(sorted.last!.0))]
        /Names [\(sorted.map { "\(key($0.0)) \($0.1) 0 R" }.joined(separator: " "))]>>
        endobj
        %%EOF
        """.utf8)
    }

    func testStructureIDsAreRenumberedInTheOrderTheyAppear() {
        let one = PDFStamp.reproducible(tagged([74, 75, 4]), date: asOf)
        let two = PDFStamp.reproducible(tagged([55, 56, 57]), date: asOf)
        XCTAssertEqual(String(decoding: one, as: UTF8.self), String(decoding: two, as: UTF8.self))
        XCTAssertEqual(one.count, tagged([74, 75, 4]).count)
        let text = String(decoding: one, as: UTF8.self)
        XCTAssertTrue(text.contains("/Headers [(node00000002) (node00000001)]"), text)
        XCTAssertTrue(text.contains("<</Limits [(node00000001) (node00000003)]\n/Names [(node00000001) 49 0 R (node00000002) 51 0 R (node00000003) 53 0 R]"), text)
    }

    func testAPDFWithoutDatesIsLeftAsItIs() {
        let plain = Data("%PDF-1.4\n<</Producer (x)>>\n%%EOF\n".utf8)
        XCTAssertEqual(PDFStamp.reproducible(plain, date: asOf), plain)
    }

    func testThePrintedPageTakesThePapersSizeAndLosesItsLinks() {
        let page = #"<html><head><title>x</title></head><body><a href="/church/localities/aberdeen/">Aberdeen</a></body></html>"#
        let month = PrintHandler.forPaper(page, query: "paper=a4&orientation=landscape")
        XCTAssertEqual(month?.contains("<style>@page { size: A4 landscape; }</style>"), true)
        XCTAssertEqual(month?.contains(#"removeAttribute("href")"#), true)
        XCTAssertEqual(PrintHandler.forPaper(page, query: "paper=letter")?.contains("@page { size: letter; }"), true)
        XCTAssertNil(PrintHandler.forPaper(page, query: "paper=tabloid"))
        XCTAssertNil(PrintHandler.forPaper(page, query: nil))
    }

    func testChromiumIsFoundOnPathOrThroughCHROMIUM() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("print-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertNil(SheetPrinter.findChromium(environment: ["PATH": folder.path]))
        let program = folder.appendingPathComponent("chromium")
        FileManager.default.createFile(atPath: program.path, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        XCTAssertEqual(SheetPrinter.findChromium(environment: ["PATH": "/nonexistent:" + folder.path])?.path, program.path)
        XCTAssertNil(SheetPrinter.findChromium(environment: ["PATH": folder.path, "CHROMIUM": "/nonexistent/chrome"]))
    }
}
