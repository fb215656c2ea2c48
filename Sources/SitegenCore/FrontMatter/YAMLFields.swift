import Yams

/// A YAML mapping read field by field with typed accessors. Every problem is reported with the
/// file, line and column of the offending value; keys that nobody asked for are reported by
/// `reportUnknownKeys()` so a misspelt key is never silently ignored.
public final class YAMLFields {
    public let file: SourceFile
    private let lineOffset: Int
    private let pairs: [(key: String, keyNode: Node, value: Node)]
    private var used = Set<String>()
    private let diagnostics: Diagnostics
    /// Where the mapping itself starts (for "missing key" messages).
    public let location: SourceLocation

    init(file: SourceFile, lineOffset: Int, mapping: Node.Mapping?, at location: SourceLocation, diagnostics: Diagnostics) {
        self.file = file
        self.lineOffset = lineOffset
        self.location = location
        self.diagnostics = diagnostics
        self.pairs = (mapping ?? Node.Mapping([])).map { (key: $0.key.string ?? "\($0.key.any)", keyNode: $0.key, value: $0.value) }
    }

    static func empty(file: SourceFile, line: Int) -> YAMLFields {
        YAMLFields(file: file, lineOffset: 0, mapping: nil, at: file.location(line: line), diagnostics: Diagnostics())
    }

