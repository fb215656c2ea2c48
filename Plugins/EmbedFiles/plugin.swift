import Foundation
import PackagePlugin

/// Embeds this repository's `Templates/` (the built-in theme), `Starter/` (what `sitegen init`
/// writes) and `deploy/` (the CI pipelines `init --host` writes) into the `SitegenBuiltIn`
/// module, as Swift source that `scripts/embed-files` generates during the build; and the
/// `VERSION` file, through `scripts/embed-version` (the commit is the EmbedCommit plugin's).
///
/// The command's inputs are every file below those folders *and every folder*: an edited file
/// changes a file's signature, a file added or removed changes its folder's, so either reruns the
/// command, which lists the folders itself; no list of names is kept anywhere. (A prebuild command
/// would need no inputs, but SwiftPM runs it only when it plans the build again, not on every build.)
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let script = root.appending(path: "scripts/embed-files")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        let folders = [("deploy", "deploy"), ("starter", "Starter"), ("theme", "Templates")]
        let versionScript = root.appending(path: "scripts/embed-version")
        let versionOutput = context.pluginWorkDirectoryURL.appending(path: "BuildVersion.swift")
        let inputs = folders.flatMap { Self.entries(below: root.appending(path: $0.1)) }
        return [
            .buildCommand(
                displayName: "Embedding Templates/, Starter/ and deploy/",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, output.path] + folders.map { "\($0.0)=\(root.appending(path: $0.1).path)" },
                inputFiles: [script] + inputs,
                outputFiles: [output]),
            .buildCommand(
                displayName: "Embedding VERSION",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [versionScript.path, versionOutput.path, root.path, "version"],
                inputFiles: [versionScript, root.appending(path: "VERSION")],
                outputFiles: [versionOutput]),
        ]
    }

    /// The folder, and every file and folder below it (hidden ones included: harmless inputs).
    static func entries(below folder: URL) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return [folder] + walk.compactMap { $0 as? URL }
    }
}
