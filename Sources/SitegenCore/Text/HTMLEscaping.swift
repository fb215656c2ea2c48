/// Escaping for the places content ends up in. Templates escape `{{values}}` themselves;
/// these are for HTML that Swift code assembles (stanzas, verse spans, rows).
public enum Escape {
    /// Text or attribute value in HTML: every `& < > " '` becomes an entity.
    ///
    /// Byte by byte, not Character by Character: a quote followed by a combining mark is one
    /// Swift Character (not equal to `"`), but a browser still ends the attribute at the quote.
    public static func html(_ text: String) -> String {
        guard text.utf8.contains(where: isSpecial) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        var text = text
        text.withUTF8 { appendHTML($0, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends UTF-8 `bytes` with `& < > " '` as entities; runs without them are copied whole.
    public static func appendHTML(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var start = 0
        for index in 0..<bytes.count {
            let entity: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default: continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            entity.withUTF8Buffer { out.append(contentsOf: $0) }
            start = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
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
