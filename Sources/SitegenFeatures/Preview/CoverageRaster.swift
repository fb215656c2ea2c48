/// Anti-aliased filling of closed polylines: each edge adds the signed area it covers to an
/// accumulation buffer, and a running sum along each row gives every pixel's coverage (the
/// method of font-rs and stb_truetype). Exact for non-overlapping outlines, as a font's are.
struct CoverageRaster {
    let width: Int
    let height: Int
    private var accumulation: [Float]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        accumulation = [Float](repeating: 0, count: width * height)
    }

    mutating func fill(_ polyline: [(Double, Double)]) {
        guard polyline.count > 1 else { return }
        for i in 0..<polyline.count {
            line(polyline[i], polyline[(i + 1) % polyline.count])
        }
    }

    /// One edge in pixel coordinates (y down).
    mutating func line(_ p0: (Double, Double), _ p1: (Double, Double)) {
        guard p0.1 != p1.1 else { return }
        let (direction, a, b): (Float, (Double, Double), (Double, Double)) = p0.1 < p1.1 ? (1, p0, p1) : (-1, p1, p0)
        let dxdy = (b.0 - a.0) / (b.1 - a.1)
        var x = a.0
        let yStart = max(0, Int(a.1.rounded(.down)))
        if a.1 < 0 { x -= a.1 * dxdy }
        let yEnd = min(height, Int(b.1.rounded(.up)))
        guard yStart < yEnd else { return }
        for y in yStart..<yEnd {
            let row = y * width
            let dy = Float(min(Double(y + 1), b.1) - max(Double(y), a.1))
            let xNext = x + Double(dy) * dxdy
            let d = dy * direction
            let (x0, x1) = x < xNext ? (x, xNext) : (xNext, x)
            let x0floor = x0.rounded(.down), x0i = Int(x0floor)
            let x1ceil = x1.rounded(.up), x1i = Int(x1ceil)
            if x1i <= x0i + 1 {
                let xmf = Float(0.5 * (x + xNext) - x0floor)
                add(row, x0i, d - d * xmf)
                add(row, x0i + 1, d * xmf)
            } else {
                let s = Float(1 / (x1 - x0))
                let x0f = Float(x0 - x0floor)
                let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                let x1f = Float(x1 - x1ceil + 1)
                let am = 0.5 * s * x1f * x1f
                add(row, x0i, d * a0)
                if x1i == x0i + 2 {
                    add(row, x0i + 1, d * (1 - a0 - am))
                } else {
                    let a1 = s * (1.5 - x0f)
                    add(row, x0i + 1, d * (a1 - a0))
                    for xi in (x0i + 2)..<(x1i - 1) { add(row, xi, d * s) }
                    let a2 = a1 + Float(x1i - x0i - 3) * s
                    add(row, x1i - 1, d * (1 - a2 - am))
                }
                add(row, x1i, d * am)
            }
            x = xNext
        }
    }

    /// Past the right edge changes no pixel (the sums run left to right); left of the left
    /// edge counts at the first column.
    private mutating func add(_ row: Int, _ x: Int, _ value: Float) {
        guard x < width else { return }
        accumulation[row + max(x, 0)] += value
    }

    /// Coverage 0...1 of every pixel, row by row.
    func coverage() -> [Float] {
        var out = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            var sum: Float = 0
            for x in 0..<width {
                sum += accumulation[y * width + x]
                out[y * width + x] = min(1, abs(sum))
            }
        }
        return out
    }
}
