import ArgumentParser
import SitegenSite

@main
struct Sitegen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sitegen",
        abstract: "Builds a congregation's static site and offline data from plain files.",
        discussion: """
        Reads Content/ (Markdown, YAML, Bible sources) and Templates/ (Mustache, CSS, JS) and writes \
        the site, calendar feeds and JSON snapshots to Output/.
        """,
        version: BuildReport.version,
        subcommands: [Build.self, Check.self, Serve.self, PrintSheetCommand.self, SyncCommand.self, Import.self, RebuildTimings.self],
        defaultSubcommand: nil
    )
}
