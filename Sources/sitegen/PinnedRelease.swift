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

    /// SHA-256 of the running program's file.
    static func programSHA256() throws -> String {
        SnapshotJSON.sha256(try Data(contentsOf: RunningProgram.file, options: .mappedIfSafe))
    }
}
