extension ImageEffects {
    /// The largest bloom intensity applied; larger values (and +infinity)
    /// are clamped to it. Apple's slider runs 0...1; at 255 any glow at all
    /// already saturates.
    package static let maximumBloomIntensity = 255.0

    /// `CIBloom`: "softens edges and applies a pleasant glow to an image".
    ///
    /// Apple documents the inputs (radius in pixels, default 10; intensity,
    /// default 0.5, "0.0 is no effect, 1.0 is the maximum effect" on its
    /// slider) but not the formula. Lamina adds a blurred copy of the image
    /// onto it, on premultiplied channels:
    ///
    ///     result = clamp(source + intensity × gaussianBlur(source, radius))
    ///
    /// so bright areas glow, the glow spreads into transparent surroundings
    /// (with alpha `intensity` × the blurred alpha) and opaque areas stay
    /// opaque. Each channel is clamped to 0...255 and colour to alpha.
    /// `radius` follows `gaussianBlur`'s convention (σ = radius) and the glow
    /// spreads `outset(forRadius: radius)` pixels, the margin the source
    /// needs to keep all of it.
    ///
    /// Sizes and aliasing are as for `gaussianBlur`: `destination` is aligned
    /// with `source` at the top-left, and may be the same buffer. Intensity
    /// NaN or ≤ 0 copies the source; radius as in `gaussianBlur` (0 adds an
    /// unblurred copy, brightening by 1 + intensity).
    package static func bloom(source: PixelBufferView, into destination: PixelBufferView, radius: Double, intensity: Double) {
        guard !destination.isEmpty else { return }
        guard intensity > 0 else {   // also NaN
            copy(source, into: destination)
            return
        }
        // The glow is taken before the destination (which may be the source) is written.
        let glow = glow(of: source, radius: radius)
        if !destination.sharesOrigin(with: source) { copy(source, into: destination) }
        addGlow(glow, to: destination, intensity: intensity)
    }
}
