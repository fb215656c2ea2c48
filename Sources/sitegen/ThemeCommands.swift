import ArgumentParser
import Foundation
import SitegenSite

/// `sitegen theme …`: the built-in theme and the site's own files that replace parts of it.
struct ThemeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "Copy built-in templates and assets into Templates/ to change them; list and compare them.",
        subcommands: [ThemeList.self, ThemeCopy.self, ThemeDiff.self])
}

/// The site's templates folder and the built-in theme, for the theme commands.
struct ThemeFolder: ParsableArguments {
    @Option(help: "The site's own templates folder.")
    var templates = "Templates"

    var tree: SourceTree {
        SourceTree(url: commandLineURL(templates), displayPath: templates)
    }

    var theme: BuiltInTheme { SiteOptions.theme }

    /// `hymn` → `hymn.mustache`, `site.css` → `assets/site.css`; a name the theme does not have is a usage error.
    func builtInName(_ name: String) throws -> String {
        let files = theme.files
        for candidate in [name, name + ".mustache", "assets/" + name] where files[candidate] != nil { return candidate }
        let close = files.keys.filter { $0.localizedCaseInsensitiveContains(name) }.sorted()
        throw ValidationError("'\(name)' is not a file of the built-in theme"
                              + (close.isEmpty ? "; sitegen theme list shows them all" : " (did you mean \(close.joined(separator: ", "))?)"))
    }

    func readCopies() throws -> ThemeCopies { try readReporting { ThemeCopies.read(tree, diagnostics: $0) } }
}

struct ThemeList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the built-in theme's files and which of them the site replaces with its own.")

    @OptionGroup var folder: ThemeFolder

    func run() async throws {
        let copies = try folder.readCopies()
        let own = Set(folder.tree.files(diagnostics: Diagnostics()).filter(ThemeList.isThemeFile))
        let builtIn = folder.theme.files
        for name in builtIn.keys.sorted() {
            guard own.contains(name) else { print("  \(name)"); continue }
            print("* \(name)  (yours: \(status(of: name, copies: copies, builtIn: builtIn[name]!)))")
        }
        for name in own.subtracting(builtIn.keys).sorted() { print("+ \(name)  (yours only: not in the built-in theme)") }
        print("\(builtIn.count) built-in files; \(own.intersection(builtIn.keys).count) replaced by the site's own "
              + "in \(folder.templates)/, \(own.subtracting(builtIn.keys).count) added")
    }

    func status(of name: String, copies: ThemeCopies, builtIn: Data) -> String {
        guard let copy = copies.copy(of: name) else { return "not copied with sitegen theme copy, so not compared" }
        return SnapshotJSON.sha256(builtIn) == copy.sha256
            ? "copied from sitegen \(copy.sitegen), built-in unchanged since"
            : "copied from sitegen \(copy.sitegen), built-in CHANGED since: sitegen theme diff \(name)"
    }

    /// What the build reads from a templates folder: templates and assets (not theme.yml, a README).
    static func isThemeFile(_ relative: String) -> Bool {
        relative.hasPrefix(StaticFiles.assetsFolder + "/") || relative.hasSuffix(".mustache")
    }
}

struct ThemeCopy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy built-in files into the site's Templates/ to edit them (hymn, layout.mustache, site.css, assets/site.js…).",
        discussion: """
        The copy replaces the built-in file in every build. Templates/theme.yml records which sitegen it \
        came from, so `sitegen check` can warn when a newer sitegen changes the built-in file.
        """)

    @OptionGroup var folder: ThemeFolder

    @Argument(help: "Built-in files: hymn.mustache (or hymn), assets/site.css (or site.css)…")
    var names: [String]

    @Flag(help: "Replace a file the site already has.")
    var force = false

    func run() async throws {
        let files = try names.map(folder.builtInName)
        let tree = folder.tree
        if !force, let existing = files.first(where: tree.fileExists) {
            printError("\(tree.display(existing)): error: the site already has its own \(existing); pass --force to replace it")
            throw ExitCode.failure
        }
        var copies = try folder.readCopies()
        for file in files {
            let data = folder.theme.files[file]!
            try write(data, to: tree.fileURL(file))
            try write(data, to: tree.fileURL(ThemeCopies.baseFolder + "/" + file))
            copies.record(ThemeCopies.Copy(file: file, sitegen: BuildReport.version, sha256: SnapshotJSON.sha256(data)))
            print("Copied \(file) to \(tree.display(file))")
        }
        try write(Data(copies.text.utf8), to: tree.fileURL(ThemeCopies.fileName))
    }
}

struct ThemeDiff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show how a built-in file changed since the site copied it (or, with no record, how the site's file differs from it).")

    @OptionGroup var folder: ThemeFolder

    @Argument(help: "A built-in file: hymn.mustache, assets/site.css…")
    var name: String

    func run() async throws {
        let file = try folder.builtInName(name)
        let now = String(decoding: folder.theme.files[file]!, as: UTF8.self)
        let tree = folder.tree
        let base = tree.data(ThemeCopies.baseFolder + "/" + file)
        let diff: String
        if let base, let copy = try folder.readCopies().copy(of: file) {
            diff = LineDiff.unified(String(decoding: base, as: UTF8.self), now, oldName: "\(file) (built in, sitegen \(copy.sitegen), when copied)",
                                    newName: "\(file) (built in, sitegen \(BuildReport.version))")
            if diff.isEmpty { print("The built-in \(file) has not changed since it was copied (sitegen \(copy.sitegen)).") }
        } else if let own = tree.data(file) {
            diff = LineDiff.unified(String(decoding: own, as: UTF8.self), now, oldName: "\(tree.display(file)) (yours)",
                                    newName: "\(file) (built in, sitegen \(BuildReport.version))")
            if diff.isEmpty { print("\(tree.display(file)) is the same as the built-in \(file).") }
        } else {
            print("The site has no \(file) of its own: it uses the built-in one (sitegen theme copy \(file) to change it).")
            return
        }
        print(diff, terminator: "")
    }
}

/// What `read` makes, its problems printed; a failure when one is an error (a copies record).
func readReporting<Value>(_ read: (Diagnostics) -> Value) throws -> Value {
    let diagnostics = Diagnostics()
    let value = read(diagnostics)
    for diagnostic in diagnostics.all { printError(diagnostic.description) }
    if diagnostics.hasErrors { throw ExitCode.failure }
    return value
}

/// Writes a file of the site, making its folder (atomically: a half-written template is never read).
func write(_ data: Data, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url, options: .atomic)
}
