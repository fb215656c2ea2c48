/// Where a site is published, resolved once per build (`BuildSettings`) from `--base-url` or
/// `base_url` in site.yml, and carried by `RenderContext` and `BuildReport`: an absolute base
/// URL (`https://example.org/church/`) or only a path (`/church/`, a site whose pages link to
/// each other but whose feeds and sitemap cannot name a host).
public struct SiteAddress: Sendable, Equatable, CustomStringConvertible {
    /// The base as links and feeds use it, ending in `/`.
    public let base: String
    /// Its path part, starting and ending with `/` (`/church/`).
    public let basePath: String

    /// Whether the base names a scheme and a host.
    public var isAbsolute: Bool { base != basePath }

    public var description: String { base }

    /// Link to a page or file of this site: `url("hymns/12/")` → `/church/hymns/12/`.
    public func url(_ sitePath: String) -> String {
        basePath + (sitePath.hasPrefix("/") ? String(sitePath.dropFirst()) : sitePath)
    }

    /// Absolute URL for feeds and the sitemap; a path when the base has no host.
    public func absoluteURL(_ sitePath: String) -> String {
        base + (sitePath.hasPrefix("/") ? String(sitePath.dropFirst()) : sitePath)
    }

    /// The address a base URL names, or why it names none: `http://` or `https://` with a host
    /// (a name, an IPv4 address or a bracketed IPv6 one) and an optional port, then a path; or a
    /// path alone starting with `/`. No user name or password (they would end up in every
    /// canonical link), no query or fragment, nothing a URL path cannot hold unencoded.
    public static func parse(_ text: String) -> Result<SiteAddress, AddressProblem> {
        if text.hasPrefix("//") { return .failure(.init("a base URL must name its scheme (https://…) or be a path starting with one /")) }
        if text.hasPrefix("/") {
            return checkPath(text).map { SiteAddress(base: slashed(text), basePath: slashed(text)) }
        }
        let lower = text.lowercased()
        guard let scheme = ["https://", "http://"].first(where: lower.hasPrefix) else {
            return .failure(.init("a base URL must start with http:// or https:// or /"))
        }
        let rest = text.dropFirst(scheme.count)
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count)
        if let problem = checkAuthority(String(authority)) { return .failure(problem) }
        let basePath = path.isEmpty ? "/" : slashed(String(path))
        return checkPath(basePath).map { SiteAddress(base: text.prefix(scheme.count) + authority + basePath, basePath: basePath) }
    }

    /// Why a base URL is refused, in words for an error line.
    public struct AddressProblem: Error, Equatable {
        public let message: String
        init(_ message: String) { self.message = message }
    }

    private init(base: String, basePath: String) {
        self.base = base
        self.basePath = basePath
    }

    private static func slashed(_ path: String) -> String { path.hasSuffix("/") ? path : path + "/" }

    private static func checkAuthority(_ authority: String) -> AddressProblem? {
        if authority.isEmpty { return .init("a base URL must name a host after its scheme") }
        if authority.contains("@") { return .init("a base URL must not hold a user name or password (they would be in every canonical link)") }
        var host = Substring(authority)
        var port: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return .init("the host's IPv6 address is missing its closing ]") }
            let inside = host[host.index(after: host.startIndex)..<close]
            if inside.isEmpty || !inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) || !inside.contains(":") {
                return .init("'\(inside)' is not an IPv6 address")
            }
            let after = host[host.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return .init("unexpected '\(after)' after the host's IPv6 address") }
                port = after.dropFirst()
            }
            host = host[...close]
        } else if let colon = host.firstIndex(of: ":") {
            port = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        if !host.hasPrefix("[") {
            let labels = host.split(separator: ".", omittingEmptySubsequences: false)
            if labels.contains(where: { label in
                label.isEmpty || label.hasPrefix("-") || label.hasSuffix("-")
                    || !label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }) { return .init("'\(host)' is not a host name (letters, digits, '-' and dots; write others in punycode)") }
        }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port),
                  (1...65_535).contains(number) else { return .init("'\(port)' is not a port (1 to 65535)") }
        }
        return nil
    }

    /// Every character a path may hold unencoded (RFC 3986 `pchar` and `/`), and `%` only
    /// before two hex digits; never a query or fragment.
    private static func checkPath(_ path: String) -> Result<Void, AddressProblem> {
        if path.contains("?") { return .failure(.init("a base URL must not have a query (?…)")) }
        if path.contains("#") { return .failure(.init("a base URL must not have a fragment (#…)")) }
        let bytes = Array(path.utf8)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, bytes[i + 1].isHexDigit, bytes[i + 2].isHexDigit else {
                    return .failure(.init("'%' in a base URL must start an escape like %20"))
                }
                i += 3
                continue
            }
            guard allowedInPath.contains(byte) else {
                let shown = byte == UInt8(ascii: " ") ? "a space" : byte >= 0x80 ? "a non-ASCII letter" : "'\(Character(UnicodeScalar(byte)))'"
                return .failure(.init("a base URL's path must not hold \(shown) unencoded (write it %-encoded)"))
            }
            i += 1
        }
        if path.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) {
            return .failure(.init("a base URL's path must not hold '.' or '..' segments"))
        }
        return .success(())
    }

    private static let allowedInPath: Set<UInt8> = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/".utf8))
}

private extension UInt8 {
    var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
