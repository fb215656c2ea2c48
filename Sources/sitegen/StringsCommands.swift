import ArgumentParser
import Foundation
import SitegenSite

/// `sitegen strings …`: the built-in string tables (the interface's words) and the site's own
/// tables over them, as `sitegen theme` is for templates.
struct StringsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strings",
        abstract: "Copy a built-in string table into Content/strings/ to change its words or start a language; compare them.",
        subcommands: [StringsCopy.self, StringsDiff.self])
}

/// The site's strings folder, for the strings commands.
struct StringsFolder: ParsableArguments {
    @Option(help: "The site's content folder.")
    var content = "Content"

    var tree: SourceTree { Self.tree(content: content) }

    /// `Content/` itself: the strings commands' edits go through `ContentEdit` on it, like `new`'s.
    var contentTree: SourceTree { SourceTree(url: commandLineURL(content), displayPath: content) }

    static func tree(content: String) -> SourceTree {
        SourceTree(url: commandLineURL(content).appendingPathComponent(StringTable.folder), displayPath: content + "/" + StringTable.folder)
    }

    /// The built-in table of `language`; one sitegen does not have is a usage error naming those it has.
    func builtIn(_ language: String) throws -> [UInt8] {
        guard let bytes = StringTable.builtInFiles[language] else {
            throw ValidationError("sitegen has no built-in '\(language)' table; it has \(StringTable.builtInLanguages.joined(separator: ", ")) "
                                  + "(start a new language with: sitegen strings copy en --as \(language))")
        }
        return bytes
    }

    func readCopies() throws -> StringCopies { try readReporting { StringCopies.read(tree, diagnostics: $0) } }

    /// Warnings for `check` and `build`: copied tables whose built-in words changed since.
    static func warnings(content: String) -> [Diagnostic] {
        let diagnostics = Diagnostics()
        let tree = tree(content: content)
        let drift = StringCopies.read(tree, diagnostics: diagnostics).drift(strings: tree)
        return diagnostics.all.map { Diagnostic(.warning, at: $0.location, $0.message) } + drift
    }
}

struct StringsCopy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy a built-in table (en, es, fi) into Content/strings/ to change its words, or --as another language to translate it.",
        discussion: """
        The site's table is read over the built-in one key by key: delete the lines you do not change. \
        Content/strings/.copies.yml records which table and sitegen it came from, so `sitegen check` can warn \
        when a newer sitegen changes a word the site sets.
        """)

    @OptionGroup var folder: StringsFolder

    @Argument(help: "The built-in table: en, es or fi.")
    var language: String

    @Option(name: .customLong("as"), help: "The language the copy is for (default: the same), e.g. --as sv to start a Swedish table from English.")
    var target: String?

    @Flag(help: "Replace a table the site already has.")
    var force = false

    func run() async throws {
        let bytes = try folder.builtIn(language)
        let table = target ?? language
        guard table.range(of: "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$", options: .regularExpression) != nil else {
            throw ValidationError("'\(table)' is not a language tag such as en, es or pt-BR")
        }
        let tree = folder.tree
        let name = "\(table).yml"
        let folderName = StringTable.folder + "/"
        // The table, the built-in one as it was and the record: one locked, confined, all-or-nothing edit.
        try await edit(folder.contentTree) { edit in
            if !force, try edit.exists(folderName + name) {
                throw ContentEdit.Refused(description: "\(tree.display(name)): error: the site already has its own \(name); pass --force to replace it")
            }
            var copies = try folder.readCopies()
            let heading = table == language ? "" : "# Copied from sitegen's built-in '\(language)' table to translate into '\(table)': change each word after its key.\n"
            try edit.set(folderName + name, Data(heading.utf8) + Data(bytes))
            try edit.setRecord(folderName + StringCopies.basePath(table), Data(bytes))
            copies.record(StringCopies.Copy(table: table, from: language, sitegen: BuildReport.version, sha256: SnapshotJSON.sha256(Data(bytes))))
            try edit.setRecord(folderName + StringCopies.fileName, Data(copies.text.utf8))
        }
        print("Copied the built-in '\(language)' table to \(tree.display(name))")
    }
}

struct StringsDiff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show how a built-in table changed since the site copied it (or, with no record, how the site's table differs from it).")

    @OptionGroup var folder: StringsFolder

    @Argument(help: "The site's table (en, es, fi, or one copied --as another language); default: every table the site copied.")
    var table: String?

    func run() async throws {
        let copies = try folder.readCopies()
        let tables = table.map { [$0] } ?? copies.copies.map(\.table)
        if tables.isEmpty { print("The site has copied no built-in table (sitegen strings copy LANGUAGE).") }
        for table in tables { try diff(table, copy: copies.copy(of: table)) }
    }

    func diff(_ table: String, copy: StringCopies.Copy?) throws {
        let tree = folder.tree
        let name = "\(table).yml"
        if let copy, let base = tree.data(StringCopies.basePath(table)) {
            let now = String(decoding: try folder.builtIn(copy.from), as: UTF8.self)
            let diff = LineDiff.unified(String(decoding: base, as: UTF8.self), now,
                                        oldName: "\(copy.from).yml (built in, sitegen \(copy.sitegen), when copied to \(name))",
                                        newName: "\(copy.from).yml (built in, sitegen \(BuildReport.version))")
            if diff.isEmpty { print("The built-in '\(copy.from)' table has not changed since \(tree.display(name)) was copied (sitegen \(copy.sitegen)).") }
            print(diff, terminator: "")
        } else if let own = tree.data(name) {
            let now = String(decoding: try folder.builtIn(table), as: UTF8.self)
            let diff = LineDiff.unified(String(decoding: own, as: UTF8.self), now, oldName: "\(tree.display(name)) (yours)",
                                        newName: "\(name) (built in, sitegen \(BuildReport.version))")
            if diff.isEmpty { print("\(tree.display(name)) is the same as the built-in '\(table)' table.") }
            print(diff, terminator: "")
        } else {
            _ = try folder.builtIn(table)
            print("The site has no \(name) of its own: it uses the built-in '\(table)' table (sitegen strings copy \(table) to change it).")
        }
    }
}
