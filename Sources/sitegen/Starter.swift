import ArgumentParser
import Foundation
import SitegenBuiltIn
import SitegenSite

/// The settings `sitegen init` asks for, checked as the build would check them.
struct StarterAnswers {
    let title: String
    let baseURL: String
    let language: String
    let zone: TimeZone
    /// The starter's words in `language`.
    let words: StarterWords

    static func ask(title: String?, baseURL: String?, language: String?, timeZone: String?, interactive: Bool) throws -> StarterAnswers {
        func answer(_ given: String?, _ question: String, _ fallback: String) -> String {
            if let given { return given }
            guard interactive else { return fallback }
            // Written at once (print's buffer would hold a line without its newline while readLine waits).
            FileHandle.standardOutput.write(Data("\(question) [\(fallback)]: ".utf8))
            let line = (readLine() ?? "").trimmingCharacters(in: .whitespaces)
            return line.isEmpty ? fallback : line
        }
        // The language first: the title's default is in it.
        let language = answer(language, "Language of the pages (\(StarterFiles.languages.joined(separator: ", ")))", "en")
        let words = StarterFiles.words(language)
        let title = answer(title, "Title of the site", words?.title ?? StarterFiles.english.title)
        let base = answer(baseURL, "Address it will be published at", "https://example.org/")
        let zoneName = answer(timeZone, "Time zone of the meetings", TimeZone.current.identifier)
        var problems: [String] = []
        if title.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("the title must not be empty") }
        if case .failure(let problem) = SiteAddress.parse(base) { problems.append("base URL '\(base)': \(problem.message)") }
        if words == nil {
            problems.append("sitegen has no starter site in '\(language)'; it has \(StarterFiles.languages.joined(separator: ", ")) "
                            + "(for another language: sitegen init --language en, then sitegen strings copy en --as \(language) "
                            + "and set language: \(language) in Content/site.yml)")
        }
        let zone = TimeZone(identifier: zoneName)
        if zone == nil { problems.append("time zone '\(zoneName)' is not an IANA time zone such as America/Chicago") }
        guard problems.isEmpty, let zone, let words else { throw ValidationError(problems.joined(separator: "; ")) }
        return StarterAnswers(title: title, baseURL: base, language: language, zone: zone, words: words)
    }

    /// `Content/site.yml`; every value JSON-quoted (valid YAML, whatever the title holds).
    func siteYAML(bible: Bool) -> String {
        let menu = [(words.hymns, "/hymns/")] + (bible ? [(words.bible, "/bible/")] : [])
            + [(words.meetings, "/schedule/"), (words.localities, "/localities/"), (words.about, "/about/")]
        return """
        # The site's settings (see README.md). Unknown keys are errors, so a misspelling never goes unnoticed.
        title: \(JSONText.quoted(title))
        description: \(JSONText.quoted(bible ? words.descriptionWithBible : words.description))
        base_url: \(JSONText.quoted(baseURL))
        language: \(JSONText.quoted(language))
        time_zone: \(JSONText.quoted(zone.identifier))
        footer: \(JSONText.quoted(words.footer))
        menu:
        \(menu.map { "  - { title: \(JSONText.quoted($0.0)), url: \($0.1) }" }.joined(separator: "\n"))

        """
    }
}

/// The starter site of each language: `Starter/<language>/` (its `Content/` and the words of
/// `init.yml`) and the files beside the language folders (the README), as built in.
enum StarterFiles {
    static let wordsFile = "init.yml"

    /// The languages with a starter: each a folder of Starter/ with its words.
    static let languages: [String] = Set(BuiltInFiles.starter.keys.compactMap { path -> String? in
        let parts = path.split(separator: "/", maxSplits: 1)
        return parts.count == 2 && parts[1] == wordsFile ? String(parts[0]) : nil
    }).sorted()

    static let english: StarterWords = words("en")!

    /// The site's files in `language`, relative to the site's folder (`Content/pages/index.md`, `README.md`).
    static func files(_ language: String) -> [(path: String, data: Data)] {
        BuiltInFiles.starter.compactMap { path, data in
            let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2, languages.contains(parts[0]) else { return (path, data) }
            return parts[0] == language && parts[1] != wordsFile ? (parts[1], data) : nil
        }.sorted { $0.path < $1.path }
    }

    /// The words of `Starter/<language>/init.yml`; nil for a language with no starter.
    static func words(_ language: String) -> StarterWords? {
        guard languages.contains(language), let data = BuiltInFiles.starter["\(language)/\(wordsFile)"] else { return nil }
        let path = "(built in) Starter/\(language)/\(wordsFile)"
        let diagnostics = Diagnostics()
        let file = SourceFile(path: path, url: URL(fileURLWithPath: path), text: String(decoding: data, as: UTF8.self))
        guard let fields = YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: diagnostics) else {
            preconditionFailure("the built-in starter words are invalid: \(diagnostics.all)")
        }
        func word(_ key: String) -> String {
            guard let word = fields.string(key, required: true) else { preconditionFailure("\(path) has no \(key)") }
            return word
        }
        func lines(_ key: String) -> [String] {
            guard let lines = fields.stringList(key, required: true), !lines.isEmpty else { preconditionFailure("\(path) has no \(key)") }
            return lines
        }
        return StarterWords(title: word("title"), description: word("description"), descriptionWithBible: word("description_with_bible"),
                            footer: word("footer"), hymns: word("hymns"), bible: word("bible"), meetings: word("meetings"),
                            localities: word("localities"), about: word("about"), meeting: word("meeting"),
                            pageDescription: word("page_description"), pageText: word("page_text"),
                            hymnStanza: lines("hymn_stanza"), hymnChorus: word("hymn_chorus"))
    }
}

