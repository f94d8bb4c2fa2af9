/// A colour for the effects: unpremultiplied red, green, blue and alpha in
/// 0...1 (sRGB, as `CGColor.rgba` gives them). NaN becomes 0 and every
/// component is clamped to 0...1.
package struct EffectColor: Equatable, Sendable {
    package let red: Double
    package let green: Double
    package let blue: Double
    package let alpha: Double

    package init(red: Double, green: Double, blue: Double, alpha: Double) {
        func clamped(_ value: Double) -> Double { value > 0 ? min(value, 1) : 0 }
        self.red = clamped(red)
        self.green = clamped(green)
        self.blue = clamped(blue)
        self.alpha = clamped(alpha)
    }

    /// The colour's components, gray widened to RGB.
    package init(_ color: CGColor) {
        let rgba = color.rgba
        self.init(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha))
    }

    /// Opaque black, `CALayer.shadowColor`'s default.
    package static let black = EffectColor(red: 0, green: 0, blue: 0, alpha: 1)
}

extension ImageEffects {
    /// The Gaussian standard deviation, in pixels, of a layer shadow with
    /// `shadowRadius` = `radius` pixels.
    ///
    /// Apple documents `shadowRadius` only as "the blur radius (in points)
    /// used to render the layer's shadow" (default 3). Measurements agree
    /// that it is about twice as blurry as a CSS `box-shadow` blur radius of
    /// the same number, whose standard deviation the CSS spec fixes at half
    /// the blur radius: Sketch and Figma shadows (which match CSS) are
    /// carried to iOS as `shadowRadius = blur / 2`, and Bjango's side-by-side
    /// comparison of CSS, Android and iOS finds iOS's blur radius twice
    /// CSS's. So σ = `shadowRadius` (not `shadowRadius` / 2). Same
    /// sanitizing as `BlurKernel`: NaN and negatives are 0, at most 256.
    package static func shadowStandardDeviation(forRadius radius: Double) -> Double {
        BlurKernel.sanitized(radius)
    }

    /// How many pixels a shadow of `shadowRadius` = `radius` pixels spreads
    /// past the mask's outline on each side (before the offset).
    package static func shadowOutset(forRadius radius: Double) -> Int {
        BlurKernel(standardDeviation: shadowStandardDeviation(forRadius: radius)).outset
    }

    /// Draws a layer's shadow: the alpha of `alphaMask`, moved by `offset`,
    /// blurred, tinted with `color` and faded by `opacity`, replacing every
    /// pixel of `destination` (transparent where there is no shadow).
    ///
    /// - Parameters:
    ///   - alphaMask: whose alpha is the shadow's shape: the layer's
    ///     composited content (`shadowPath` nil) or the caller's fill of
    ///     `shadowPath` (non-zero winding). Only alpha is read. Pixels
    ///     outside it are transparent.
    ///   - destination: receives the shadow, premultiplied. Its pixel (x, y)
    ///     shows the mask at (x − offset.x, y − offset.y), blurred; to keep
    ///     the whole shadow, make it `shadowOutset(forRadius:)` pixels larger
    ///     than the mask on every side and add that margin to `offset`. It
    ///     may not be the same buffer as the mask.
    ///   - color: `shadowColor`; its alpha multiplies `opacity`.
    ///   - opacity: `shadowOpacity`, clamped to 0...1 (NaN is 0).
    ///   - radius: `shadowRadius` in pixels (points × scale); σ =
    ///     `shadowStandardDeviation(forRadius:)`. 0 is a hard-edged shadow.
    ///   - offset: `shadowOffset` in destination pixels, +x right and +y
    ///     down (the caller converts from the layer's coordinate space and
    ///     flips). Fractions are honoured by linear interpolation of the
    ///     mask; NaN and infinite components count as 0.
    package static func renderShadow(
        alphaMask: PixelBufferView, into destination: PixelBufferView,
        color: EffectColor, opacity: Double, radius: Double, offset: (x: Double, y: Double)
    ) {
        guard !destination.isEmpty else { return }
        let strength = Float(color.alpha * (opacity > 0 ? min(opacity, 1) : 0))
        guard strength > 0, !alphaMask.isEmpty else {
            destination.fill(0)
            return
        }
        let tint = SIMD4<Float>(1, Float(color.red), Float(color.green), Float(color.blue)) * (strength * 255)
        var shifted = ShiftedAlphaMask(mask: alphaMask, offsetX: offset.x, offsetY: offset.y, width: destination.width)
        let kernel = BlurKernel(standardDeviation: shadowStandardDeviation(forRadius: radius))
        var pixels = [UInt32](repeating: 0, count: destination.width)
        SeparableBlur<Float>(kernel: kernel, width: destination.width, height: destination.height).run(
            loadRow: { y, line, start in shifted.load(row: y, into: &line, at: start) },
            storeRow: { y, coverage, isZero in
                for x in pixels.indices {
                    pixels[x] = isZero ? 0 : PremultipliedPixel.pack(tint * coverage[x])
                }
                destination.writeRow(y, from: pixels)
            })
    }
}
