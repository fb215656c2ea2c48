import Foundation
import SitegenBuiltIn
import SitegenCore

/// The sitegen release the pipeline `init --host` writes installs: the one running now. The
/// pipeline pins its version and the SHA-256 of this very program (a release's wheel and tarball
/// hold the same `bin/sitegen` bytes), so the runner builds with exactly the sitegen that wrote
/// it, or stops before building.
enum PinnedRelease {
    /// The pipeline in deploy/ with `@SITEGEN_VERSION@` and `@SITEGEN_SHA256@` filled in.
    static func pipeline(_ template: Data) throws -> Data {
        var text = String(decoding: template, as: UTF8.self)
        text = text.replacingOccurrences(of: "@SITEGEN_VERSION@", with: BuildVersion.version)
        if text.contains("@SITEGEN_SHA256@") {
            text = text.replacingOccurrences(of: "@SITEGEN_SHA256@", with: try programSHA256())
        }
        return Data(text.utf8)
    }

    /// Whether the running program is a release's (`make dist`: the wheel's `sitegen_bin/` and the
    /// tarball's folder hold NOTICE beside `bin/`). Another build's SHA-256 is no published
    /// release's, so the pipeline it pins would stop at its check: `init` says so.
    static var isRelease: Bool {
        let folder = RunningProgram.file.deletingLastPathComponent().deletingLastPathComponent()
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("NOTICE").path)
    }

    static var notReleaseWarning: String {
        "warning: this sitegen is not a release build (no NOTICE beside its bin/): the pipeline pins sitegen "
            + "\(BuildVersion.version) and this program's SHA-256, which no published release has, so it would stop at its "
            + "check; install the release (pip install sitegen-bin==\(BuildVersion.version)) and run sitegen init again, "
            + "or set SITEGEN_SHA256 in the pipeline to the release's (docs/publishing.md)"
    }

    /// SHA-256 of the running program's file.
    static func programSHA256() throws -> String {
        SnapshotJSON.sha256(try Data(contentsOf: RunningProgram.file, options: .mappedIfSafe))
    }
}
