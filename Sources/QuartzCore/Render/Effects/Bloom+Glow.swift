extension ImageEffects {
    /// The blurred copy `bloom` adds, kept as floating-point rows so it can be
    /// added again with another intensity without blurring again (the
    /// kiosk's pulsing glow changes only its intensity, frame after frame).
    package struct Glow: Sendable {
        package let width: Int
        package let height: Int
        fileprivate let pixels: [SIMD4<Float>]
    }

    /// `gaussianBlur(source, radius)` as a `Glow`.
    package static func glow(of source: PixelBufferView, radius: Double) -> Glow {
        let width = source.width, height = source.height
        var result = [SIMD4<Float>](repeating: .zero, count: width * height)
        var pixels = [UInt32](repeating: 0, count: width)
        SeparableBlur<SIMD4<Float>>(kernel: BlurKernel(standardDeviation: radius), width: width, height: height).run(
            loadRow: { y, line, start in
                source.readRow(y, into: &pixels)
                var any = false
                for x in 0..<width where pixels[x] != 0 {
                    line[start + x] = PremultipliedPixel.unpack(pixels[x])
                    any = true
                }
                return any
            },
            storeRow: { y, glow, isZero in
                guard !isZero else { return }
                for x in 0..<width { result[y * width + x] = glow[x] }
            })
        return Glow(width: width, height: height, pixels: result)
    }

    /// `bloom` with a glow computed before: `pixels = clamp(pixels + intensity × glow)`,
    /// the same arithmetic, so the result is identical.
    package static func addGlow(_ glow: Glow, to pixels: PixelBufferView, intensity: Double) {
        // Aligned at the top-left corner; only where both exist.
        guard intensity > 0 else { return }
        let width = min(glow.width, pixels.width), height = min(glow.height, pixels.height)
        let gain = Float(min(intensity, maximumBloomIntensity))
        var row = [UInt32](repeating: 0, count: pixels.width)
        // Through buffer pointers: this runs over the whole glow every frame
        // while a bloom pulses (the kiosk), and indexing the arrays cost a
        // bounds and a uniqueness check a pixel.
        glow.pixels.withUnsafeBufferPointer { glowPixels in
            for y in 0..<height {
                pixels.readRow(y, into: &row)
                let base = y * glow.width
                row.withUnsafeMutableBufferPointer { row in
                    for x in 0..<width {
                        let add = glowPixels[base + x]
                        if add != .zero { row[x] = PremultipliedPixel.pack(PremultipliedPixel.unpack(row[x]) + add * gain) }
                    }
                }
                pixels.writeRow(y, from: row)
            }
        }
    }
}

extension ImageEffects.Glow {
    /// The glow in the working 8-bit premultiplied format, written into
    /// `pixels` (which must be at least as large), so pixman can add it.
    /// Each channel rounds as `bloom` rounds its result.
    package func pack(into pixels: PixelBufferView) {
        let width = min(self.width, pixels.width), height = min(self.height, pixels.height)
        var row = [UInt32](repeating: 0, count: pixels.width)
        self.pixels.withUnsafeBufferPointer { glow in
            for y in 0..<height {
                for x in 0..<width { row[x] = PremultipliedPixel.pack(glow[y * self.width + x]) }
                pixels.writeRow(y, from: row)
            }
        }
    }
}
