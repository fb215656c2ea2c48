import ArgumentParser
import Foundation
import SitegenBuiltIn
import SitegenSite

/// `sitegen init [DIR]`: a small, valid site to start from (Starter/ of this repository, built
/// in), with site.yml from the answers, a meeting two weeks ahead, the KJV if asked for and the
/// CI pipeline of the chosen host.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a new site to start from: settings, a home and an About page, two hymns, a schedule, a locality, a README.",
        discussion: """
        On a terminal, the title, base URL, language and time zone not given as options are asked for \
        (Enter keeps the default in brackets); elsewhere (CI) the defaults are used. Nothing in an \
        existing Content/ is ever overwritten.
        """)

    @Argument(help: "The folder to write the site into (made if missing).")
    var directory = "."

    @Option(help: "The site's title.") var title: String?
    @Option(help: "The address the site will be published at (default: the placeholder https://example.org/).") var baseURL: String?
    @Option(help: "The pages' language: en, es or fi (every starter file, menu and interface word in it).") var language: String?
    @Option(help: "IANA time zone of the meetings, e.g. America/Chicago (default: this computer's).") var timeZone: String?

    @Option(help: "kjv: bring in the King James Bible (the copy this sitegen ships, else the installed SWORD module); none: no Bible.")
    var bible: BibleChoice = .kjv

    @Option(help: "Write the CI pipeline that publishes the site: github (GitHub Pages), gitlab (GitLab Pages) or none.")
    var host: Host = .none

    enum BibleChoice: String, ExpressibleByArgument, CaseIterable { case kjv, none }
    enum Host: String, ExpressibleByArgument, CaseIterable { case github, gitlab, none }

    func run() async throws {
        let root = URL(fileURLWithPath: directory, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
        // Before anything is written: a target that cannot take a site, then the one thing that can
        // be missing outside sitegen.
        try InitPlacement.refuseUnfit(root, display: directory)
        let bible = try bibleToBring(interactive: isatty(STDIN_FILENO) == 1)
        // Everything is written into a staging folder, then renamed into place (`InitPlacement`).
        let placement = try await InitPlacement.begin(root, display: directory)
        defer { placement.cleanUp() }
        let answers = try StarterAnswers.ask(title: title, baseURL: baseURL, language: language, timeZone: timeZone,
                                             interactive: isatty(STDIN_FILENO) == 1)
        let staging = placement.staging
        // The Bible first: the one step that can fail for want of something outside sitegen.
        if bible == .kjv { try StarterBible.bringKJV(to: staging.appendingPathComponent("Content/bible/kjv")) }
        for (path, data) in StarterFiles.files(answers.language) {
            try write(path == StarterLocality.file ? StarterLocality.text(data, zone: answers.zone) : data, to: staging.appendingPathComponent(path))
        }
        let today = BuildOptions.defaultAsOf(timeZone: answers.zone) ?? CalendarDate(daysSinceEpoch: 0)
        try write(Data(answers.siteYAML(bible: bible == .kjv).utf8), to: staging.appendingPathComponent("Content/site.yml"))
        try write(Data(StarterSchedule.meetings(today: today, words: answers.words).utf8), to: staging.appendingPathComponent("Content/schedule/meetings.yml"))
        for (source, target) in host.files { try write(PinnedRelease.pipeline(BuiltInFiles.deploy[source]!), to: staging.appendingPathComponent(target)) }
        try placement.finish()
        if !host.files.isEmpty && !PinnedRelease.isRelease { printError("\(directory)/\(host.files[0].target): \(PinnedRelease.notReleaseWarning)") }
        print("""
        Wrote a new site into \(directory)/ (\(bible == .kjv ? "with the King James Bible" : "without a Bible")\
        \(host.files.first.map { ", publishing from \($0.target)" } ?? "")).
        Next: cd \(directory) && sitegen serve    (see README.md there)
        """)
    }

    /// `--bible`, or none when no KJV is to be had and the user says so (asked on a terminal; with
    /// no terminal, an error naming `--bible none` before anything is written).
    func bibleToBring(interactive: Bool) throws -> BibleChoice {
        guard bible == .kjv, !StarterBible.available else { return bible }
        guard interactive else {
            printError("sitegen: error: \(StarterBible.missing)")
            throw ExitCode.failure
        }
        FileHandle.standardOutput.write(Data("This sitegen has no King James Bible to bring in. Start the site without a Bible? [Y/n]: ".utf8))
        let line = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard line.isEmpty || line.hasPrefix("y") else {
            printError("sitegen: error: \(StarterBible.missing)")
            throw ExitCode.failure
        }
        return .none
    }
}

extension InitCommand.Host {
    /// The files in deploy/ and where the host looks for them: the pipeline first.
    var files: [(source: String, target: String)] {
        switch self {
        case .github: [("github-pages.yml", ".github/workflows/pages.yml"),
                       ("sitegen-problem-matcher.json", ".github/sitegen-problem-matcher.json")]
        case .gitlab: [("gitlab-ci.yml", ".gitlab-ci.yml")]
        case .none: []
        }
    }
}
