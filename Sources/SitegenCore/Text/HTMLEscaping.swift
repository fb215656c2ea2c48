/// Escaping for the places content ends up in. Templates escape `{{values}}` themselves;
/// these are for HTML that Swift code assembles (stanzas, verse spans, rows).
public enum Escape {
    /// Text or attribute value in HTML: `& < > " '`.
    public static func html(_ text: String) -> String {
        // Looked for in the UTF-8 bytes: a character can only be one of these if its byte is there.
        guard text.utf8.contains(where: isSpecial) else { return text }
        if text.utf8.allSatisfy({ $0 < 0x80 }) {   // ASCII: every byte is a character of its own
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count + 16)
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "&"): bytes += "&amp;".utf8
                case UInt8(ascii: "<"): bytes += "&lt;".utf8
                case UInt8(ascii: ">"): bytes += "&gt;".utf8
                case UInt8(ascii: "\""): bytes += "&quot;".utf8
                case UInt8(ascii: "'"): bytes += "&#39;".utf8
                default: bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        // Otherwise character by character: `&` followed by a combining mark is another character.
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(ch)
            }
        }
        return out
    }

    static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// XML text (sitemap): the same characters as HTML.
    public static func xml(_ text: String) -> String { html(text) }

    /// One URL path segment or query value: everything but unreserved characters is %-encoded.
    public static func urlComponent(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(Character(UnicodeScalar(byte)))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// A lower-case URL slug: letters and digits kept, everything else one `-`.
    public static func slug(_ text: String) -> String {
        var out = ""
        var dash = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar)) {
                if dash && !out.isEmpty { out += "-" }
                out.unicodeScalars.append(scalar)
                dash = false
            } else {
                dash = true
            }
        }
        return out
    }
}

import Foundation
