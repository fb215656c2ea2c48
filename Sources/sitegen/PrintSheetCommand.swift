import ArgumentParser
import Foundation
import SitegenCore
import SitegenPrint
import SitegenSchedule
import SitegenSite

struct PrintSheetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print-sheet",
        abstract: "Print the built meetings sheet, or a month of the calendar, to PDF (Letter and A4) with headless Chromium.",
        discussion: """
        Prints /schedule/print/ of a built site to schedule/meetings.pdf (US Letter) and \
        schedule/meetings-a4.pdf (A4) in the output folder; with --month 2027-01, the calendar's \
        /schedule/calendar/2027-01/ on one landscape sheet to schedule/calendar/2027-01.pdf and \
        2027-01-a4.pdf. The same site gives the same bytes: the \
        PDFs are dated with the build's as-of date. Without Chromium (chromium on PATH, or $CHROMIUM) \
        it says it skipped them and exits 0. `sitegen build --print-sheet` builds, prints, and links \
        the PDFs from the schedule page.
        """)

    @Option(help: "The built site (from `sitegen build`).")
    var output = "Output"

    @Option(help: "Print this month of the calendar (YYYY-MM, a month of the schedule's window) instead of the sheet.")
    var month: String?

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func run() async throws {
        let folder = URL(fileURLWithPath: output, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
        let print = try printing(folder)
        guard let chromium = SheetPrinting.chromium(print.jobs) else { return }
        let manifest = folder.appendingPathComponent("api/v1/manifest.json")
        guard let built = SheetPrinting.built(manifest: manifest) else {
            printError("\(output)/api/v1/manifest.json: error: no as-of date and base path found; run `sitegen build` first")
            throw ExitCode.failure
        }
        try await SheetPrinting.print(chromium: chromium, page: print.page, jobs: print.jobs, output: folder, outputName: output,
                                      basePath: built.basePath, asOf: built.asOf, quiet: quiet)
    }

    /// The page to print and its PDFs: the sheet, or the month asked for; an error names what is wrong.
    func printing(_ folder: URL) throws -> (page: String, jobs: [SheetPrinter.Job]) {
        guard let month else {
            let page = folder.appendingPathComponent(PrintSheet.path).appendingPathComponent("index.html")
            guard FileManager.default.fileExists(atPath: page.path) else {
                printError("\(output)/\(PrintSheet.path)index.html: error: no meetings sheet to print; run `sitegen build` first (the site needs a schedule)")
                throw ExitCode.failure
            }
            return (PrintSheet.path, SheetPrinting.jobs)
        }
        guard let parsed = MonthGrid.Month(month) else {
            printError("sitegen print-sheet: error: --month '\(month)' is not a month written YYYY-MM (such as 2027-01)")
            throw ExitCode.failure
        }
        let page = CalendarPages.monthPath(parsed)
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(page).appendingPathComponent("index.html").path) else {
            let calendar = folder.appendingPathComponent(CalendarPages.path)
            let months = ((try? FileManager.default.contentsOfDirectory(atPath: calendar.path)) ?? []).compactMap(MonthGrid.Month.init).sorted()
            let known = months.isEmpty ? "this site has no calendar; run `sitegen build` first (the site needs a schedule)"
                : "the calendar's months are \(months.first!) to \(months.last!)"
            printError("\(output)/\(page)index.html: error: no calendar page for \(parsed): \(known)")
            throw ExitCode.failure
        }
        let pdf = CalendarPages.path + parsed.description
        return (page, [SheetPrinter.Job(path: pdf + ".pdf", paper: .letter, landscape: true),
                       SheetPrinter.Job(path: pdf + "-a4.pdf", paper: .a4, landscape: true)])
    }
}

/// What `print-sheet` and `build --print-sheet` share.
enum SheetPrinting {
    static let jobs = [SheetPrinter.Job(path: PrintSheet.pdfLetterPath, paper: .letter),
                       SheetPrinter.Job(path: PrintSheet.pdfA4Path, paper: .a4)]

    /// The browser, or nil after saying on stderr that the PDFs are skipped.
    static func chromium(_ jobs: [SheetPrinter.Job] = jobs) -> URL? {
        if let found = SheetPrinter.findChromium() { return found }
        let why = ProcessInfo.processInfo.environment["CHROMIUM"].map { "CHROMIUM=\($0) is not an executable file" }
            ?? "no chromium, chromium-browser or google-chrome on PATH"
        printError("sitegen: skipped the meetings sheet PDFs (\(jobs.map(\.path).joined(separator: ", "))): "
                   + "Chromium is not installed (\(why)); install it (apt-get install chromium) or set CHROMIUM=/path/to/chromium")
        return nil
    }

    static func print(chromium: URL, page: String = PrintSheet.path, jobs: [SheetPrinter.Job] = jobs, output: URL, outputName: String,
                      basePath: String, asOf: CalendarDate, quiet: Bool) async throws {
        let printer = SheetPrinter(chromium: chromium, output: output, basePath: basePath)
        do {
            let done = try await printer.print(page: page, jobs: jobs, date: asOf)
            if !quiet {
                let list = done.map { job, bytes in "\(job.path) (\(job.paper == .letter ? "Letter" : "A4"), \(bytes / 1024) KB)" }
                Swift.print("Printed \(list.joined(separator: ", ")) into \(outputName)/ as of \(asOf)")
            }
        } catch let failure as SheetPrinter.Failure {
            printError("sitegen print-sheet: error: \(failure.description)")
            throw ExitCode.failure
        }
    }

    /// What the site's manifest records of its build: the day it treated as today and the
    /// base path its pages link below (`/church/`).
    static func built(manifest: URL) -> (asOf: CalendarDate, basePath: String)? {
        struct Built: Decodable {
            let asOf: String
            let basePath: String?
        }
        guard let data = try? Data(contentsOf: manifest), let built = try? JSONDecoder().decode(Built.self, from: data),
              let asOf = CalendarDate(built.asOf), let basePath = built.basePath else { return nil }
        return (asOf, basePath)
    }
}
