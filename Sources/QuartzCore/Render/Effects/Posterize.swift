extension ImageEffects {
    /// `CIColorPosterize`, in place: "remaps red, green, and blue color
    /// components to the number of brightness values you specify for each
    /// color component" (`inputLevels`, default 6).
    ///
    /// Apple documents `levels` as "the number of brightness levels to use
    /// for each color component" but not the rounding, so Lamina keeps
    /// exactly that many evenly spaced values, 0 and 1 included, and rounds
    /// to the nearest (halves up), on unpremultiplied colour:
    ///
    ///     u' = round(u × (levels − 1)) / (levels − 1),   u = colour / alpha
    ///
    /// then multiplies by alpha again. With 6 levels the values are 0, 0.2,
    /// 0.4, 0.6, 0.8 and 1. (GPUImage-style kernels use round(u × L) / L,
    /// which gives L + 1 values.) Alpha is unchanged; transparent pixels stay
    /// transparent.
    ///
    /// `levels` is rounded to a whole number and clamped to 2...256 (256 is
    /// every 8-bit value, a no-op up to premultiplied rounding); NaN or an
    /// infinity leaves the pixels alone.
    package static func posterize(_ pixels: PixelBufferView, levels: Double) {
        guard levels.isFinite, !pixels.isEmpty else { return }
        var table = PosterizeTable(steps: Int(min(max(levels.rounded(), 2), 256)) - 1)
        var row = [UInt32](repeating: 0, count: pixels.width)
        for y in 0..<pixels.height {
            pixels.readRow(y, into: &row)
            for x in row.indices where row[x] != 0 {
                let pixel = row[x]
                let alpha = Int(pixel >> 24)
                let red = table.map(Int((pixel >> 16) & 0xFF), alpha: alpha)
                let green = table.map(Int((pixel >> 8) & 0xFF), alpha: alpha)
                let blue = table.map(Int(pixel & 0xFF), alpha: alpha)
                row[x] = UInt32(alpha) << 24 | red << 16 | green << 8 | blue
            }
            pixels.writeRow(y, from: row)
        }
    }
}

/// Posterized premultiplied components, computed once per alpha value met
/// (256 entries each) and looked up after that.
struct PosterizeTable {
    private let steps: Double
    private var values = [UInt32](repeating: 0, count: 256 * 256)
    private var ready = [Bool](repeating: false, count: 256)

    init(steps: Int) { self.steps = Double(steps) }

    /// The posterized value of premultiplied component `component` (0...255)
    /// at alpha `alpha` (0...255).
    mutating func map(_ component: Int, alpha: Int) -> UInt32 {
        if !ready[alpha] { fill(alpha) }
        return values[alpha << 8 | component]
    }

    private mutating func fill(_ alpha: Int) {
        ready[alpha] = true
        guard alpha > 0 else { return }   // transparent: every component 0
        let a = Double(alpha)
        for component in 0..<256 {
            let colour = min(Double(component) / a, 1)   // invalid input: colour above alpha
            let quantized = (colour * steps).rounded(.toNearestOrAwayFromZero) / steps
            values[alpha << 8 | component] = UInt32((quantized * a).rounded(.toNearestOrAwayFromZero))
        }
    }
}
