import Foundation

/// The site's link-preview image (`og:image`, 1200 × 630, the size messaging apps crop to): the
/// theme's accent colour, the site's icon on the left and its title on the right in white,
/// drawn in pure Swift (`PreviewFont`, `CoverageRaster`) so every machine makes the same bytes.
enum PreviewImage {
    static let width = LinkPreview.width, height = LinkPreview.height
    static let background: (UInt8, UInt8, UInt8) = (0x1d, 0x4f, 0x91)
    static let iconSize = 300, margin = 80

    static func png(title: String, icon: RGBAImage?) -> Data {
        var image = RGBAImage(width: width, height: height, fill: background)
        var textLeft = margin
        if let icon {
            draw(icon, into: &image, x: margin, y: (height - iconSize) / 2, size: iconSize)
            textLeft = margin + iconSize + 60
        }
        drawTitle(title, into: &image, left: textLeft, right: width - margin)
        return PNGCodec.encode(image)
    }

    /// The icon scaled to `size` (each target pixel the average of the source pixels it covers),
    /// blended over the background by its alpha.
    static func draw(_ icon: RGBAImage, into image: inout RGBAImage, x left: Int, y top: Int, size: Int) {
        for ty in 0..<size {
            let sy0 = ty * icon.height / size, sy1 = max(sy0 + 1, (ty + 1) * icon.height / size)
            for tx in 0..<size {
                let sx0 = tx * icon.width / size, sx1 = max(sx0 + 1, (tx + 1) * icon.width / size)
                var sum = [Int](repeating: 0, count: 4), count = 0
                for sy in sy0..<sy1 {
                    for sx in sx0..<sx1 {
                        let i = (sy * icon.width + sx) * 4
                        let alpha = Int(icon.pixels[i + 3])
                        for c in 0..<3 { sum[c] += Int(icon.pixels[i + c]) * alpha }
                        sum[3] += alpha
                        count += 1
                    }
                }
                let o = ((top + ty) * image.width + left + tx) * 4
                let alpha = sum[3] / count
                for c in 0..<3 {
                    let colour = sum[3] == 0 ? 0 : sum[c] / sum[3]
                    image.pixels[o + c] = UInt8((colour * alpha + Int(image.pixels[o + c]) * (255 - alpha)) / 255)
                }
            }
        }
    }

    /// The title in up to three lines, as large as fits (from 88 px down to 40 px), centred
    /// vertically; words too long for a line at the smallest size are cut with "…".
    static func drawTitle(_ title: String, into image: inout RGBAImage, left: Int, right: Int) {
        let font = PreviewFont.shared
        let available = Double(right - left)
        var size = 88.0, lines = wrap(title, font: font, scale: size / font.unitsPerEm, width: available)
        while (lines.count > 3 || lines.contains { font.width($0) * size / font.unitsPerEm > available }) && size > 40 {
            size -= 4
            lines = wrap(title, font: font, scale: size / font.unitsPerEm, width: available)
        }
        lines = Array(lines.prefix(3)).map { fit($0, font: font, scale: size / font.unitsPerEm, width: available) }
        let scale = size / font.unitsPerEm, lineHeight = size * 1.2
        var raster = CoverageRaster(width: image.width, height: image.height)
        let top = (Double(image.height) - lineHeight * Double(lines.count)) / 2
        for (n, line) in lines.enumerated() {
            let baseline = top + lineHeight * Double(n) + font.ascender * scale
            var pen = Double(left)
            for scalar in line.unicodeScalars {
                guard let glyph = font.glyph(scalar) else { continue }
                for contour in glyph.contours {
                    raster.fill(PreviewFont.flatten(contour).map { (pen + $0.0 * scale, baseline - $0.1 * scale) })
                }
                pen += glyph.advance * scale
            }
        }
        let coverage = raster.coverage()
        for (i, amount) in coverage.enumerated() where amount > 0 {
            for c in 0..<3 {
                let under = Float(image.pixels[i * 4 + c])
                image.pixels[i * 4 + c] = UInt8((under + (255 - under) * amount).rounded())
            }
        }
    }

    /// Words into lines no wider than `width`.
    static func wrap(_ text: String, font: PreviewFont, scale: Double, width: Double) -> [String] {
        var lines: [String] = [], current = ""
        for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if current.isEmpty || font.width(candidate) * scale <= width {
                current = candidate
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// A line cut to `width` with "…" when even the smallest size leaves it too wide.
    static func fit(_ line: String, font: PreviewFont, scale: Double, width: Double) -> String {
        guard font.width(line) * scale > width else { return line }
        var scalars = Array(line.unicodeScalars)
        while !scalars.isEmpty, font.width(String(String.UnicodeScalarView(scalars)) + "…") * scale > width { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars)) + "…"
    }
}