/// The words `init` writes into site.yml and the first meeting, in the site's language.
struct StarterWords {
    let title, description, descriptionWithBible, footer: String
    let hymns, bible, meetings, localities, about: String
    /// The first meeting's session.
    let meeting: String
    /// What `new page` writes for the volunteer to replace: its description and its text.
    let pageDescription, pageText: String
    /// What `new hymn` writes for the volunteer to replace: a stanza's lines, a chorus.
    let hymnStanza: [String]
    let hymnChorus: String
}

/// The starter's locality in the site's time zone (Starter/ says America/Chicago, so it builds as it is).
enum StarterLocality {
    static let file = "Content/localities/home-church.md"
    static let zoneLine = "time_zone: America/Chicago"

    static func text(_ starter: Data, zone: TimeZone) -> Data {
        Data(String(decoding: starter, as: UTF8.self).replacingOccurrences(of: zoneLine, with: "time_zone: \(zone.identifier)").utf8)
    }
}

/// The starter's one meeting, on the first Saturday at least two weeks after `today`, so a new site
/// shows something still to come.
enum StarterSchedule {
    static func meetings(today: CalendarDate, words: StarterWords) -> String {
        var date = today.adding(days: 14)
        while date.weekday != 7 { date = date.adding(days: 1) }
        return """
        # Meetings: one event per meeting (sitegen new meeting adds one). The format: README.md.
        title: \(JSONText.quoted(words.meetings))
        events:
        \(StarterSchedule.event(date: date, locality: "home-church", name: words.meeting))
        """
    }

    /// One event in the block style `sitegen new meeting` appends.
    static func event(date: CalendarDate, locality: String, name: String) -> String {
        """
          - id: \(JSONText.quoted("\(date)-\(locality)"))
            date: \(date)
            locality: \(JSONText.quoted(locality))
            sessions:
              - { name: \(JSONText.quoted(name)), start: "19:00", end: "21:00" }

        """
    }
}

/// Where `sitegen init --bible kjv` finds the King James Bible in sitegen's source format.
enum StarterBible {
    static let swordModule = "engKJV2006eb"

    /// sitegen's shared data: `$SITEGEN_SHARE`, else `share/sitegen` beside the binary's `bin/`
    /// (the container image and a release archive install `bible/kjv/` and `import-sword` there).
    static var shareFolders: [URL] {
        var folders: [URL] = []
        if let share = ProcessInfo.processInfo.environment["SITEGEN_SHARE"], !share.isEmpty { folders.append(URL(fileURLWithPath: share)) }
        let program = RunningProgram.file
        folders.append(program.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/sitegen"))
        return folders
    }

    /// The shipped KJV's folder, if this sitegen ships one.
    static var shipped: URL? {
        shareFolders.map { $0.appendingPathComponent("bible/kjv").resolvingSymlinksInPath() }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("translation.yml").path) }
    }

    static var importer: URL? {
        shareFolders.map { $0.appendingPathComponent("import-sword") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static var swordModuleInstalled: Bool {
        FileManager.default.fileExists(atPath: (ProcessInfo.processInfo.environment["SWORD_MODS_D"] ?? "/usr/share/sword/mods.d") + "/\(swordModule).conf")
    }

    /// Whether `bringKJV` has a KJV to bring: asked before anything is written.
    static var available: Bool { shipped != nil || (importer != nil && swordModuleInstalled) }

    /// Why there is no KJV, naming where it was looked for and `--bible none`.
    static var missing: String {
        "no King James Bible to bring in: this sitegen ships none (looked in "
            + shareFolders.map { $0.appendingPathComponent("bible/kjv").path }.joined(separator: ", ") + ") and "
            + (importer == nil ? "import-sword is not installed beside it" : "the SWORD module \(swordModule) is not installed (Debian: sword-text-kjv)")
            + "; use --bible none for a site without a Bible, or set SITEGEN_SHARE to a folder holding bible/kjv/"
    }

    /// Copies the shipped KJV, else converts the installed SWORD module with import-sword.
    static func bringKJV(to destination: URL) throws {
        let files = FileManager.default
        try files.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let shipped {
            try files.copyItem(at: shipped, to: destination)
            return
        }
        guard let importer, swordModuleInstalled else {
            printError("sitegen: error: \(missing)")
            throw ExitCode.failure
        }
        let process = Process()
        process.executableURL = importer
        process.arguments = [swordModule, destination.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            printError("sitegen: error: \(importer.path) \(swordModule) failed (exit \(process.terminationStatus))")
            throw ExitCode.failure
        }
    }
}
