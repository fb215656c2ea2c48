import Foundation

/// A request target's path, checked before it comes anywhere near the file system.
///
/// The check works on the raw, still percent-encoded path the client sent (never on a path an
/// HTTP library already normalised), so `/../`, `/%2e%2e/` and encoded slashes are seen as sent
/// and refused, instead of being quietly folded into some other file.
public struct RequestPath: Sendable, Equatable {
    /// Decoded path segments, none empty, `.`, `..` or hidden.
    public let segments: [String]
    /// Whether the path ended in `/` (a folder URL, served by its index.html).
    public let isFolder: Bool

    public enum Rejection: Error, Equatable {
        /// 400: not a path a browser would send (traversal, encoded separators, NUL, bad escapes).
        case badRequest(String)
        /// 404: a well-formed path to something the server never shows (hidden files like `.sitegen-output`).
        case hidden
    }

    /// Parses `raw` (the request target without its query, e.g. `/hymns/12/`).
    public static func parse(_ raw: String) -> Result<RequestPath, Rejection> {
        guard raw.hasPrefix("/") else { return .failure(.badRequest("the path must start with /")) }
        var segments: [String] = []
        let parts = raw.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            if part.isEmpty {
                // `//` inside a path is harmless but meaningless; the final empty part marks a folder.
                if index == parts.count - 1 { break } else { continue }
            }
            switch segment(part) {
            case .success(let name): segments.append(name)
            case .failure(let rejection): return .failure(rejection)
            }
        }
        return .success(RequestPath(segments: segments, isFolder: raw.hasSuffix("/")))
    }

    /// One decoded segment, or why it is refused.
    static func segment(_ raw: Substring) -> Result<String, Rejection> {
        let lowered = raw.lowercased()
        // An encoded `/` or `\` would let one segment stand for two once decoded.
        if lowered.contains("%2f") || lowered.contains("%5c") {
            return .failure(.badRequest("encoded path separator"))
        }
        guard let decoded = String(raw).removingPercentEncoding else {
            return .failure(.badRequest("malformed percent escape"))
        }
        if decoded == "." || decoded == ".." { return .failure(.badRequest("dot segment")) }
        if decoded.contains("\0") || decoded.contains("/") || decoded.contains("\\") {
            return .failure(.badRequest("control or separator character"))
        }
        if decoded.hasPrefix(".") { return .failure(.hidden) }
        return .success(decoded)
    }

    /// Where to send a folder path asked for without its final slash, rebuilt from the decoded
    /// segments under `mountPath` (which ends in `/`). Never the raw target: `GET //about` must
    /// not answer `Location: //about/`, a protocol-relative URL to the host "about".
    public func folderLocation(mountPath: String) -> String {
        let encoded = segments.map { $0.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? "" }
        return mountPath + encoded.joined(separator: "/") + (segments.isEmpty ? "" : "/")
    }

    /// RFC 3986 `pchar` less `%`: what may stand unencoded in one path segment.
    static let segmentCharacters = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@")

    /// The path relative to the output folder, e.g. `hymns/12/index.html` for `/hymns/12/`.
    public var relativeFile: String {
        let joined = segments.joined(separator: "/")
        if isFolder { return joined.isEmpty ? "index.html" : joined + "/index.html" }
        return joined
    }
}
