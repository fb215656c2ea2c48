import ArgumentParser
import Foundation
import SitegenSite

/// `sitegen import …`: bring data from the apps' formats into Content/.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert data from other formats into Content/.",
        subcommands: [ImportHymnalJSON.self, ImportLocalitiesJSON.self, ImportScheduleJSON.self, ImportScheduleCSV.self,
                      ImportMCheyne.self])
}
