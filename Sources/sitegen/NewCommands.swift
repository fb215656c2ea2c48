import ArgumentParser
import Foundation
import SitegenHymns
import SitegenSchedule
import SitegenSite

/// `sitegen new hymn|page|meeting`: a correctly formed file, for volunteers who do not remember
/// the front matter. Never overwrites a file.
struct NewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new hymn, page or meeting with the right front matter.",
        subcommands: [NewHymn.self, NewPage.self, NewMeeting.self])
}

/// Runs `body` as one edit of the content folder (`ContentEdit`: locked, confined,
/// read-or-refuse, all or nothing); its refusals are printed as errors.
func edit(_ content: SourceTree, _ body: (ContentEdit) async throws -> Void) async throws {
    do {
        let edit = try await ContentEdit.begin(content) { printError("sitegen: waiting for another sitegen command editing \(content.displayPath)/ …") }
        try await body(edit)
        try edit.commit()
    } catch let refused as ContentEdit.Refused {
        printError(refused.description)
        throw ExitCode.failure
    }
}

struct ContentFolder: ParsableArguments {
    @Option(help: "The site's content folder.")
    var content = "Content"

    var tree: SourceTree {
        SourceTree(url: commandLineURL(content), displayPath: content)
    }

    func url(_ relative: String) -> URL { tree.fileURL(relative) }

    func display(_ relative: String) -> String { tree.display(relative) }

    func editing(_ body: (ContentEdit) async throws -> Void) async throws { try await edit(tree, body) }

    /// Plans a file that must not exist yet.
    func create(_ relative: String, _ text: String, in edit: ContentEdit) throws {
        guard try !edit.exists(relative) else {
            throw ContentEdit.Refused(description: "\(display(relative)): error: already exists; sitegen new never overwrites a file")
        }
        try edit.set(relative, Data(text.utf8))
    }

    /// The words `init` writes, in the site's language (site.yml; English without one or for a
    /// language with no starter): what `new` writes that readers see is in that language too.
    var words: StarterWords {
        let config = tree.fileExists(SiteConfig.fileName) ? SiteConfig.read(from: tree, diagnostics: Diagnostics()) : nil
        let language = config.map { String($0.language.prefix { $0 != "-" && $0 != "_" }) } ?? "en"
        return StarterFiles.words(language) ?? StarterFiles.words("en")!
    }

    /// The day it is in the site's time zone (site.yml), or in this computer's without one.
    var today: CalendarDate {
        let zone = tree.fileExists(SiteConfig.fileName) ? SiteConfig.read(from: tree, diagnostics: Diagnostics())?.timeZone : nil
        return BuildOptions.defaultAsOf(timeZone: zone ?? .current) ?? CalendarDate(daysSinceEpoch: 0)
    }
}

struct NewHymn: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hymn", abstract: "Write hymns/NNN.md for the next number (or N) and raise count in hymnal.yml to it.")

    @OptionGroup var folder: ContentFolder
    @Argument(help: "The hymn's number (default: the one after hymnal.yml's count).") var number: Int?
    @Option(help: "The hymn's title (default: its first line).") var title: String?

    static let countLine = "(?m)^count:[ \\t]*([0-9]+)[ \\t]*(#.*)?$"

    static func file(_ number: Int) -> String { "hymns/" + String(number).leftPadded(to: 3) + ".md" }

    func run() async throws {
        let settings = "hymns/" + "hymnal.yml"
        try await folder.editing { edit in
            guard let text = try edit.current(settings)?.text,
                  let match = text.range(of: Self.countLine, options: .regularExpression),
                  let count = Int(text[match].dropFirst("count:".count).prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)) else {
                throw ContentEdit.Refused(description: "\(folder.display(settings)): error: no 'count: N' line to take the next number from; write one (README: Hymns)")
            }
            let number = self.number ?? count + 1
            guard HymnalSettings.numbers.contains(number) else { throw ValidationError("the number must be between 1 and 9999") }
            // Raising `count` past hymns that have no file would leave a gap the build refuses (a
            // typo, `new hymn 9999` for 99, most of all): every number between must have its file.
            let missing = number > count + 1 ? try (count + 1..<number).filter { try edit.current(Self.file($0)) == nil } : []
            guard missing.isEmpty else {
                throw ContentEdit.Refused(description: "\(folder.display(settings)): error: hymn \(number) would leave "
                    + "\(missing.count == 1 ? "hymn \(missing[0])" : "hymns \(missing[0])–\(missing.last!)") without a file after count (\(count)); "
                    + "add the next number first (sitegen new hymn), or write those hymns, or mark them 'removed: true'")
            }
            let name = Self.file(number)
            let titleLine = title.map { "title: \(JSONText.quoted($0))\n" } ?? ""
            let words = folder.words
            try folder.create(name, """
            ---
            number: \(number)
            \(titleLine)---
            \(words.hymnStanza.joined(separator: "\n"))

            ::: chorus
            \(words.hymnChorus)
            :::

            """, in: edit)
            if number > count {
                try edit.set(settings, Data(text.replacingCharacters(in: match, with: "count: \(number)").utf8))
            }
            print("Wrote \(folder.display(name))")
            if number > count { print("Raised count in \(folder.display(settings)) to \(number)") }
        }
    }
}

