import CoreGraphics

/// The pixel cairo paints when it fills whole pixels with one colour,
/// worked out without cairo.
///
/// A layer that is only a background colour is kept as that colour, which
/// used to be found by drawing one pixel through CoreGraphics and cairo
/// (`LayerContent.probe`). A colour animation makes a new colour every
/// frame, and the drawing (a context, a path, a fill) was a third of the
/// frame of a thousand squares changing colour
/// (`render-benchmark colours`).
///
/// cairo keeps a colour as premultiplied 16-bit channels, each
/// `component × 65535 + 0.5` truncated (`_cairo_color_double_to_short`),
/// and an 8-bit pixel takes each one's top byte (`color_to_pixel`, or
/// pixman's solid fill, the same). Whether this cairo does exactly that is
/// checked once against real drawing (`matchesCairo`); where it does not,
/// the probe is drawn as before.
enum SolidColourPixel {
    /// The premultiplied a8r8g8b8 pixel for straight `rgba` in 0...1, as
    /// `CGContext.setFillColor` then a fill give it.
    static func pixel(for rgba: SIMD4<Double>) -> UInt32 {
        func byte(_ value: Double) -> UInt32 { UInt32(value * 65535 + 0.5) >> 8 }
        let alpha = rgba.w
        return byte(alpha) << 24 | byte(rgba.x * alpha) << 16 | byte(rgba.y * alpha) << 8 | byte(rgba.z * alpha)
    }

    /// Whether `pixel(for:)` gives what cairo draws, for colours at the
    /// edges of each byte and between them: checked once, the first time
    /// a plain layer is made.
    static let matchesCairo: Bool = checkedColours.allSatisfy { pixel(for: $0) == drawn($0) }

    /// Components where a byte turns over (k / 255 and k / 256 near
    /// their edges), extremes and irrational fractions, paired with alphas
    /// the same way.
    static var checkedColours: [SIMD4<Double>] {
        let values: [Double] = [0, 1, 0.5, 1.0 / 255, 254.0 / 255, 128.0 / 255, 127.5 / 255, 1.0 / 256, 255.0 / 256,
                                0.1, 1.0 / 3, 2.0 / 3, 0.7071067811865476, 0.999_999, 0.000_001, 0.6]
        var colours: [SIMD4<Double>] = []
        for (index, alpha) in values.enumerated() {
            for (offset, value) in values.enumerated() {
                let other = values[(index + offset * 7) % values.count]
                colours.append(SIMD4(value, other, 1 - value, alpha))
            }
        }
        return colours
    }

    /// What CoreGraphics and cairo paint for `rgba` over one cleared pixel.
    static func drawn(_ rgba: SIMD4<Double>) -> UInt32 {
        LayerContent.probe { buffer in
            guard let context = LayerDrawingContext.make(over: buffer, origin: .zero, scale: 1) else { return }
            context.setFillColor(CGColor(red: rgba.x, green: rgba.y, blue: rgba.z, alpha: rgba.w))
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
    }
}
