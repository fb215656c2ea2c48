import Foundation
import PackagePlugin

/// Embeds this repository's `Templates/` (the built-in theme), `Starter/` (what `sitegen init`
/// writes) and `deploy/` (the CI pipelines `init --host` writes) into the `SitegenBuiltIn`
/// module, as Swift source generated before every build.
///
/// A prebuild command, not a build command: it runs on every build, so a file added to or removed
/// from those folders is picked up without a list of names to keep (a build command runs only when
/// one of its declared inputs changes, and a new file is not one of them). `scripts/embed-files`
/// rewrites its output only when the bytes differ, so an unchanged theme recompiles nothing.
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "Embedded")
        let folders = ["theme": "Templates", "starter": "Starter", "deploy": "deploy"]
        return [
            .prebuildCommand(
                displayName: "Embedding Templates/, Starter/ and deploy/",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [root.appending(path: "scripts/embed-files").path, output.path]
                    + folders.sorted { $0.key < $1.key }.map { "\($0.key)=\(root.appending(path: $0.value).path)" },
                outputFilesDirectory: output)
        ]
    }
}