    /// Parses `yaml`, which starts on line `firstLine` of `file`. The top level must be a mapping.
    public static func parse(_ yaml: String, file: SourceFile, firstLine: Int, diagnostics: Diagnostics) -> YAMLFields? {
        let offset = firstLine - 1
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            var (line, column, message) = describe(error)
            // libyaml reports an error found at the end of input one line past the last line;
            // point at the last line the volunteer wrote instead.
            let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
            if line > lines.count {
                line = max(lines.count, 1)
                column = (lines.last?.count ?? 0) + 1
            }
            diagnostics.error("malformed YAML: \(message)", at: file.location(line: line + offset, column: column))
            return nil
        } catch {
            diagnostics.error("malformed YAML: \(error)", at: file.location(line: firstLine))
            return nil
        }
        guard let node else {
            return YAMLFields(file: file, lineOffset: offset, mapping: nil, at: file.location(line: firstLine), diagnostics: diagnostics)
        }
        guard case .mapping(let mapping) = node else {
            let mark = node.mark
            diagnostics.error("expected 'key: value' lines (a YAML mapping)",
                              at: file.location(line: (mark?.line ?? 1) + offset, column: mark?.column ?? 1))
            return nil
        }
        return YAMLFields(file: file, lineOffset: offset, mapping: mapping,
                          at: file.location(line: firstLine), diagnostics: diagnostics)
    }

    private static func describe(_ error: YamlError) -> (Int, Int, String) {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let text = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            return (mark.line, mark.column, text)
        case let .duplicatedKeysInMapping(duplicates, context):
            return (context.mark.line, context.mark.column,
                    "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", "))")
        case let .reader(problem, _, _, _):
            return (1, 1, problem)
        default:
            return (1, 1, "\(error)")
        }
    }

    // MARK: - Locations

    public func location(of node: Node) -> SourceLocation {
        guard let mark = node.mark else { return location }
        return file.location(line: mark.line + lineOffset, column: mark.column)
    }

    /// Where the value of `key` is, or the mapping itself when the key is absent.
    public func location(ofKey key: String) -> SourceLocation {
        guard let pair = pairs.first(where: { $0.key == key }) else { return location }
        return location(of: pair.value)
    }

    public func error(_ message: String, at key: String) {
        diagnostics.error(message, at: location(ofKey: key))
    }

    public var keys: [String] { pairs.map(\.key) }
    public func has(_ key: String) -> Bool { pairs.contains { $0.key == key } }

    /// The raw node of `key`, marking the key as known.
    public func node(_ key: String) -> Node? {
        used.insert(key)
        guard let value = pairs.first(where: { $0.key == key })?.value else { return nil }
        if case .scalar(let s) = value, s.style == .plain, ["", "~", "null", "Null", "NULL"].contains(s.string) { return nil }
        return value
    }

    // MARK: - Typed accessors

    public func string(_ key: String, required: Bool = false) -> String? {
        guard let node = node(key) else { return missing(key, required) }
        guard case .scalar(let scalar) = node else {
            diagnostics.error("'\(key)' must be a single value, not a list or mapping", at: location(of: node))
            return nil
        }
        return scalar.string
    }

    /// A whole number within `range`. Every number read from content states its sane range, so
    /// a hostile `count: 9223372036854775807` is an error at its line, never an overflow, a
    /// crash or an endless loop further on.
    public func int(_ key: String, in range: ClosedRange<Int>, required: Bool = false) -> Int? {
        guard let node = node(key) else { return missing(key, required) }
        guard case .scalar(let scalar) = node, let value = node.int else {
            // Yams reads a number too large for Int as no int at all: say so rather than "not a number".
            let text = node.scalar?.string ?? ""
            let tooLarge = !text.isEmpty && text.drop { $0 == "-" || $0 == "+" }.allSatisfy(\.isNumber)
            diagnostics.error(tooLarge ? "'\(key)' must be from \(range.lowerBound) to \(range.upperBound), not \(text)"
                                       : "'\(key)' must be a whole number", at: location(of: node))
            return nil
        }
        guard range.contains(value) else {
            diagnostics.error("'\(key)' must be from \(range.lowerBound) to \(range.upperBound), not \(scalar.string)", at: location(of: node))
            return nil
        }
        return value
    }

    /// A finite number within `range` (never NaN or infinity).
    public func double(_ key: String, in range: ClosedRange<Double>, required: Bool = false) -> Double? {
        guard let node = node(key) else { return missing(key, required) }
        guard let value = node.float ?? node.int.map(Double.init), case .scalar(let scalar) = node else {
            diagnostics.error("'\(key)' must be a number", at: location(of: node))
            return nil
        }
        guard value.isFinite, range.contains(value) else {
            diagnostics.error("'\(key)' must be from \(range.lowerBound) to \(range.upperBound), not \(scalar.string)", at: location(of: node))
            return nil
        }
        return value
    }

    public func bool(_ key: String, required: Bool = false) -> Bool? {
        guard let node = node(key) else { return missing(key, required) }
        guard let value = node.bool, case .scalar = node else {
            diagnostics.error("'\(key)' must be true or false", at: location(of: node))
            return nil
        }
        return value
    }

    public func date(_ key: String, required: Bool = false) -> CalendarDate? {
        guard let text = string(key, required: required) else { return nil }
        guard let date = CalendarDate(text) else {
            error("'\(key)' must be a date written YYYY-MM-DD that exists (got '\(text)')", at: key)
            return nil
        }
        return date
    }

    /// A list of single values; a single value is accepted as a one-element list.
    public func stringList(_ key: String, required: Bool = false) -> [String]? {
        guard let node = node(key) else { return missing(key, required) }
        switch node {
        case .scalar(let s): return [s.string]
        case .sequence(let seq):
            var result: [String] = []
            for item in seq {
                guard case .scalar(let s) = item else {
                    diagnostics.error("'\(key)' must be a list of single values", at: location(of: item))
                    return nil
                }
                result.append(s.string)
            }
            return result
        default:
            diagnostics.error("'\(key)' must be a list", at: location(of: node))
            return nil
        }
    }

    /// A nested mapping.
    public func mapping(_ key: String, required: Bool = false) -> YAMLFields? {
        guard let node = node(key) else { return missing(key, required) }
        return nested(node, what: "'\(key)'")
    }

    /// A list of nested mappings.
    public func mappingList(_ key: String, required: Bool = false) -> [YAMLFields]? {
        guard let node = node(key) else { return missing(key, required) }
        guard case .sequence(let seq) = node else {
            diagnostics.error("'\(key)' must be a list", at: location(of: node))
            return nil
        }
        return seq.compactMap { nested($0, what: "each item of '\(key)'") }
    }

    private func nested(_ node: Node, what: String) -> YAMLFields? {
        guard case .mapping(let mapping) = node else {
            diagnostics.error("\(what) must be a mapping of 'key: value' lines", at: location(of: node))
            return nil
        }
        return YAMLFields(file: file, lineOffset: lineOffset, mapping: mapping, at: location(of: node), diagnostics: diagnostics)
    }

    private func missing<T>(_ key: String, _ required: Bool) -> T? {
        if required { diagnostics.error("missing required key '\(key)'", at: location) }
        return nil
    }

    /// Reports every key that no accessor asked for, with the list of keys that are known.
    public func reportUnknownKeys() {
        let known = used.sorted()
        for pair in pairs where !used.contains(pair.key) {
            let hint = known.isEmpty ? "" : " (known keys: \(known.joined(separator: ", ")))"
            diagnostics.error("unknown key '\(pair.key)'\(hint)", at: location(of: pair.keyNode))
        }
    }
}
