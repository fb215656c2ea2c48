import ArgumentParser
import Foundation
import SitegenSite

/// The settings `sitegen init` asks for, checked as the build would check them.
struct StarterAnswers {
    let title: String
    let baseURL: String
    let language: String
    let zone: TimeZone

    static func ask(title: String?, baseURL: String?, language: String?, timeZone: String?, interactive: Bool) throws -> StarterAnswers {
        func answer(_ given: String?, _ question: String, _ fallback: String) -> String {
            if let given { return given }
            guard interactive else { return fallback }
            // Written at once (print's buffer would hold a line without its newline while readLine waits).
            FileHandle.standardOutput.write(Data("\(question) [\(fallback)]: ".utf8))
            let line = (readLine() ?? "").trimmingCharacters(in: .whitespaces)
            return line.isEmpty ? fallback : line
        }
        let title = answer(title, "Title of the site", "Our congregation")
        let base = answer(baseURL, "Address it will be published at", "https://example.org/")
        let language = answer(language, "Language of the pages", "en")
        let zoneName = answer(timeZone, "Time zone of the meetings", TimeZone.current.identifier)
        var problems: [String] = []
        if title.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("the title must not be empty") }
        if case .failure(let problem) = SiteAddress.parse(base) { problems.append("base URL '\(base)': \(problem.message)") }
        if language.range(of: "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$", options: .regularExpression) == nil {
            problems.append("language '\(language)' is not a language tag such as en, es or pt-BR")
        }
        let zone = TimeZone(identifier: zoneName)
        if zone == nil { problems.append("time zone '\(zoneName)' is not an IANA time zone such as America/Chicago") }
        guard problems.isEmpty, let zone else { throw ValidationError(problems.joined(separator: "; ")) }
        return StarterAnswers(title: title, baseURL: base, language: language, zone: zone)
    }

    /// `Content/site.yml`; every value JSON-quoted (valid YAML, whatever the title holds).
    func siteYAML(bible: Bool) -> String {
        let menu = [("Hymns", "/hymns/")] + (bible ? [("Bible", "/bible/")] : []) + [("Meetings", "/schedule/"), ("Localities", "/localities/"), ("About", "/about/")]
        return """
        # The site's settings (see README.md). Unknown keys are errors, so a misspelling never goes unnoticed.
        title: \(JSONText.quoted(title))
        description: \(JSONText.quoted("Hymns\(bible ? ", the Bible" : "") and meetings, on any phone, also offline."))
        base_url: \(JSONText.quoted(baseURL))
        language: \(JSONText.quoted(language))
        time_zone: \(JSONText.quoted(zone.identifier))
        footer: "Published from plain files with sitegen."
        menu:
        \(menu.map { "  - { title: \($0.0), url: \($0.1) }" }.joined(separator: "\n"))

        """
    }
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
    static func meetings(today: CalendarDate) -> String {
        var date = today.adding(days: 14)
        while date.weekday != 7 { date = date.adding(days: 1) }
        return """
        # Meetings: one event per meeting (sitegen new meeting adds one). The format: README.md.
        title: "Meetings"
        events:
        \(StarterSchedule.event(date: date, locality: "home-church", name: "Evening meeting"))
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

    /// Copies the shipped KJV, else converts the installed SWORD module with import-sword.
    static func bringKJV(to destination: URL) throws {
        let files = FileManager.default
        try files.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        for share in shareFolders {
            let shipped = share.appendingPathComponent("bible/kjv").resolvingSymlinksInPath()
            if files.fileExists(atPath: shipped.appendingPathComponent("translation.yml").path) {
                try files.copyItem(at: shipped, to: destination)
                return
            }
        }
        let importer = shareFolders.map { $0.appendingPathComponent("import-sword") }.first { files.isExecutableFile(atPath: $0.path) }
        let module = (ProcessInfo.processInfo.environment["SWORD_MODS_D"] ?? "/usr/share/sword/mods.d") + "/\(swordModule).conf"
        guard let importer, files.fileExists(atPath: module) else {
            printError("""
            sitegen: error: no King James Bible to bring in: this sitegen ships none (looked in \
            \(shareFolders.map { $0.appendingPathComponent("bible/kjv").path }.joined(separator: ", "))) \
            and \(importer == nil ? "import-sword is not installed beside it" : "the SWORD module \(swordModule) is not installed (Debian: sword-text-kjv)"); \
            use --bible none, or set SITEGEN_SHARE to a folder holding bible/kjv/
            """)
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
