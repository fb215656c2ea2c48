/// The text rules of RFC 5545 (iCalendar): TEXT escaping, content-line folding at 75
/// octets, CRLF line ends.
public enum ICalendarText {
    /// TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines.
    /// Other control characters are not allowed in a TEXT value and are dropped.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": continue
            case "\t": out += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Bytes `escape` changes or drops: `\\ ; ,`, control characters (newlines and tabs included), DEL.
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ",")
    }

    /// Folds one content line so no physical line exceeds 75 octets (RFC 5545 §3.1), never
    /// splitting a UTF-8 encoded character; continuation lines start with one space.
    public static func fold(_ line: String) -> String {
        if line.utf8.count <= 75 { return line }   // most lines: nothing to fold
        var lines: [String] = []
        var current = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let width = UTF8.width(scalar)
            if octets + width > 75 {
                lines.append(current)
                current = " "
                octets = 1
            }
            current.unicodeScalars.append(scalar)
            octets += width
        }
        lines.append(current)
        return lines.joined(separator: "\r\n")
    }

    /// Joins content lines into a calendar file: each folded and CRLF-terminated.
    public static func document(_ lines: [String]) -> String {
        var out = ""
        for line in lines {
            out += fold(line)
            out += "\r\n"
        }
        return out
    }
}
