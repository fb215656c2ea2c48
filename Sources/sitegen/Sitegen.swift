import ArgumentParser
import Foundation
import SitegenBuiltIn
import SitegenSite

@main
struct Sitegen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sitegen",
        abstract: "Builds a congregation's static site and offline data from plain files.",
        discussion: """
        Reads Content/ (Markdown, YAML, Bible sources) and the built-in theme, over which the site's own \
        Templates/ (Mustache, CSS, JS; optional) replaces files one by one, and writes the site, calendar \
        feeds and JSON snapshots to Output/. `sitegen init` starts a new site.
        """,
        // The version (VERSION, SitegenBuiltIn) and the commit built from (the EmbedCommit plugin), one line.
        version: "sitegen \(BuildVersion.version) (commit \(BuildCommit.commit))",
        subcommands: [InitCommand.self, Build.self, Check.self, Serve.self, NewCommand.self, ThemeCommand.self, StringsCommand.self, PrintSheetCommand.self, SyncCommand.self, Import.self, RebuildTimings.self],
        defaultSubcommand: nil
    )

    /// ArgumentParser's own `main`, except that a file error from Foundation that no command
    /// caught is printed in words (`FileProblem`), never as "NSCocoaErrorDomain error 512".
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? AsyncParsableCommand { try await command.run() } else { try command.run() }
        } catch let error as CocoaError {
            printError(FileProblem.message(error))
            exit(withError: ExitCode.failure)
        } catch {
            exit(withError: error)
        }
    }
}
