import ArgumentParser
import Foundation
import SitegenSchedule
import SitegenSite

struct Build: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the site into the output folder.",
        discussion: """
        The site is built into a temporary folder beside the output folder and swapped in only when \
        everything succeeded: on any error the previous output stays exactly as it was.
        """)

    @OptionGroup var site: SiteOptions

    @Option(help: "Folder to write the site to; replaced as a whole.")
    var output = "Output"

    @Flag(help: "Replace the output folder even if sitegen did not create it.")
    var force = false

    func validate() throws { try site.checkOutput(output) }

    @Flag(help: "Also print the meetings sheet to schedule/meetings.pdf and meetings-a4.pdf with headless Chromium, linked from the schedule page (skipped, with a note, when Chromium is not installed).")
    var printSheet = false

    func run() async throws {
        // Chromium is looked for first: the schedule page links the PDFs only when they will be made.
        let chromium = printSheet ? SheetPrinting.chromium() : nil
        try await Runner.run(site, output: output, force: force, mode: .build, printSheet: chromium != nil) { report in
            guard let chromium, let asOf = report.asOf else { return }
            let folder = site.url(output)
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(PrintSheet.path).path) else {
                printError("sitegen: skipped the meetings sheet PDFs: this site has no schedule")
                return
            }
            try await SheetPrinting.print(chromium: chromium, output: folder, outputName: output,
                                          basePath: report.address?.basePath ?? "/", asOf: asOf, quiet: site.quiet)
        }
    }
}

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate content and templates; write nothing.")

    @OptionGroup var site: SiteOptions

    func run() async throws {
        try await Runner.run(site, output: "Output", force: false, mode: .check)
    }
}

/// Runs the pipeline and speaks to the terminal: errors on stderr as `path:line:column: error:`,
/// a summary line on stdout, a progress line on a terminal.
enum Runner {
    static func run(_ site: SiteOptions, output: String, force: Bool, mode: BuildSession.Mode, printSheet: Bool = false,
                    after: ((BuildReport) async throws -> Void)? = nil) async throws {
        let terminal = isatty(STDERR_FILENO) == 1 && !site.quiet
        if terminal { FileHandle.standardError.write(Data("\u{1B}[2K\rbuilding…".utf8)) }
        // The one pipeline, as `serve` uses it, without recording sources for later rebuilds.
        var options = site.buildOptions(output: output, force: force)
        options.settings.set(SchedulePrinting(printed: printSheet))
        let session = BuildSession(options: options)
        do {
            let report = try await session.build(mode: mode, watching: false)
            if terminal { FileHandle.standardError.write(Data("\u{1B}[2K\r".utf8)) }
            if !site.quiet { for warning in report.warnings + site.copyWarnings() { printError(warning.description) } }
            if site.verbose {
                for (stage, seconds) in report.timings { printError(String(format: "  %-10@ %8.3f s", stage, seconds)) }
            }
            if !site.quiet { print(summary(report, mode: mode, output: output)) }
            try await after?(report)
            // The process ends here: the operating system takes back the session's memory at once,
            // where releasing the built site object by object (31,102 verses, every page) takes tens of ms.
            withExtendedLifetime(session) { exit(0) }
        } catch let failure as BuildFailed {
            if terminal { FileHandle.standardError.write(Data("\u{1B}[2K\r".utf8)) }
            for diagnostic in failure.diagnostics { printError(diagnostic.description) }
            let count = failure.diagnostics.filter { $0.severity == .error }.count
            printError("sitegen: \(count) error\(count == 1 ? "" : "s"); \(mode == .build ? "\(output)/ was left unchanged" : "nothing was written")")
            throw ExitCode.failure
        } catch let error as OutputWriter.WriteError {
            printError("\(output): error: \(error.description)")
            throw ExitCode.failure
        }
    }

    static func summary(_ report: BuildReport, mode: BuildSession.Mode, output: String) -> String {
        let megabytes = String(format: "%.1f", Double(report.bytes) / 1_000_000)
        let seconds = String(format: "%.2f", report.seconds)
        let asOf = report.asOf.map { " as of \($0)" } ?? ""
        let base = report.address.map { " for \($0.base)" } ?? ""
        switch mode {
        case .build: return "Built \(report.pages) pages, \(report.files) files (\(megabytes) MB) into \(output)/\(base)\(asOf) in \(seconds) s"
        case .check: return "Checked: \(report.pages) pages, \(report.files) files (\(megabytes) MB) would be built\(base)\(asOf); nothing written (\(seconds) s)"
        }
    }
}

func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
