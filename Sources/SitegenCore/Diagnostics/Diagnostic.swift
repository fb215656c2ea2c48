/// A place in a source file, 1-based, as editors and compilers print it.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int = 1, column: Int = 1) {
        self.path = path
        self.line = max(line, 1)
        self.column = max(column, 1)
    }

    public var description: String { "\(path):\(line):\(column)" }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}

/// One problem found in the user's files, printed as `path:line:column: error: message`.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning
    }

    public var location: SourceLocation
    public var severity: Severity
    public var message: String

    public init(_ severity: Severity = .error, at location: SourceLocation, _ message: String) {
        self.location = location
        self.severity = severity
        self.message = Self.oneLine(message)
    }

    /// Messages quote the user's values; a CR, LF or other control character in one (an event
    /// `id: "a\nb"`) must not split the `path:line:column: error:` line or fake another one.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    public var description: String {
        "\(Self.oneLine(location.path)):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }
}
