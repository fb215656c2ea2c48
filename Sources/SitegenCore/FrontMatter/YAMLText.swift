/// Writing YAML values, for importers that produce content files a volunteer then edits.
/// The files' layout (comments, flow lists, one entry per line) is the importer's own; only the
/// quoting of a value, which must read back as exactly the same string, is shared here.
public enum YAMLText {
    /// A double-quoted scalar: `"…"` with `\" \\ \n \t` escaped, and as `\uXXXX` every character
    /// YAML would not keep as written: C0 and C1 controls (U+0085 is a line break to YAML:
    /// "sep\u{85}nel" read back as "sep nel"), U+2028, U+2029, the byte-order mark, U+FFFE/FFFF.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if needsEscape(scalar) {
                    out += "\\u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: true
        default: false
        }
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
