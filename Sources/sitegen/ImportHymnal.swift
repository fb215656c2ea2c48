import ArgumentParser
import Foundation
import SitegenHymns

/// `sitegen import hymnal-json FILE`: the phone app's hymns.json → Content/hymns/.
struct ImportHymnalJSON: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hymnal-json",
        abstract: "Convert the hymnal app's hymns.json into Content/hymns/ (one Markdown file per hymn).",
        discussion: """
        Writes hymns/NNN.md for every hymn (a removed hymn keeps its file with 'removed: true') and \
        hymns/hymnal.yml. Existing hymn files are never overwritten unless --force is given.
        """)

    @Argument(help: "The app's hymns.json ({\"language\", \"year\", \"hymns\": [{\"verses\", \"chorus\"?, \"refrain\"?}]}).")
    var file: String

    @Option(help: "Content folder to write hymns/ into.")
    var content = "Content"

    @Option(help: "The hymnal's title, written to hymnal.yml.")
    var title = "Hymnal"

    @Flag(help: "Overwrite existing hymn files.")
    var force = false

    func run() async throws {
        let diagnostics = Diagnostics()
        guard let data = FileManager.default.contents(atPath: file) else {
            printError("\(file): error: cannot read file")
            throw ExitCode.failure
        }
        guard let files = HymnalImporter.files(from: data, path: file, options: .init(title: title), diagnostics: diagnostics) else {
            for diagnostic in diagnostics.all { printError(diagnostic.description) }
            printError("sitegen: nothing was written")
            throw ExitCode.failure
        }
        let folder = URL(fileURLWithPath: content).appendingPathComponent(HymnalReader.folder)
        let existing = files.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0.path).path) }
        if !existing.isEmpty && !force {
            printError("\(content)/\(HymnalReader.folder)/\(existing[0].path): error: already exists (and \(existing.count - 1) more); use --force to overwrite")
            throw ExitCode.failure
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for entry in files {
            try Data(entry.text.utf8).write(to: folder.appendingPathComponent(entry.path), options: .atomic)
        }
        let hymns = files.count - 1
        print("Wrote \(hymns) hymn files and \(HymnalReader.settingsFile) to \(content)/\(HymnalReader.folder)/")
    }
}
