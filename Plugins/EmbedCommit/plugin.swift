import Foundation
import PackagePlugin

/// Embeds the commit checked out into the `sitegen` program (`BuildCommit.commit`, for
/// `sitegen --version`), through `scripts/embed-version`. A target of its own: a new commit then
/// recompiles one small file of the program and relinks it, not the modules below it.
///
/// The command's inputs are the files git changes when a commit is made or checked out, so SwiftPM
/// reruns it then and only then.
@main
struct EmbedCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let script = root.appending(path: "scripts/embed-version")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        return [
            .buildCommand(
                displayName: "Embedding the commit",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, output.path, root.path, "commit"],
                inputFiles: [script] + Self.gitHeadFiles(root: root),
                outputFiles: [output])
        ]
    }

    /// The files git changes when another commit is checked out or made: HEAD, the branch it names
    /// and packed-refs (in a linked worktree `.git` is a file naming its own folder, whose
    /// `commondir` holds the branches). Reading them needs no git; a missing one is no input.
    static func gitHeadFiles(root: URL) -> [URL] {
        var gitDir = root.appending(path: ".git")
        if let link = try? String(contentsOf: gitDir, encoding: .utf8), link.hasPrefix("gitdir:") {
            let path = link.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            gitDir = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appending(path: path)
        }
        let common = (try? String(contentsOf: gitDir.appending(path: "commondir"), encoding: .utf8))
            .map { gitDir.appending(path: $0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? gitDir
        let head = gitDir.appending(path: "HEAD")
        var files = [head, common.appending(path: "packed-refs")]
        if let text = try? String(contentsOf: head, encoding: .utf8), text.hasPrefix("ref:") {
            let ref = text.dropFirst("ref:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            files += [gitDir.appending(path: ref), common.appending(path: ref)]
        }
        return files.filter { FileManager.default.fileExists(atPath: $0.path) }
    }

}
