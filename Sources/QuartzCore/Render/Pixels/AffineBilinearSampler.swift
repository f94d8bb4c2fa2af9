import CPixelKernels

/// Bilinear sampling of a premultiplied a8r8g8b8 bitmap through a rotating
/// or skewing affine map, with SIMD arithmetic.
///
/// pixman has SIMD bilinear paths for translations and scales only; for a
/// rotation it takes a scalar fetcher and a separate combining pass (about
/// 17 ns a pixel on the development machine). This
/// samples into a band buffer with 16-bit lanes (two pixels of four
/// channels at a time), which pixman then composites with its fast
/// untransformed path.
///
/// The arithmetic is pixman's: sample positions in 16.16 fixed point at the
/// centres of target pixels, 7-bit weights, transparent outside the bitmap
/// (`PIXMAN_REPEAT_NONE`), each pixel times its two weights summed and
/// truncated; where a sample position rounds differently the result can
/// differ by a level or two (AffineBilinearSamplerTests).
enum AffineBilinearSampler {
    /// The bitmap sampled: `width` x `height` pixels, rows `bytesPerRow` apart.
    struct Source {
        let base: UnsafeRawPointer
        let width: Int
        let height: Int
        let bytesPerRow: Int
    }

    /// Writes, for each pixel of `rect` (target pixels), `source` sampled at
    /// the pixel's centre mapped by `targetToSource` (affine) into `output`,
    /// whose first pixel is `rect`'s top left and whose rows are
    /// `outputBytesPerRow` apart.
    static func sample(_ source: Source, targetToSource map: Homography, rect: PixelRect,
                       into output: UnsafeMutableRawPointer, outputBytesPerRow: Int) {
        // An affine homography may still carry a constant w (a flattened
        // 3D matrix): divide it out.
        let w = Double(map.m[8])
        guard w != 0, w.isFinite else { return clear(rect, output, outputBytesPerRow) }
        let m = (0..<8).map { Double(map.m[$0]) / w }
        guard m.allSatisfy(\.isFinite) else { return clear(rect, output, outputBytesPerRow) }
        let one = 65536.0
        // A map that stretches a pixel over thousands is degenerate: nothing.
        guard abs(m[0]) < 4096, abs(m[1]) < 4096 else { return clear(rect, output, outputBytesPerRow) }
        let stepX = Int((m[0] * one).rounded()), stepY = Int((m[1] * one).rounded())
        for row in 0..<rect.height {
            let targetX = Double(rect.x) + 0.5, targetY = Double(rect.y + row) + 0.5
            // The sample point, moved by half a pixel so that its integer
            // part is the top-left of the four pixels it blends.
            let startX = (targetX * m[0] + targetY * m[3] + m[6] - 0.5) * one
            let startY = (targetX * m[1] + targetY * m[4] + m[7] - 0.5) * one
            let line = (output + row * outputBytesPerRow).assumingMemoryBound(to: UInt32.self)
            // Far outside any bitmap (or a degenerate map): transparent, and
            // no conversion that could trap.
            let limit = Double(1 << 46)
            guard abs(startX) < limit, abs(startY) < limit, abs(m[0] * one) * Double(rect.width) < limit,
                  abs(m[1] * one) * Double(rect.width) < limit else {
                line.update(repeating: 0, count: rect.width)
                continue
            }
            var sx = Int(startX.rounded()), sy = Int(startY.rounded())
            // Most of a turned layer's row samples inside the bitmap: there,
            // no bounds tests (a column of margin each side, for rounding).
            let inside = interiorColumns(sx: sx, sy: sy, stepX: stepX, stepY: stepY, count: rect.width, source: source)
            var column = 0
            while column < rect.width {
                if column == inside.lowerBound, !inside.isEmpty {
                    for interior in inside {
                        line[interior] = blend(source, x: sx, y: sy)
                        sx &+= stepX
                        sy &+= stepY
                    }
                    column = inside.upperBound
                    continue
                }
                line[column] = pixel(source, x: sx, y: sy)
                sx &+= stepX
                sy &+= stepY
                column += 1
            }
        }
    }

