import Foundation

/// The outlines the preview image draws text with (`PreviewFontData`, DejaVu Sans Bold): a
/// glyph is its advance and its contours in font units, y up from the baseline.
struct PreviewFont: Sendable {
    struct Point: Sendable { let x: Double, y: Double, onCurve: Bool }
    struct Glyph: Sendable {
        let advance: Double
        let contours: [[Point]]
    }

    let unitsPerEm: Double
    let ascender: Double
    let glyphs: [UInt32: Glyph]

    /// The embedded font, decoded once.
    static let shared = PreviewFont(data: [UInt8](Data(base64Encoded: PreviewFontData.base64, options: .ignoreUnknownCharacters) ?? Data()))

    init(data: [UInt8]) {
        var reader = ByteReader(bytes: data)
        unitsPerEm = Double(reader.u16())
        ascender = Double(reader.i16())
        var glyphs: [UInt32: Glyph] = [:]
        for _ in 0..<reader.u16() {
            let code = reader.u32(), advance = Double(reader.u16())
            let contours = (0..<reader.u16()).map { _ in
                (0..<reader.u16()).map { _ in Point(x: Double(reader.i16()), y: Double(reader.i16()), onCurve: reader.u8() == 1) }
            }
            glyphs[code] = Glyph(advance: advance, contours: contours)
        }
        self.glyphs = glyphs
    }

    /// A character the font lacks is drawn as `?`, so a title in another script still shows its shape.
    func glyph(_ scalar: Unicode.Scalar) -> Glyph? { glyphs[scalar.value] ?? glyphs[63] }

    /// Width of `text` in font units.
    func width(_ text: String) -> Double {
        text.unicodeScalars.reduce(0) { $0 + (glyph($1)?.advance ?? 0) }
    }

    /// A contour's quadratic curves flattened to a closed polyline (TrueType: two off-curve
    /// points in a row imply the on-curve point between them).
    static func flatten(_ contour: [Point], steps: Int = 8) -> [(Double, Double)] {
        guard contour.count > 1 else { return [] }
        var points: [Point] = []
        for (i, p) in contour.enumerated() {
            let next = contour[(i + 1) % contour.count]
            points.append(p)
            if !p.onCurve && !next.onCurve { points.append(Point(x: (p.x + next.x) / 2, y: (p.y + next.y) / 2, onCurve: true)) }
        }
        guard let start = points.firstIndex(where: \.onCurve) else { return [] }
        let ordered = Array(points[start...] + points[..<start])
        var out: [(Double, Double)] = [(ordered[0].x, ordered[0].y)]
        var i = 1
        while i <= ordered.count {
            let p = ordered[i % ordered.count]
            if p.onCurve {
                out.append((p.x, p.y)); i += 1
            } else {
                let from = out[out.count - 1], to = ordered[(i + 1) % ordered.count]
                for s in 1...steps {
                    let t = Double(s) / Double(steps), u = 1 - t
                    out.append((u * u * from.0 + 2 * u * t * p.x + t * t * to.x, u * u * from.1 + 2 * u * t * p.y + t * t * to.y))
                }
                i += 2
            }
        }
        return out
    }
}

/// Little-endian reads over the font data (made by our own script; a short read gives zeros).
private struct ByteReader {
    let bytes: [UInt8]
    var at = 0

    mutating func u8() -> UInt8 {
        defer { at += 1 }
        return at < bytes.count ? bytes[at] : 0
    }

    mutating func u16() -> UInt16 { UInt16(u8()) | UInt16(u8()) << 8 }
    mutating func i16() -> Int16 { Int16(bitPattern: u16()) }
    mutating func u32() -> UInt32 { UInt32(u16()) | UInt32(u16()) << 16 }
}
