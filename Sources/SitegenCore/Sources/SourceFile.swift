import Foundation

/// A text file the user wrote: valid UTF-8, line endings normalised to `\n`,
/// remembered by the path the user knows it by (for error messages).
public struct SourceFile: Sendable {
    /// The path as printed in messages, e.g. `Content/hymns/123.md`.
    public let path: String
    public let url: URL
    public let text: String

    public init(path: String, url: URL, text: String) {
        self.path = path
        self.url = url
        self.text = text
    }

    public func location(line: Int, column: Int = 1) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }

    /// Whether the file is at most `maximum` bytes; if not, an error at its first line naming
    /// the limit. Readers check it before parsing: a parse costs many times the file's size
    /// (a 20 MB hymn took 800 MB), and no file a person writes for one hymn or page comes near.
    public func isWithin(_ maximum: Int, what: String, diagnostics: Diagnostics) -> Bool {
        let size = text.utf8.count
        guard size > maximum else { return true }
        diagnostics.error("\(what) has \(size) bytes, more than the limit of \(maximum); split it or shorten it", at: location(line: 1))
        return false
    }

    /// Whether the file is within the limit of its kind (`SourceLimit`); if not, an error at line 1.
    public func isWithin(_ limit: SourceLimit, diagnostics: Diagnostics) -> Bool {
        isWithin(limit.bytes, what: limit.what, diagnostics: diagnostics)
    }

    /// Reads and validates a file. Problems (unreadable, invalid UTF-8) go to `diagnostics`.
    public static func read(_ url: URL, displayPath: String, diagnostics: Diagnostics) -> SourceFile? {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            diagnostics.error("cannot read file", at: SourceLocation(path: displayPath))
            return nil
        }
        return decode(data, url: url, displayPath: displayPath, diagnostics: diagnostics)
    }

    /// Validates bytes already read from `url`.
    public static func decode(_ data: Data, url: URL, displayPath: String, diagnostics: Diagnostics) -> SourceFile? {
        // A NUL byte is never in a text file a person wrote (a NUL-only page used to build as
        // 4,096 U+FFFD characters): report the first one.
        let nulOffset = data.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let hit = memchr(base, 0, raw.count) else { return nil }
            return base.distance(to: UnsafeRawPointer(hit))
        }
        if let offset = nulOffset {
            let nul = data.startIndex + offset
            let before = data[data.startIndex..<nul]
            let line = before.reduce(1) { $1 == 10 ? $0 + 1 : $0 }
            let lineStart = before.lastIndex(of: 10).map { $0 + 1 } ?? data.startIndex
            diagnostics.error("NUL byte in a text file (is it a binary file?); save it as UTF-8 text",
                              at: SourceLocation(path: displayPath, line: line, column: String(decoding: data[lineStart..<nul], as: UTF8.self).count + 1))
            return nil
        }
        switch decodeUTF8(data) {
        case .success(let text):
            return SourceFile(path: displayPath, url: url, text: text)
        case .failure(let bad):
            diagnostics.error(
                "invalid UTF-8 (byte 0x\(String(bad.byte, radix: 16, uppercase: true))); save the file as UTF-8",
                at: SourceLocation(path: displayPath, line: bad.line, column: bad.column))
            return nil
        }
    }

    struct InvalidUTF8: Error { let line: Int; let column: Int; let byte: UInt8 }

    /// Decodes UTF-8, dropping a byte-order mark and normalising CRLF/CR to LF.
    /// On failure reports where the first bad byte is, in characters.
    static func decodeUTF8(_ data: Data) -> Result<String, InvalidUTF8> {
        // Validated straight from the file's buffer (the Bible's sources are megabytes); memchr
        // because they almost never contain a "\r".
        let (decoded, hasCR) = data.withUnsafeBytes { raw -> (String?, Bool) in
            var bytes = raw.bindMemory(to: UInt8.self)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst(3)) }
            let hasCR = bytes.baseAddress.map { memchr($0, 13, bytes.count) != nil } ?? false
            return (String(validating: bytes, as: UTF8.self), hasCR)
        }
        if let text = decoded {
            let normalised = hasCR
                ? text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
                : text
            return .success(normalised)
        }
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let offset = firstInvalidUTF8Offset(bytes)
        let prefix = String(decoding: bytes[..<offset], as: UTF8.self)
        let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false)
        return .failure(InvalidUTF8(line: lines.count, column: (lines.last?.count ?? 0) + 1, byte: bytes[offset]))
    }

    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return max(bytes.count - 1, 0)
            case .error:
                return min(offset, bytes.count - 1)
            }
        }
    }
}
