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
        let steps = Float(min(max(levels.rounded(), 2), 256) - 1)
        var row = [UInt32](repeating: 0, count: pixels.width)
        for y in 0..<pixels.height {
            pixels.readRow(y, into: &row)
            for x in row.indices where row[x] != 0 {
                row[x] = posterized(row[x], steps: steps)
            }
            pixels.writeRow(y, from: row)
        }
    }

    /// One premultiplied pixel quantized to `steps + 1` levels a component.
    @inline(__always)
    static func posterized(_ pixel: UInt32, steps: Float) -> UInt32 {
        let channels = PremultipliedPixel.unpack(pixel)
        let alpha = channels[0]
        guard alpha > 0 else { return 0 }
        var colour = SIMD4<Float>(0, channels[1], channels[2], channels[3]) / alpha
        colour.replace(with: 1, where: colour .> 1)   // invalid input: colour above alpha
        let quantized = (colour * steps).rounded(.toNearestOrAwayFromZero) / steps
        var result = quantized * alpha
        result[0] = alpha
        return PremultipliedPixel.pack(result)
    }
}
