import CZlib
import Foundation

/// An RGBA image, 8 bits a channel, rows top to bottom.
struct RGBAImage: Sendable, Equatable {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8)) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { (pixels[i], pixels[i + 1], pixels[i + 2]) = fill }
    }

    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

/// PNG in and out, only as far as the preview needs: reads 8-bit RGB or RGBA non-interlaced
/// images (the theme's icons, which scripts/make-icons writes so), writes 8-bit RGB. zlib does
/// the deflating; its output depends on its inputs and level only, so a build's bytes repeat.
enum PNGCodec {
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    static func decode(_ data: Data) throws(Problem) -> RGBAImage {
        let bytes = [UInt8](data)
        guard bytes.count > 8, Array(bytes[0..<8]) == signature else { throw Problem(description: "not a PNG file") }
        var offset = 8, width = 0, height = 0, colour: UInt8 = 0, compressed: [UInt8] = []
        var palette: [UInt8] = [], alphas: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = Int(be32(bytes, offset)), type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = offset + 8
            guard body + length + 4 <= bytes.count else { throw Problem(description: "a cut-off \(type) chunk") }
            switch type {
            case "IHDR":
                guard length >= 13 else { throw Problem(description: "a short IHDR chunk") }
                width = Int(be32(bytes, body)); height = Int(be32(bytes, body + 4))
                let depth = bytes[body + 8], interlace = bytes[body + 12]
                colour = bytes[body + 9]
                guard depth == 8, Layout.channels(colour) != nil, interlace == 0 else {
                    throw Problem(description: "only 8-bit PNGs without interlacing are read (grey, RGB, palette, with or without alpha)")
                }
            case "PLTE": palette = Array(bytes[body..<body + length])
            case "tRNS": alphas = Array(bytes[body..<body + length])
            case "IDAT": compressed += bytes[body..<body + length]
            default: break
            }
            offset = body + length + 4
        }
        guard width > 0, height > 0, width <= 4096, height <= 4096, let channels = Layout.channels(colour) else {
            throw Problem(description: "no image size, or too large")
        }
        if colour == 3 && palette.isEmpty { throw Problem(description: "a palette PNG without its palette") }
        let raw = try inflate(compressed, expected: (width * channels + 1) * height)
        let samples = try unfilter(raw, width: width, height: height, channels: channels)
        let layout = Layout(colour: colour, palette: palette, alphas: alphas)
        return RGBAImage(width: width, height: height, pixels: try layout.rgba(samples))
    }

    /// How the unfiltered samples of each colour type become RGBA (8-bit samples only).
    struct Layout {
        let colour: UInt8
        let palette: [UInt8]
        let alphas: [UInt8]

        /// Samples per pixel: grey 1, RGB 3, palette index 1, grey and alpha 2, RGBA 4.
        static func channels(_ colour: UInt8) -> Int? {
            [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colour]
        }

        func rgba(_ samples: [UInt8]) throws(Problem) -> [UInt8] {
            var out = [UInt8]()
            out.reserveCapacity(samples.count / (Self.channels(colour) ?? 1) * 4)
            switch colour {
            case 0: for grey in samples { out += [grey, grey, grey, 255] }
            case 2: for i in stride(from: 0, to: samples.count, by: 3) { out += samples[i..<i + 3]; out.append(255) }
            case 3:
                for index in samples.map(Int.init) {
                    guard index * 3 + 2 < palette.count else { throw Problem(description: "a palette index past the palette") }
                    out += palette[index * 3..<index * 3 + 3]
                    out.append(index < alphas.count ? alphas[index] : 255)
                }
            case 4: for i in stride(from: 0, to: samples.count, by: 2) { out += [samples[i], samples[i], samples[i], samples[i + 1]] }
            default: out = samples
            }
            return out
        }
    }

    /// Undoes the five PNG row filters, giving the samples as stored (`Layout.rgba` makes them RGBA).
    static func unfilter(_ raw: [UInt8], width: Int, height: Int, channels: Int) throws(Problem) -> [UInt8] {
        let stride = width * channels
        var previous = [UInt8](repeating: 0, count: stride), out = [UInt8]()
        out.reserveCapacity(width * height * channels)
        for y in 0..<height {
            let start = y * (stride + 1), filter = raw[start]
            var row = Array(raw[start + 1...start + stride])
            for i in 0..<stride {
                let a = i >= channels ? Int(row[i - channels]) : 0, b = Int(previous[i]), c = i >= channels ? Int(previous[i - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw Problem(description: "unknown row filter \(filter)")
                }
                row[i] = UInt8(truncatingIfNeeded: Int(row[i]) + predicted)
            }
            out += row
            previous = row
        }
        return out
    }

    /// RGB, each row with the "Up" filter (flat areas become zeros, which deflate well).
    static func encode(_ image: RGBAImage) -> Data {
        var raw = [UInt8](), previous = [UInt8](repeating: 0, count: image.width * 3)
        raw.reserveCapacity((image.width * 3 + 1) * image.height)
        for y in 0..<image.height {
            var row = [UInt8]()
            row.reserveCapacity(image.width * 3)
            for x in 0..<image.width { row += image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 3] }
            raw.append(2)
            for i in 0..<row.count { raw.append(row[i] &- previous[i]) }
            previous = row
        }
        var header = [UInt8]()
        header += be32(UInt32(image.width)) + be32(UInt32(image.height)) + [8, 2, 0, 0, 0]
        return Data(signature + chunk("IHDR", header) + chunk("IDAT", deflate(raw)) + chunk("IEND", []))
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        let crc = typed.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        return be32(UInt32(body.count)) + typed + be32(crc)
    }

    static func deflate(_ raw: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(raw.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = raw.withUnsafeBufferPointer { input in
            compress2(&out, &size, input.baseAddress, uLong(input.count), 9)
        }
        precondition(status == Z_OK, "zlib compress2 failed (\(status)) with a buffer of compressBound's size")
        return Array(out[0..<Int(size)])
    }

    static func inflate(_ compressed: [UInt8], expected: Int) throws(Problem) -> [UInt8] {
        var size = uLong(expected)
        var out = [UInt8](repeating: 0, count: expected)
        let status = compressed.withUnsafeBufferPointer { input in
            uncompress(&out, &size, input.baseAddress, uLong(input.count))
        }
        guard status == Z_OK, Int(size) == expected else { throw Problem(description: "image data does not inflate to its size") }
        return out
    }

    static func be32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
