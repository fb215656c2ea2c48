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
        let content = root.appendingPathComponent("Content")
        if FileManager.default.fileExists(atPath: content.path) {
            printError("\(directory)/Content: error: there is already a site here; sitegen init writes only into a folder without Content/")
            throw ExitCode.failure
        }
        let answers = try StarterAnswers.ask(title: title, baseURL: baseURL, language: language, timeZone: timeZone,
                                             interactive: isatty(STDIN_FILENO) == 1)
        // Before anything is written: the one thing that can be missing outside sitegen.
        let bible = try bibleToBring(interactive: isatty(STDIN_FILENO) == 1)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let staging = root.appendingPathComponent(".sitegen-init-\(getpid())")
        defer { try? FileManager.default.removeItem(at: staging) }
        if bible == .kjv { try StarterBible.bringKJV(to: staging.appendingPathComponent("Content/bible/kjv")) }
        for (path, data) in StarterFiles.files(answers.language) {
            try write(path == StarterLocality.file ? StarterLocality.text(data, zone: answers.zone) : data, to: staging.appendingPathComponent(path))
        }
        let today = BuildOptions.defaultAsOf(timeZone: answers.zone) ?? CalendarDate(daysSinceEpoch: 0)
        try write(Data(answers.siteYAML(bible: bible == .kjv).utf8), to: staging.appendingPathComponent("Content/site.yml"))
        try write(Data(StarterSchedule.meetings(today: today, words: answers.words).utf8), to: staging.appendingPathComponent("Content/schedule/meetings.yml"))
        for (source, target) in host.files { try write(BuiltInFiles.deploy[source]!, to: staging.appendingPathComponent(target)) }
        try moveContents(of: staging, into: root)
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

    /// Moves each staged file into the site's folder; one already there (a README of its own, a
    /// pipeline) is kept and named.
    func moveContents(of staging: URL, into root: URL) throws {
        let files = FileManager.default
        guard let walk = files.enumerator(at: staging, includingPropertiesForKeys: [.isRegularFileKey]) else { return }
        for case let file as URL in walk where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let relative = String(file.standardizedFileURL.path.dropFirst(staging.standardizedFileURL.path.count + 1))
            let target = root.appendingPathComponent(relative)
            if files.fileExists(atPath: target.path) {
                printError("\(directory)/\(relative): note: already there, left as it was")
                continue
            }
            try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try files.moveItem(at: file, to: target)
        }
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
