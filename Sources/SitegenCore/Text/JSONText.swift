/// JSON strings written by hand (the index is most of the build's new bytes; the offline list
/// is made again after every edit in `sitegen serve`).
public enum JSONText {
    public static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        append(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public static func append(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            // Runs of plain bytes are copied whole; only the few that need it are escaped.
            var plain = 0
            for (i, b) in bytes.enumerated() where b < 0x20 || b == 0x22 || b == 0x5C || b == 0x3C {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain..<i]))
                appendEscaped(b, to: &out)
                plain = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ b: UInt8, to out: inout [UInt8]) {
        switch b {
        case UInt8(ascii: "\""): out += [0x5C, 0x22]
        case 0x5C: out += [0x5C, 0x5C]
        case 0x0A: out += [0x5C, UInt8(ascii: "n")]
        case 0x0D: out += [0x5C, UInt8(ascii: "r")]
        case 0x09: out += [0x5C, UInt8(ascii: "t")]
        case UInt8(ascii: "<"): out += Array("\\u003c".utf8)   // never `</script>` in a file a page might inline
        default:
            let hex = Array("0123456789abcdef".utf8)
            out += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]]
        }
    }
}