struct NewPage: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "page", abstract: "Write pages/NAME.md (NAME: letters, digits, - and _; help/faq for a page in a folder).")

    @OptionGroup var folder: ContentFolder
    @Argument(help: "The page's file name without .md; it is also its address: contact → /contact/.") var name: String
    @Option(help: "The page's title (default: from the name).") var title: String?

    func validate() throws {
        guard name.range(of: "^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$", options: .regularExpression) != nil else {
            throw ValidationError("a page name may hold ASCII letters, digits, - and _ (and / for a folder), not '\(name)'")
        }
    }

    func run() async throws {
        let last = name.split(separator: "/").last.map(String.init) ?? name
        let spaced = last.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        let heading = title ?? (spaced.prefix(1).uppercased() + spaced.dropFirst())
        let file = "pages/\(name).md"
        let words = folder.words
        try await folder.editing { edit in
            try folder.create(file, """
            ---
            title: \(JSONText.quoted(heading))
            description: \(JSONText.quoted(words.pageDescription))
            ---
            \(words.pageText)

            """, in: edit)
        }
        print("Wrote \(folder.display(file))")
    }
}

struct NewMeeting: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meeting", abstract: "Add a meeting to a schedule file (today's date unless --date is given).")

    @OptionGroup var folder: ContentFolder
    @Option(help: "The schedule file below Content/.") var file = "schedule/meetings.yml"
    @Option(help: ArgumentHelp("The meeting's day (default: today in the site's time zone).", valueName: "YYYY-MM-DD"),
            transform: { try SiteOptions.date($0, option: "--date") })
    var date: CalendarDate?
    @Option(help: "The locality's file name in localities/ without .md (default: the first one).") var locality: String?
    @Option(help: "The session's name (default: the starter's, in the site's language: \"Evening meeting\").") var name: String?

    func validate() throws {
        if let problem = ContentPath.problem(file) { throw ValidationError("--file \(file): \(problem)") }
        guard file.hasPrefix(ScheduleReader.folder + "/"), file.hasSuffix(".yml") || file.hasSuffix(".yaml") else {
            throw ValidationError("--file must be a .yml file in \(ScheduleReader.folder)/ (the build reads schedules there), not '\(file)'")
        }
    }

    func run() async throws {
        let day = date ?? folder.today
        try await folder.editing { edit in
            // The localities' own problems are theirs, not the schedule file's: named apart.
            let localityProblems = Diagnostics()
            let localities = await LocalityReader.read(content: edit.content, diagnostics: localityProblems)
            guard localityProblems.errors.isEmpty else {
                throw ContentEdit.Refused(description: (localityProblems.all.map(\.description)
                    + ["\(folder.display("localities")): note: the localities do not build (above); fix them, then add the meeting; nothing was changed"])
                    .joined(separator: "\n"))
            }
            let diagnostics = Diagnostics()
            let slugs = localities.map(\.slug).sorted()
            guard let slug = locality ?? slugs.first else {
                throw ContentEdit.Refused(description: "\(folder.display("localities")): error: no locality to hold the meeting; pass --locality or add one first")
            }
            guard slugs.contains(slug) else {
                throw ContentEdit.Refused(description: "\(folder.display("localities/\(slug).md")): error: no such locality (there are: \(slugs.joined(separator: ", ")))")
            }
            let current = try edit.current(file, limit: .schedule)
            // (Its problems, if any, are the ones the check below reports.)
            let before = current.map { _ in ScheduleReader.check(edit.content, file, localities: localities, diagnostics: Diagnostics()) } ?? []
            let id = ScheduleAppend.freeID("\(day)-\(slug)", taken: Set(before.map(\.id)))
            let words = folder.words
            let event = StarterSchedule.event(date: day, locality: slug, name: name ?? words.meeting)
                .replacingOccurrences(of: JSONText.quoted("\(day)-\(slug)"), with: JSONText.quoted(id))
            guard let text = ScheduleAppend.adding(event, to: current?.text ?? "title: \(JSONText.quoted(words.meetings))\nevents:\n") else {
                throw ContentEdit.Refused(description: "\(folder.display(file)): error: no 'events:' line followed by a list to add the meeting to")
            }
            try edit.set(file, Data(text.utf8))
            // The build's own check of the file as it would be: never write one it refuses.
            let after = ScheduleReader.check(edit.planned, file, localities: localities, diagnostics: diagnostics)
            try refuseIf(diagnostics, "with the meeting added, the file would not build (above); fix it, or add the meeting by hand")
            guard after.count == before.count + 1 else {
                throw ContentEdit.Refused(description: "\(folder.display(file)): error: the meeting would not be read as one more event "
                    + "(the layout of 'events:' is unusual); add it by hand; nothing was changed")
            }
            print("Added a meeting on \(day.longDescription) at \(slug) to \(folder.display(file)) (id \(id)); edit its times there")
        }
    }

    private func refuseIf(_ diagnostics: Diagnostics, _ why: String) throws {
        guard !diagnostics.errors.isEmpty else { return }
        throw ContentEdit.Refused(description: (diagnostics.all.map(\.description) + ["\(folder.display(file)): note: \(why); nothing was changed"])
            .joined(separator: "\n"))
    }
}