    /// The columns of a row whose four samples all lie inside the bitmap,
    /// narrowed by one column each side so that rounding cannot let one out.
    private static func interiorColumns(sx: Int, sy: Int, stepX: Int, stepY: Int, count: Int, source: Source) -> Range<Int> {
        // 0 <= s + c * step < (size - 1) * 65536, solved for c.
        func columns(start: Int, step: Int, size: Int) -> (low: Double, high: Double) {
            let upper = Double(max(0, size - 1)) * 65536
            if step == 0 { return start >= 0 && Double(start) < upper ? (0, Double(count)) : (0, 0) }
            let a = -Double(start) / Double(step), b = (upper - Double(start)) / Double(step)
            return (min(a, b), max(a, b))
        }
        let x = columns(start: sx, step: stepX, size: source.width), y = columns(start: sy, step: stepY, size: source.height)
        let low = max(0, max(x.low, y.low).rounded(.up) + 1), high = min(Double(count), min(x.high, y.high).rounded(.down) - 1)
        guard low < high, low.isFinite, high.isFinite else { return 0..<0 }
        return Int(low)..<Int(high)
    }

    /// `pixel` for a position whose four samples are all inside the bitmap.
    @inline(__always)
    private static func blend(_ source: Source, x: Int, y: Int) -> UInt32 {
        let upper = source.base + (y >> 16) &* source.bytesPerRow + (x >> 16) &* 4
        return weigh(top: upper.loadUnaligned(as: UInt64.self), bottom: (upper + source.bytesPerRow).loadUnaligned(as: UInt64.self),
                     x: x, y: y)
    }

    private static func clear(_ rect: PixelRect, _ output: UnsafeMutableRawPointer, _ bytesPerRow: Int) {
        for row in 0..<rect.height {
            (output + row * bytesPerRow).initializeMemory(as: UInt32.self, repeating: 0, count: rect.width)
        }
    }

    /// The bilinear blend at 16.16 position (`x`, `y`) (already moved by
    /// half a pixel). Also `ProjectiveBilinearSampler`'s.
    @inline(__always)
    static func pixel(_ source: Source, x: Int, y: Int) -> UInt32 {
        let x0 = x >> 16, y0 = y >> 16
        if x0 >= 0, y0 >= 0, x0 + 1 < source.width, y0 + 1 < source.height {
            // Both pixels of a row are next to each other: one 8-byte load
            // each, the left pixel in the low half (every target Swift
            // builds Lamina for is little-endian).
            let upper = source.base + y0 &* source.bytesPerRow + x0 &* 4
            return weigh(top: upper.loadUnaligned(as: UInt64.self),
                         bottom: (upper + source.bytesPerRow).loadUnaligned(as: UInt64.self), x: x, y: y)
        }
        // At the edge: pixels outside are transparent.
        guard x0 >= -1, y0 >= -1, x0 < source.width, y0 < source.height else { return 0 }
        return weigh(top: pair(source, x0, y0), bottom: pair(source, x0, y0 + 1), x: x, y: y)
    }

    /// The four pixels (`top`: upper left in the low half, upper right in
    /// the high half; `bottom`: the lower two) blended with the 7-bit
    /// weights of 16.16 position (`x`, `y`): each pixel times its two
    /// weights, summed and truncated as pixman does (`lamina_bilinear_blend`).
    /// Also `EdgeCoverageSampler`'s.
    @inline(__always)
    static func weigh(top: UInt64, bottom: UInt64, x: Int, y: Int) -> UInt32 {
        lamina_bilinear_blend(top, bottom, UInt32(truncatingIfNeeded: (x >> 9) & 0x7F),
                              UInt32(truncatingIfNeeded: (y >> 9) & 0x7F))
    }

    /// Pixels (`x`, `y`) and (`x + 1`, `y`), the first in the low half,
    /// zero where outside the bitmap.
    private static func pair(_ source: Source, _ x: Int, _ y: Int) -> UInt64 {
        func load(_ x: Int) -> UInt64 {
            guard x >= 0, y >= 0, x < source.width, y < source.height else { return 0 }
            return UInt64((source.base + y * source.bytesPerRow + x * 4).loadUnaligned(as: UInt32.self))
        }
        return load(x) | load(x + 1) << 32
    }
}
