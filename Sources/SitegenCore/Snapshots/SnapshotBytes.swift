/// The pieces of a snapshot file written straight to bytes (`BookJSON`, `HymnJSON`): for the
/// same model values, the bytes `SnapshotJSON.encode` gives (sorted keys, no whitespace, nil
/// members left out, slashes not escaped), without Foundation's encoder, which made a boxed value
/// per member and was most of the snapshots' time.
public enum SnapshotBytes {
    /// A JSON string as Foundation's encoder writes it with `.withoutEscapingSlashes`: runs
    /// that need no escape (nearly all text) are copied whole. (`JSONText` also escapes `<`,
    /// for files a page may inline; the encoder does not.)
    @inlinable
    public static func string(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for (i, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                escape(byte, to: &out)
                start = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(0x22)
    }

    @usableFromInline
    static func escape(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case 0x22: out += [0x5C, 0x22]
        case 0x5C: out += [0x5C, 0x5C]
        case 0x08: out += [0x5C, 0x62]
        case 0x0C: out += [0x5C, 0x66]
        case 0x0A: out += [0x5C, 0x6E]
        case 0x0D: out += [0x5C, 0x72]
        case 0x09: out += [0x5C, 0x74]
        default:
            let hex = Array("0123456789abcdef".utf8)
            out += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        }
    }

    /// `"key":true,` or `"key":false,`; nothing when the flag is nil (as the encoder leaves it out).
    @inlinable
    public static func flag(_ key: StaticString, _ value: Bool?, to out: inout [UInt8]) {
        guard let value else { return }
        out.append(ascii: key)
        out.append(ascii: value ? "true," : "false,")
    }
}

extension [UInt8] {
    /// A literal's bytes, without the temporary array `Array("…".utf8)` makes.
    @inlinable
    public mutating func append(ascii literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// A number's decimal digits, written directly (no String per number: the chapter HTML
    /// writes four per verse).
    @inlinable
    public mutating func append(number: Int) {
        guard number >= 0 else { return append(contentsOf: String(number).utf8) }
        if number >= 10 { append(number: number / 10) }
        append(UInt8(truncatingIfNeeded: 0x30 + number % 10))
    }
}
