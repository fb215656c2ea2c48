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

    /// Reads the input file as validated UTF-8 text, refused unread when larger than `limit`.
    func input(_ path: String, limit: SourceLimit, diagnostics: Diagnostics) -> SourceFile? {
        switch limit.readInput(path) {
        case .failure(let problem):
            diagnostics.error(problem.description, at: SourceLocation(path: path, line: 1))
            return nil
        case .success(let data):
            return SourceFile.decode(data, url: URL(fileURLWithPath: path), displayPath: path, diagnostics: diagnostics)
        }
    }

    /// Writes `files` (paths below the content folder) as one edit (`ContentEdit`: all or none),
    /// after `check` (the build's own reader) found no problem in the folder as it would be.
    /// A file that exists is only replaced with --force.
    func write(_ files: [(relative: String, text: String)],
               check: @escaping (SourceTree, String, Diagnostics) async -> Void) async throws {
        let folder = tree()
        try await edit(folder) { edit in
            for file in files {
                if try edit.exists(file.relative) && !force {
                    throw ContentEdit.Refused(description: "\(folder.display(file.relative)): error: file exists (use --force to overwrite)")
                }
                try edit.set(file.relative, Data(file.text.utf8))
            }
            let diagnostics = Diagnostics()
            for file in files { await check(edit.planned, file.relative, diagnostics) }
            guard diagnostics.errors.isEmpty else {
                ImportMessages.print(diagnostics.all)
                throw ContentEdit.Refused(description: "sitegen: the build would refuse what this import makes (above); nothing was written")
            }
        }
    }

    /// Prints the run's problems; fails when there were errors (nothing is written then).
    func finish(_ diagnostics: Diagnostics) throws {
        ImportMessages.print(diagnostics.all)
        let errors = diagnostics.errors.count
        if errors > 0 {
            printError("sitegen: \(errors) error\(errors == 1 ? "" : "s"); nothing was written")
            throw ExitCode.failure
        }
    }

    /// The schedule file an import writes: `schedule/<stem>.yml`, the stem checked like every
    /// path a command is given (`ContentPath`) and kept to letters, digits, '-' and '_'.
    static func scheduleFile(_ stem: String, option: String) throws -> String {
        guard !stem.isEmpty, stem.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }),
              ContentPath.problem(stem) == nil else {
            throw ValidationError("\(option) must be letters, digits, '-' or '_' (it names the file in schedule/), not '\(stem)'")
        }
        return "\(ScheduleReader.folder)/\(stem).yml"
    }

    /// Sessions given as `10:00-12:00`.
    static func sessions(morning: String, sundayMorning: String, evening: String) throws -> SessionDefaults {
        do { return try SessionDefaults(morning: morning, sundayMorning: sundayMorning, evening: evening) } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The build's check of a schedule file, against the content's localities.
    func scheduleCheck(_ localities: [Locality]) -> (SourceTree, String, Diagnostics) async -> Void {
        { planned, relative, diagnostics in _ = ScheduleReader.check(planned, relative, localities: localities, diagnostics: diagnostics) }
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
        guard let source = options.input(file, limit: .importJSON, diagnostics: diagnostics) else { return try options.finish(diagnostics) }
        let outputs = AppLocalitiesImporter.run(source, diagnostics: diagnostics)
        try options.finish(diagnostics)
        let statics = options.tree().subtree("static")
        try await options.write(outputs.map { ("\(LocalityReader.folder)/\($0.slug).md", $0.text) }) { planned, relative, diagnostics in
            _ = LocalityReader.readFile(planned.subtree(LocalityReader.folder), String(relative.dropFirst(LocalityReader.folder.count + 1)),
                                        statics, diagnostics)
        }
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
        if let name { _ = try ScheduleImportOptions.scheduleFile(name, option: "--name") }
    }

    func run() async throws {
        let diagnostics = Diagnostics()
        let sessions = try ScheduleImportOptions.sessions(morning: morning, sundayMorning: sundayMorning, evening: evening)
        guard let source = options.input(file, limit: .importJSON, diagnostics: diagnostics) else { return try options.finish(diagnostics) }
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
        let target = try ScheduleImportOptions.scheduleFile(stem, option: "the file name (or --name)")
        try await options.write([(target, ScheduleYAMLWriter.text(title: title ?? stem, note: note, events: result.events))],
                                check: options.scheduleCheck(localities))
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

    func validate() throws {
        if let name { _ = try ScheduleImportOptions.scheduleFile(name, option: "--name") }
    }

    func run() async throws {
        let diagnostics = Diagnostics()
        let sessions = try ScheduleImportOptions.sessions(morning: morning, sundayMorning: sundayMorning, evening: evening)
        guard let source = options.input(file, limit: .scheduleCSV, diagnostics: diagnostics) else { return try options.finish(diagnostics) }
        let localities = await options.localities(diagnostics)
        let importer = CSVScheduleImporter(sessions: sessions, localities: localities)
        let events = importer.run(source, diagnostics: diagnostics)
        try options.finish(diagnostics)
        let stem = name ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let note = "Imported from \(URL(fileURLWithPath: file).lastPathComponent) with sitegen import schedule-csv."
        let target = try ScheduleImportOptions.scheduleFile(stem, option: "the file name (or --name)")
        try await options.write([(target, ScheduleYAMLWriter.text(title: title ?? stem, note: note, events: events))],
                                check: options.scheduleCheck(localities))
        print("Imported \(events.count) entries into \(options.content)/schedule/\(stem).yml")
    }
}

/// An import's problems, at most `shown` of them: a CSV with a million bad rows gets a screenful
/// and a count, not a million lines.
enum ImportMessages {
    static let shown = 50

    static func print(_ diagnostics: [Diagnostic]) {
        for d in diagnostics.prefix(shown) { printError(d.description) }
        if diagnostics.count > shown { printError("sitegen: and \(diagnostics.count - shown) more problems like these") }
    }
}
