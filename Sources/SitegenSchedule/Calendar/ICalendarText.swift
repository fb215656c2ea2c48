/// The text rules of RFC 5545 (iCalendar): TEXT escaping, content-line folding at 75
/// octets, CRLF line ends.
public enum ICalendarText {
    /// TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines.
    /// Other control characters are not allowed in a TEXT value and are dropped.
    /// Works on the UTF-8 bytes: every scalar it changes is ASCII, a byte of its own.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscape) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: ";"): out += [UInt8(ascii: "\\"), UInt8(ascii: ";")]
            case UInt8(ascii: ","): out += [UInt8(ascii: "\\"), UInt8(ascii: ",")]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\t"): out.append(UInt8(ascii: " "))
            case ..<0x20, 0x7F: continue   // "\r" and the other control characters
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Bytes `escape` changes or drops: `\\ ; ,`, control characters (newlines and tabs included), DEL.
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ",")
    }

    /// Folds one content line so no physical line exceeds 75 octets (RFC 5545 §3.1), never
    /// splitting a UTF-8 encoded character; continuation lines start with one space.
    public static func fold(_ line: String) -> String {
        if line.utf8.count <= 75 { return line }   // most lines: nothing to fold
        var out: [UInt8] = []
        out.reserveCapacity(line.utf8.count + line.utf8.count / 37 + 3)
        var octets = 0
        let bytes = Array(line.utf8)
        var index = 0
        while index < bytes.count {
            let width = scalarWidth(lead: bytes[index])
            if octets + width > 75 {
                out += [UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: " ")]
                octets = 1
            }
            out += bytes[index..<min(index + width, bytes.count)]
            octets += width
            index += width
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// How many bytes the UTF-8 encoded scalar that starts with `lead` has.
    static func scalarWidth(lead: UInt8) -> Int {
        switch lead {
        case ..<0x80: 1
        case ..<0xE0: 2
        case ..<0xF0: 3
        default: 4
        }
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
