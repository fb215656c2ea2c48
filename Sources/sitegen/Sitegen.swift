import ArgumentParser
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
        version: BuildReport.version,
        subcommands: [InitCommand.self, Build.self, Check.self, Serve.self, NewCommand.self, ThemeCommand.self, StringsCommand.self, PrintSheetCommand.self, SyncCommand.self, Import.self, RebuildTimings.self],
        defaultSubcommand: nil
    )
}
