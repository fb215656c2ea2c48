import Foundation

/// Why a sync stopped. The mirror's current set is untouched in every case.
public enum SyncError: Error, Equatable, CustomStringConvertible {
    /// The server answered with something other than 200.
    case http(url: String, status: Int)
    /// The server redirected to an address a sync does not follow (`file:`, https to http).
    case redirect(url: String, to: String)
    /// The connection failed (no route, reset, TLS).
    case network(url: String, reason: String)
    /// A response went past what it may hold: the size the manifest states, or the manifest's own cap.
    case tooLarge(url: String, limit: Int)
    /// A response stalled, or the run went past its deadline (`SyncLimits`).
    case timedOut(url: String, reason: String)
    /// Another sync holds the folder's lock.
    case busy(path: String)
    /// A file or folder of the mirror could not be read or written.
    case local(path: String, reason: String)
    /// The manifest is of a format this library does not read (a newer site generator).
    case unsupportedFormat(Int)
    /// A file's schema (or the bundle's layout) is newer than this library's models.
    case unsupportedVersion(path: String, schema: String, version: Int, supported: Int)
    /// A file's schema is not one this library has a model for.
    case unknownSchema(path: String, schema: String)
    /// A file's bytes are not what the manifest says (tampered, or changed mid-sync).
    case mismatch(path: String, expected: String, got: String)
    /// The manifest names a path outside `api/v1/` (`..`, absolute), goes past a limit, or is not a manifest.
    case badManifest(String)

    public var description: String {
        switch self {
        case .http(let url, let status): "\(url): HTTP status \(status)"
        case .redirect(let url, let target): "\(url): redirected to \(target), which a sync does not follow (http and https only, never https to http)"
        case .network(let url, let reason): "\(url): \(reason)"
        case .tooLarge(let url, let limit): "\(url): stopped reading after \(limit) bytes, more than the file may have"
        case .timedOut(let url, let reason): "\(url): \(reason); what was verified is kept for the next run"
        case .busy(let path): "\(path): another sync into this folder is running; try again when it has finished"
        case .local(let path, let reason): "\(path): \(reason)"
        case .unsupportedFormat(let format):
            "manifest format \(format) is not supported (this library reads format \(SnapshotManifest.format)); update the app's SitegenSnapshots"
        case .unsupportedVersion(let path, let schema, let version, let supported):
            "\(path): \(schema) version \(version) is newer than the \(supported) this library reads; update the app's SitegenSnapshots"
        case .unknownSchema(let path, let schema):
            "\(path): schema '\(schema)' is not one this library reads; update the app's SitegenSnapshots"
        case .mismatch(let path, let expected, let got):
            "\(path): refused, its bytes do not match the manifest (expected \(expected), got \(got)); the mirror was kept"
        case .badManifest(let why): "manifest refused: \(why)"
        }
    }

    /// A file-system error of the mirror, named by its path.
    static func local(_ url: URL, _ error: any Error) -> SyncError {
        let reason = (error as? CocoaError)?.underlying ?? (error as NSError).localizedDescription
        return .local(path: url.path, reason: reason)
    }
}

extension CocoaError {
    /// The POSIX error under a Foundation file error (`Permission denied`), which names the cause.
    var underlying: String? {
        guard let posix = userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain,
              let code = POSIXErrorCode(rawValue: Int32(posix.code)) else { return nil }
        return String(cString: strerror(code.rawValue))
    }
}
