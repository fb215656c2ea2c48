import ArgumentParser
import Foundation
import SitegenSnapshots

struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Mirror a published site's offline data (api/v1/) into a folder, as the apps do.",
        discussion: """
        Fetches URL's api/v1/manifest.json and downloads only the files whose SHA-256 differs from \
        the mirror's, checking each file's hash and size and the schema versions; then switches \
        DIR/current to the new set in one atomic rename. Interrupted, DIR/current stays as it was \
        and the next run resumes. A file that does not match the manifest, or a manifest of a \
        newer format, is refused and the mirror kept. One sync at a time per DIR; sizes, file counts \
        and times are limited (docs/app-data.md, "Limits"). Layout and the library: docs/app-data.md.
        """)

    @Argument(help: "The site's address (https://example.org/) or its api/v1/ folder.")
    var url: String

    @Argument(help: "The mirror folder (made if missing; the set in use is DIR/current).")
    var dir: String

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func run() async throws {
        guard let site = URL(string: url), let scheme = site.scheme, ["http", "https"].contains(scheme) else {
            printError("sitegen sync: error: '\(url)' is not an http(s) address")
            throw ExitCode.failure
        }
        let folder = URL(fileURLWithPath: dir, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
        let sync = SnapshotSync(site: site, into: folder)
        do {
            let report = try await sync.run()
            guard !quiet else { return }
            if report.upToDate {
                print("Up to date: \(dir)/current (\(report.version)) matches \(sync.source.absoluteString)")
            } else {
                print("Synced \(sync.source.absoluteString) into \(dir)/current (\(report.version)): "
                      + "downloaded \(report.downloaded.count) files, kept \(report.reused)")
            }
        } catch let error as SyncError {
            printError("sitegen sync: error: \(error)")
            throw ExitCode.failure
        } catch {
            // Not expected: the library names every failure with a SyncError.
            printError("sitegen sync: error: \(error)")
            throw ExitCode.failure
        }
    }
}
