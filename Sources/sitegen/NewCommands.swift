import ArgumentParser
import Foundation
import SitegenHymns
import SitegenSite

/// `sitegen new hymn|page|meeting`: a correctly formed file, for volunteers who do not remember
/// the front matter. Never overwrites a file.
struct NewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new hymn, page or meeting with the right front matter.",
        subcommands: [NewHymn.self, NewPage.self, NewMeeting.self])
}

struct ContentFolder: ParsableArguments {
    @Option(help: "The site's content folder.")
    var content = "Content"

    func url(_ relative: String) -> URL {
        URL(fileURLWithPath: content, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL.appendingPathComponent(relative)
    }

    func display(_ relative: String) -> String { content + "/" + relative }

    /// Writes a file that must not exist yet.
    func create(_ relative: String, _ text: String) throws {
        guard !FileManager.default.fileExists(atPath: url(relative).path) else {
            printError("\(display(relative)): error: already exists; sitegen new never overwrites a file")
            throw ExitCode.failure
        }
        try write(Data(text.utf8), to: url(relative))
        print("Wrote \(display(relative))")
    }

    /// The day it is in the site's time zone (site.yml), or in this computer's without one.
    var today: CalendarDate {
        let tree = SourceTree(url: url(""), displayPath: content)
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

    func run() async throws {
        let settings = "hymns/" + "hymnal.yml"
        guard let text = try? String(contentsOf: folder.url(settings), encoding: .utf8),
              let match = text.range(of: Self.countLine, options: .regularExpression),
              let count = Int(text[match].dropFirst("count:".count).prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)) else {
            printError("\(folder.display(settings)): error: no 'count: N' line to take the next number from; write one (README: Hymns)")
            throw ExitCode.failure
        }
        let number = self.number ?? count + 1
        guard HymnalSettings.numbers.contains(number) else { throw ValidationError("the number must be between 1 and 9999") }
        let name = "hymns/" + String(number).leftPadded(to: 3) + ".md"
        let titleLine = title.map { "title: \(JSONText.quoted($0))\n" } ?? ""
        try folder.create(name, """
        ---
        number: \(number)
        \(titleLine)---
        The first stanza, one line of the hymn on each line;
        a blank line starts the next stanza.

        ::: chorus
        A chorus, if the hymn has one (else delete these three lines).
        :::

        """)
        if number > count {
            let raised = text.replacingCharacters(in: match, with: "count: \(number)")
            try write(Data(raised.utf8), to: folder.url(settings))
            print("Raised count in \(folder.display(settings)) to \(number)")
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
        let words = last.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        let heading = title ?? (words.prefix(1).uppercased() + words.dropFirst())
        try folder.create("pages/\(name).md", """
        ---
        title: \(JSONText.quoted(heading))
        description: \(JSONText.quoted("One line about this page, for search engines and link previews."))
        ---
        Write the page here in Markdown: **bold**, *italic*, [a link](/about/), lists with `-`.

        """)
    }
}

struct NewMeeting: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meeting", abstract: "Add a meeting to a schedule file (today's date unless --date is given).")

    @OptionGroup var folder: ContentFolder
    @Option(help: "The schedule file below Content/.") var file = "schedule/meetings.yml"
    @Option(help: ArgumentHelp("The meeting's day (default: today in the site's time zone).", valueName: "YYYY-MM-DD"),
            transform: SiteOptions.date)
    var date: CalendarDate?
    @Option(help: "The locality's file name in localities/ without .md (default: the first one).") var locality: String?
    @Option(help: "The session's name.") var name = "Evening meeting"

    func run() async throws {
        let localities = (try? FileManager.default.contentsOfDirectory(atPath: folder.url("localities").path))?
            .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted() ?? []
        guard let slug = locality ?? localities.first else {
            printError("\(folder.display("localities")): error: no locality to hold the meeting; pass --locality or add one first")
            throw ExitCode.failure
        }
        guard localities.contains(slug) else {
            printError("\(folder.display("localities/\(slug).md")): error: no such locality (there are: \(localities.joined(separator: ", ")))")
            throw ExitCode.failure
        }
        let day = date ?? folder.today
        let target = folder.url(file)
        var text = (try? String(contentsOf: target, encoding: .utf8)) ?? "title: \"Meetings\"\nevents:\n"
        guard text.range(of: "(?m)^events:[ \\t]*$", options: .regularExpression) != nil else {
            printError("\(folder.display(file)): error: no 'events:' line followed by a list to add the meeting to")
            throw ExitCode.failure
        }
        if !text.hasSuffix("\n") { text += "\n" }
        text += StarterSchedule.event(date: day, locality: slug, name: name)
        try write(Data(text.utf8), to: target)
        print("Added a meeting on \(day.longDescription) at \(slug) to \(folder.display(file)); edit its times there")
    }
}
