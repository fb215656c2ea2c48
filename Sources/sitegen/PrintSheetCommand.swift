import ArgumentParser
import Foundation
import SitegenCore
import SitegenPrint
import SitegenSchedule
import SitegenSite

struct PrintSheetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print-sheet",
        abstract: "Print the built meetings sheet to PDF (Letter and A4) with headless Chromium.",
        discussion: """
        Prints /schedule/print/ of a built site to schedule/meetings.pdf (US Letter) and \
        schedule/meetings-a4.pdf (A4) in the output folder. The same site gives the same bytes: the \
        PDFs are dated with the build's as-of date. Without Chromium (chromium on PATH, or $CHROMIUM) \
        it says it skipped them and exits 0. `sitegen build --print-sheet` builds, prints, and links \
        the PDFs from the schedule page.
        """)

    @Option(help: "The built site (from `sitegen build`).")
    var output = "Output"

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func run() async throws {
        let folder = URL(fileURLWithPath: output, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
        guard let chromium = SheetPrinting.chromium() else { return }
        let page = folder.appendingPathComponent(PrintSheet.path).appendingPathComponent("index.html")
        guard let html = try? String(contentsOf: page, encoding: .utf8) else {
            printError("\(output)/\(PrintSheet.path)index.html: error: no meetings sheet to print; run `sitegen build` first (the site needs a schedule)")
            throw ExitCode.failure
        }
        let manifest = folder.appendingPathComponent("api/v1/manifest.json")
        guard let asOf = SheetPrinting.asOf(manifest: manifest) else {
            printError("\(output)/api/v1/manifest.json: error: no as-of date found; run `sitegen build` first")
            throw ExitCode.failure
        }
        try await SheetPrinting.print(chromium: chromium, output: folder, outputName: output,
                                      basePath: SheetPrinting.basePath(ofPrintPage: html), asOf: asOf, quiet: quiet)
    }
}

/// What `print-sheet` and `build --print-sheet` share.
enum SheetPrinting {
    static let jobs = [SheetPrinter.Job(path: PrintSheet.pdfLetterPath, paper: .letter),
                       SheetPrinter.Job(path: PrintSheet.pdfA4Path, paper: .a4)]

    /// The browser, or nil after saying on stderr that the PDFs are skipped.
    static func chromium() -> URL? {
        if let found = SheetPrinter.findChromium() { return found }
        let why = ProcessInfo.processInfo.environment["CHROMIUM"].map { "CHROMIUM=\($0) is not an executable file" }
            ?? "no chromium, chromium-browser or google-chrome on PATH"
        printError("sitegen: skipped the meetings sheet PDFs (\(jobs.map(\.path).joined(separator: ", "))): "
                   + "Chromium is not installed (\(why)); install it (apt-get install chromium) or set CHROMIUM=/path/to/chromium")
        return nil
    }

    static func print(chromium: URL, output: URL, outputName: String, basePath: String, asOf: CalendarDate, quiet: Bool) async throws {
        let printer = SheetPrinter(chromium: chromium, output: output, basePath: basePath)
        do {
            let done = try await printer.print(page: PrintSheet.path, jobs: jobs, date: asOf)
            if !quiet {
                let list = done.map { job, bytes in "\(job.path) (\(job.paper == .letter ? "Letter" : "A4"), \(bytes / 1024) KB)" }
                Swift.print("Printed \(list.joined(separator: ", ")) into \(outputName)/ as of \(asOf)")
            }
        } catch let failure as SheetPrinter.Failure {
            printError("sitegen print-sheet: error: \(failure.description)")
            throw ExitCode.failure
        }
    }

    /// `asOf` of the site's manifest: the day the build treated as today.
    static func asOf(manifest: URL) -> CalendarDate? {
        struct Dated: Decodable { let asOf: String }
        guard let data = try? Data(contentsOf: manifest),
              let dated = try? JSONDecoder().decode(Dated.self, from: data) else { return nil }
        return CalendarDate(dated.asOf)
    }

    /// The base path the site was built for, from the sheet's canonical link
    /// (`https://example.org/church/schedule/print/` → `/church/`).
    static func basePath(ofPrintPage html: String) -> String {
        guard let tag = html.range(of: "<link rel=\"canonical\" href=\""),
              let end = html[tag.upperBound...].firstIndex(of: "\"") else { return "/" }
        var href = String(html[tag.upperBound..<end])
        if let scheme = href.range(of: "://") {
            // The path part, as written (Foundation's `URL.path` would drop the final slash).
            let rest = href[scheme.upperBound...]
            href = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
        }
        if href.hasSuffix(PrintSheet.path) { href.removeLast(PrintSheet.path.count) }
        if !href.hasPrefix("/") { href = "/" + href }
        return href.hasSuffix("/") ? href : href + "/"
    }
}
