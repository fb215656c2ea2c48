import Foundation

/// A `JSONDecoder` error as a person reads it: where in the file (`hymns[3].number`) and what is
/// wrong there. A number that does not fit (`"bytes": 1e30`) is out of range, not "not valid JSON":
/// only an error with no place in the document is a syntax error.
public enum JSONProblem {
    public static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not valid JSON: " + (context.underlyingError.map { "\(($0 as NSError).localizedDescription)" } ?? context.debugDescription)
        case DecodingError.dataCorrupted(let context):
            let outOfRange = context.debugDescription.contains("does not fit") || context.debugDescription.contains("out of range")
            return "\(path(context.codingPath)): " + (outOfRange ? "the number is out of range (\(context.debugDescription))" : context.debugDescription)
        case DecodingError.keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case DecodingError.typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(typeName(type))"
        case DecodingError.valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(typeName(type)), found null"
        default:
            return "\(error)"
        }
    }

    /// `[3].number` → `hymns[3].number` style: keys joined by dots, indexes in brackets.
    public static func path(_ codingPath: [any CodingKey]) -> String {
        let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        let trimmed = text.hasPrefix(".") ? String(text.dropFirst()) : text
        return trimmed.isEmpty ? "the top level" : trimmed
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Int64.Type, is Int32.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }
}
