import ArgumentParser
import Foundation
import SitegenBuiltIn
import SitegenKinds
import SitegenSite

/// Options shared by `build` and `check`.
struct SiteOptions: ParsableArguments {
    @Option(help: "Folder with site.yml, pages, hymns, Bible, schedule and localities.")
    var content = "Content"

    @Option(help: "Folder with the site's own templates and assets/, each replacing the built-in theme's file of the same name (optional).")
    var templates = "Templates"

    @Option(help: "Base URL the site is published at, e.g. https://example.org/church/ (default: base_url in site.yml).")
    var baseURL: String?

    @Option(help: ArgumentHelp("The day the build treats as today, YYYY-MM-DD (default: SOURCE_DATE_EPOCH, else today in the site's time zone).",
                               valueName: "YYYY-MM-DD"),
            transform: SiteOptions.date)
    var asOf: CalendarDate?

    @Option(help: "How many pages to render at once (default: the number of cores).")
    var jobs: Int?

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print the time each stage took.")
    var verbose = false

    func validate() throws {
        if let baseURL, case .failure(let problem) = SiteAddress.parse(baseURL) {
            throw ValidationError("--base-url '\(baseURL)': \(problem.message)")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func buildOptions(output: String, force: Bool) -> BuildOptions {
        BuildOptions(content: tree(content), templates: tree(templates), theme: SiteOptions.theme, output: url(output), kinds: SiteKinds.bundled, features: SiteKinds.features,
                     baseURL: baseURL, asOf: asOf,
                     jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, force: force)
    }

    /// The theme compiled into this sitegen (this repository's Templates/ when it was built).
    static let theme = BuiltInTheme(files: BuiltInFiles.theme)

    /// The site's copies of built-in files whose original changed since (`sitegen theme copy`), and
    /// any problem of Templates/theme.yml: warnings, never a failed build.
    func themeWarnings() -> [Diagnostic] {
        let diagnostics = Diagnostics()
        let folder = tree(templates)
        let drift = ThemeCopies.read(folder, diagnostics: diagnostics).drift(theme: Self.theme, templates: folder)
        return diagnostics.all.map { Diagnostic(.warning, at: $0.location, $0.message) } + drift
    }

    /// The theme's warnings and the string tables' (`sitegen strings copy`): copies whose built-in
    /// original changed since.
    func copyWarnings() -> [Diagnostic] { themeWarnings() + StringsFolder.warnings(content: content) }

    /// `--as-of`, parsed once where it is read.
    static func date(_ text: String) throws -> CalendarDate { try date(text, option: "--as-of") }

    /// A date option, named as the user wrote it in the message (`new meeting --date`).
    static func date(_ text: String, option: String) throws -> CalendarDate {
        guard let date = CalendarDate(text) else {
            throw ValidationError("\(option) must be a date written YYYY-MM-DD that exists, not '\(text)'")
        }
        return date
    }

    /// Refuses an output folder that is, holds or lies inside the content or templates folder
    /// (see `OutputPlacement`), with or without --force.
    func checkOutput(_ output: String) throws {
        if let problem = OutputPlacement.problem(output: url(output),
                                                 sources: [("content", url(content)), ("templates", url(templates))]) {
            throw ValidationError(problem)
        }
    }

    func tree(_ path: String) -> SourceTree { SourceTree(url: url(path), displayPath: path) }

    func url(_ path: String) -> URL { commandLineURL(path) }
}

/// A path the command line names (`Content`, `../site/Templates`), relative to the working folder.
func commandLineURL(_ path: String) -> URL {
    URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
}
