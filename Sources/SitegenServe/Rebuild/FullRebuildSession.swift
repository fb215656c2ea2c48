import Foundation
import SitegenSite

/// A `SiteSession` that answers every change with a full `SiteBuilder.run`.
///
/// Correct by construction (it is exactly `sitegen build`), and it keeps the last good output on
/// any error because the writer swaps the new folder in only after everything succeeded. It is the
/// stand-in until the incremental `BuildSession` lands; then serve uses that instead.
public actor FullRebuildSession: SiteSession {
    private let options: BuildOptions

    public init(options: BuildOptions) { self.options = options }

    public func build() async throws -> FullRebuildReport {
        let report = try await SiteBuilder.run(options, mode: .build)
        return FullRebuildReport(written: Self.files(in: options.output), removed: [],
                                 seconds: report.seconds, timings: report.timings, warnings: report.warnings)
    }

    public func rebuild(changed: Set<URL>) async throws -> FullRebuildReport {
        try await build()
    }

    /// Every file the build left in the output folder (a full build rewrites them all), sorted.
    static func files(in folder: URL) -> [String] {
        let root = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var paths: [String] = []
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                paths.append(relative)
            }
        }
        return paths.sorted()
    }
}
