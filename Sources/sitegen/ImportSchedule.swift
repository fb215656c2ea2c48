import ArgumentParser
import Foundation
import SitegenSchedule

/// Options every schedule/locality import shares.
struct ScheduleImportOptions: ParsableArguments {
    @Option(help: "Content folder to write into.")
    var content = "Content"

    @Flag(help: "Overwrite a file that already exists.")
    var force = false

    func tree() -> SourceTree {
        SourceTree(url: URL(fileURLWithPath: content, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)),
                   displayPath: content)
    }

    /// Reads the input file as validated UTF-8 text.
    func input(_ path: String, diagnostics: Diagnostics) -> SourceFile? {
        SourceFile.read(URL(fileURLWithPath: path), displayPath: path, diagnostics: diagnostics)
    }

    /// Writes `text` to `relative` below the content folder unless it exists and --force is not given.
    func write(_ text: String, to relative: String) throws {
        let url = tree().fileURL(relative)
        if FileManager.default.fileExists(atPath: url.path) && !force {
            printError("\(tree().display(relative)): error: file exists (use --force to overwrite)")
            throw ExitCode.failure
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    /// Prints the run's problems; fails when there were errors (nothing is written then).
    func finish(_ diagnostics: Diagnostics) throws {
        for d in diagnostics.all { printError(d.description) }
        let errors = diagnostics.errors.count
        if errors > 0 {
            printError("sitegen: \(errors) error\(errors == 1 ? "" : "s"); nothing was written")
            throw ExitCode.failure
        }
    }

    /// Sessions given as `10:00-12:00`.
    static func sessions(morning: String, sundayMorning: String, evening: String) throws -> SessionDefaults {
        do { return try SessionDefaults(morning: morning, sundayMorning: sundayMorning, evening: evening) } catch {
            throw ValidationError("\(error)")
        }
    }

    func localities(_ diagnostics: Diagnostics) async -> [Locality] {
        await LocalityReader.read(content: tree(), diagnostics: diagnostics)
    }

    /// The places without a locality page that the content's schedules already name
    /// (`with_others`), so a new import writes a place the way they do. A schedule that does not
    /// read is left out here (its problems are the build's to report, not this import's).
    func knownPlaces(_ localities: [Locality]) async -> [String] {
        let events = await ScheduleReader.read(content: tree(), localities: localities, diagnostics: Diagnostics())
        return Array(Set(events.flatMap(\.withOthers))).sorted()
    }
}

struct ImportLocalitiesJSON: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "localities-json",
        abstract: "Import the apps' localities.json into Content/localities/<slug>.md.")

    @Argument(help: "The apps' localities.json.") var file: String
    @OptionGroup var options: ScheduleImportOptions

    func run() async throws {
        let diagnostics = Diagnostics()
        guard let source = options.input(file, diagnostics: diagnostics) else { return try options.finish(diagnostics) }
        let outputs = AppLocalitiesImporter.run(source, diagnostics: diagnostics)
        try options.finish(diagnostics)
        for output in outputs { try options.write(output.text, to: "localities/\(output.slug).md") }
        print("Imported \(outputs.count) localities into \(options.content)/localities/")
    }
}

struct ImportScheduleJSON: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule-json",
        abstract: "Import an app schedule (schedule-*.json, dates without a year) into Content/schedule/.",
        discussion: "Run after the localities are in place: locality slugs are checked against them.")

    @Argument(help: "The apps' schedule JSON file.") var file: String
    @Option(help: "The year the dates (written without one) fall in.") var year: Int
    @Option(help: "Name of the schedule file to write (default: <input name>-<year>).") var name: String?
    @Option(help: "Title of the schedule.") var title: String?
    @Option(help: "Team for entries that name none.") var team: String?
    @Flag(help: "Move every date by the same few days so entries marked isSunday fall on Sundays in --year.")
    var alignWeekdays = false
    @Option(help: "Morning session on weekdays.") var morning = "10:00-12:00"
    @Option(help: "Morning session on Sundays.") var sundayMorning = "11:00-12:30"
    @Option(help: "Evening session.") var evening = "19:00-21:00"
    @OptionGroup var options: ScheduleImportOptions

    func validate() throws {
        if !(1900...2200).contains(year) { throw ValidationError("--year must be a year like 2027") }
        if let name, !name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
            throw ValidationError("--name must be letters, digits, '-' or '_'")
        }
    }

    func run() async throws {
        let diagnostics = Diagnostics()
        let sessions = try ScheduleImportOptions.sessions(morning: morning, sundayMorning: sundayMorning, evening: evening)
        guard let source = options.input(file, diagnostics: diagnostics) else { return try options.finish(diagnostics) }
        let localities = await options.localities(diagnostics)
        var importer = AppScheduleImporter(year: year, alignWeekdays: alignWeekdays, team: team, sessions: sessions,
                                           localities: localities)
        importer.knownPlaces = await options.knownPlaces(localities)
        let result = importer.run(source, diagnostics: diagnostics)
        try options.finish(diagnostics)
        guard let result else { return }
        let stem = name ?? "\(URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)-\(year)"
        let shift = result.shift == 0 ? "" : ", moved by \(result.shift) days so Sundays stay Sundays"
        let note = "Imported from \(URL(fileURLWithPath: file).lastPathComponent) with sitegen import schedule-json --year \(year)\(shift)."
        try options.write(ScheduleYAMLWriter.text(title: title ?? stem, note: note, events: result.events), to: "schedule/\(stem).yml")
        print("Imported \(result.events.count) entries into \(options.content)/schedule/\(stem).yml\(shift)")
    }
}

struct ImportScheduleCSV: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule-csv",
        abstract: "Import a schedule exported from a spreadsheet as CSV into Content/schedule/.",
        discussion: "Header row with columns: \(CSVScheduleImporter.columns.joined(separator: ", ")). See docs/schedule.md.")

    @Argument(help: "The CSV file (UTF-8, comma-separated, with a header row).") var file: String
    @Option(help: "Name of the schedule file to write (default: the CSV's name).") var name: String?
    @Option(help: "Title of the schedule.") var title: String?
    @Option(help: "Morning session on weekdays (for 'yes' in the morning column).") var morning = "10:00-12:00"
    @Option(help: "Morning session on Sundays.") var sundayMorning = "11:00-12:30"
    @Option(help: "Evening session.") var evening = "19:00-21:00"
    @OptionGroup var options: ScheduleImportOptions

    func run() async throws {
        let diagnostics = Diagnostics()
        let sessions = try ScheduleImportOptions.sessions(morning: morning, sundayMorning: sundayMorning, evening: evening)
        guard let source = options.input(file, diagnostics: diagnostics) else { return try options.finish(diagnostics) }
        let importer = CSVScheduleImporter(sessions: sessions, localities: await options.localities(diagnostics))
        let events = importer.run(source, diagnostics: diagnostics)
        try options.finish(diagnostics)
        let stem = name ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let note = "Imported from \(URL(fileURLWithPath: file).lastPathComponent) with sitegen import schedule-csv."
        try options.write(ScheduleYAMLWriter.text(title: title ?? stem, note: note, events: events), to: "schedule/\(stem).yml")
        print("Imported \(events.count) entries into \(options.content)/schedule/\(stem).yml")
    }
}
