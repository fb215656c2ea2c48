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
        let data: Data
        switch SourceLimit.importJSON.readInput(file) {
        case .failure(let problem):
            printError("\(file): error: \(problem)")
            throw ExitCode.failure
        case .success(let read): data = read
        }
        guard let files = HymnalImporter.files(from: data, path: file, options: .init(title: title), diagnostics: diagnostics) else {
            ImportMessages.print(diagnostics.all)
            printError("sitegen: nothing was written")
            throw ExitCode.failure
        }
        let tree = SourceTree(url: URL(fileURLWithPath: content), displayPath: content)
        // One edit (`ContentEdit`): every hymn and hymnal.yml, or none of them.
        try await edit(tree) { edit in
            let paths = files.map { HymnalReader.folder + "/" + $0.path }
            let existing = try paths.filter { try edit.exists($0) }
            if !existing.isEmpty && !force {
                throw ContentEdit.Refused(description: "\(tree.display(existing[0])): error: already exists (and \(existing.count - 1) more); use --force to overwrite")
            }
            for (path, entry) in zip(paths, files) { try edit.set(path, Data(entry.text.utf8)) }
        }
        let hymns = files.count - 1
        print("Wrote \(hymns) hymn files and \(HymnalReader.settingsFile) to \(content)/\(HymnalReader.folder)/")
    }
}
