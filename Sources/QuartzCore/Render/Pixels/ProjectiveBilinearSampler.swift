import CPixman

/// Bilinear sampling of a premultiplied a8r8g8b8 bitmap through a
/// projective (perspective) map, with exactly the pixels of pixman's.
///
/// pixman samples a projective map through its general fetcher: for each
/// pixel an indirect call per neighbour, two 64-bit divisions, format
/// conversions, then a separate combining pass (cover flow spent 92 % of
/// its time there). This walks the same 16.16 fixed-point
/// positions with the same integer arithmetic (the row's start through
/// `pixman_transform_point_3d`, then the matrix's first column added per
/// pixel, each divided by w as pixman divides, unsigned) and blends the
/// four neighbours as `AffineBilinearSampler` does, pixman's weights and
/// truncation: the result is pixman's, bit for bit
/// (ProjectiveBilinearSamplerTests), so edges look as they did.
enum ProjectiveBilinearSampler {
    /// Writes, for each pixel of `rect` (target pixels), `source` sampled
    /// through `transform` (target to bitmap, as pixman holds it) into
    /// `output`, whose first pixel is `rect`'s top left and whose rows are
    /// `outputBytesPerRow` apart.
    static func sample(_ source: AffineBilinearSampler.Source, through transform: pixman_transform, rect: PixelRect,
                       into output: UnsafeMutableRawPointer, outputBytesPerRow: Int) {
        var matrix = transform
        let ux = transform.matrix.0.0, uy = transform.matrix.1.0, uw = transform.matrix.2.0
        for row in 0..<rect.height {
            let line = (output + row * outputBytesPerRow).assumingMemoryBound(to: UInt32.self)
            // The centre of the row's first pixel, as pixman starts a row.
            var start = pixman_vector(vector: (Int32(truncatingIfNeeded: rect.x << 16 + 0x8000),
                                               Int32(truncatingIfNeeded: (rect.y + row) << 16 + 0x8000), 0x10000))
            guard pixman_transform_point_3d(&matrix, &start) != 0 else {
                // pixman leaves such a row unfetched; transparent here.
                line.update(repeating: 0, count: rect.width)
                continue
            }
            var x = start.vector.0, y = start.vector.1, w = start.vector.2
            for column in 0..<rect.width {
                var sampleX: Int32 = 0, sampleY: Int32 = 0
                if w != 0 {
                    // pixman: ((uint64_t)x << 16) / w, in unsigned 64 bits.
                    let divisor = UInt64(bitPattern: Int64(w))
                    sampleX = Int32(truncatingIfNeeded: (UInt64(bitPattern: Int64(x)) << 16) / divisor)
                    sampleY = Int32(truncatingIfNeeded: (UInt64(bitPattern: Int64(y)) << 16) / divisor)
                }
                // The bilinear fetch starts half a pixel up and left.
                line[column] = AffineBilinearSampler.pixel(source, x: Int(sampleX &- 0x8000), y: Int(sampleY &- 0x8000))
                x &+= ux
                y &+= uy
                w &+= uw
            }
        }
    }
}
