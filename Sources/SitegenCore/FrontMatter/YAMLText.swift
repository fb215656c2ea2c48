/// Writing YAML values, for importers that produce content files a volunteer then edits.
/// The files' layout (comments, flow lists, one entry per line) is the importer's own; only the
/// quoting of a value, which must read back as exactly the same string, is shared here.
public enum YAMLText {
    /// A double-quoted scalar: `"…"` with `\" \\ \n \t` and control characters escaped.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The text unquoted when it can only read back as itself (letters, digits, spaces, `:` and `-`
    /// not forming a key), else `quoted(text)`. Keeps lists like `[Genesis 1, Matthew 1]` readable.
    public static func plainIfSafe(_ text: String) -> String {
        let safe = !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || " :-".contains($0) }
            && !text.contains(": ") && !text.hasSuffix(":") && !text.hasPrefix("-") && !text.hasPrefix(" ")
            && !text.hasSuffix(" ") && !["true", "false", "yes", "no", "null", "~"].contains(text.lowercased())
        return safe ? text : quoted(text)
    }
}
