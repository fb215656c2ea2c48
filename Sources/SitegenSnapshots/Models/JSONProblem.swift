import Foundation

/// A `JSONDecoder` error as a person reads it: where in the file (`hymns[3].number`) and what is
/// wrong there. A number that does not fit (`"bytes": 1e30`) is out of range, not "not valid JSON"
/// (which Foundation on Linux says of it, with no place): when the bytes do parse as JSON, the
/// number that no whole-number field can hold is found and named.
public enum JSONProblem {
    public static func describe(_ error: any Error, data: Data) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
            if let parsed = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
                if let (path, number) = outOfRange(parsed, path: "") {
                    return "\(path.isEmpty ? "the top level" : path): the number \(number) is out of range"
                }
                return "a value is not what it should be (the file is valid JSON): \(context.debugDescription)"
            }
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

    /// The first number (depth first, keys in order) that is not a whole number an `Int` holds:
    /// what a decode into whole-number fields fails on.
    private static func outOfRange(_ value: Any, path: String) -> (String, String)? {
        switch value {
        case let object as [String: Any]:
            for key in object.keys.sorted() {
                if let found = outOfRange(object[key]!, path: path.isEmpty ? key : "\(path).\(key)") { return found }
            }
        case let array as [Any]:
            for (index, item) in array.enumerated() {
                if let found = outOfRange(item, path: "\(path)[\(index)]") { return found }
            }
        case let number as Double:
            if abs(number) >= 9.2e18 || !number.isFinite { return (path, "\(number)") }
        case let number as NSNumber:
            if abs(number.doubleValue) >= 9.2e18 { return (path, "\(number)") }
        default:
            break
        }
        return nil
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
