import CPixman
import CPixelKernels

/// Bilinear sampling of a premultiplied a8r8g8b8 bitmap through a
/// projective (perspective) map, at pixman's positions or within a small
/// fraction of a pixel of them.
///
/// pixman samples a projective map through its general fetcher: for each
/// pixel an indirect call per neighbour, two 64-bit divisions, format
/// conversions, then a separate combining pass (cover flow spent 92 % of
/// its time there). This walks the same 16.16 fixed-point positions (the
/// row's start through `pixman_transform_point_3d`, then the matrix's
/// first column added per pixel, divided by w as pixman divides) and
/// blends the four neighbours with pixman's weights and truncation
/// (`lamina_bilinear_row`, as `AffineBilinearSampler`'s blend).
///
/// Dividing at every pixel, its time went to the two divisions and to
/// waiting for the bitmap's lines, one after another. So a row is done in
/// two passes: its positions first (`ProjectiveSpans`: exact at the ends
/// and middles of spans, a parabola between them, the spans as long as
/// keeps every position within `tolerance` of the true one), then the
/// blends (`lamina_bilinear_row`), which ask for the lines of the pixels
/// ahead while they blend, and divide again, as pixman does, for pixels
/// whose four neighbours come within a pixel of the bitmap's edge, where
/// alpha changes by 255 over a pixel and an error would show most. With a
/// tolerance of 0 the result is pixman's bit for bit
/// (ProjectiveBilinearSamplerTests).
enum ProjectiveBilinearSampler {
    /// The largest distance, in bitmap pixels, between a position sampled
    /// and the true one. A thirty-second of a pixel: over the bitmap's
    /// inside a colour moves by at most a thirty-second of the difference
    /// between neighbours (and a step of the 7-bit weights), invisible in
    /// a picture; at its edges the positions are pixman's. A cover turned
    /// 35° under an 800-point perspective still gets spans of 64 pixels
    /// (the parabola is off by about 0.01 pixel there).
    static let tolerance = 1.0 / 32

    /// Whether the processor has AVX2, for the blending loop's wider path
    /// (`wide`; tests ask for the SSE2 one too).
    static var hasAVX2: Bool { ProcessorFeatures.hasAVX2 }

    /// Writes, for each pixel of `rect` (target pixels), `source` sampled
    /// through `transform` (target to bitmap, as pixman holds it) into
    /// `output`, whose first pixel is `rect`'s top left and whose rows are
    /// `outputBytesPerRow` apart; positions within `tolerance` pixels of
    /// pixman's (0: pixman's).
    ///
    /// With `outline` (the bitmap's corners in target pixels, as its
    /// outline mask is drawn from), a row's pixels more than a pixel from
    /// it, which that mask hides whatever they hold, are not written at
    /// all: a band's rectangle holds triangles beside a slanting edge,
    /// whose positions (above or left of the bitmap, where pixman's
    /// unsigned division wraps) would each be divided, and clearing them
    /// instead still cost a twentieth of the frame.
    static func sample(_ source: AffineBilinearSampler.Source, through transform: pixman_transform, rect: PixelRect,
                       into output: UnsafeMutableRawPointer, outputBytesPerRow: Int, tolerance: Double = Self.tolerance,
                       within outline: [CGPoint]? = nil, wide: Bool = Self.hasAVX2) {
        let outline = outline.flatMap { $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } ? $0 : nil }
        let bitmap = source.base.assumingMemoryBound(to: UInt8.self)
        forEachRow(of: rect, through: transform, bitmap: source, tolerance: tolerance) { row in
            // The columns sampled, relative to the rect.
            guard let outline else { return 0..<rect.width }
            guard let near = OutlineBands.columns(of: outline, row: rect.y + row, margin: 1) else { return 0..<0 }
            // (A row's outline may lie wholly beside the rect.)
            let first = max(0, near.lowerBound - rect.x), end = min(rect.width, near.upperBound - rect.x)
            return first < end ? first..<end : 0..<0
        } unfetched: { row in
            // pixman leaves such a row unfetched; transparent here.
            (output + row * outputBytesPerRow).assumingMemoryBound(to: UInt32.self).update(repeating: 0, count: rect.width)
        } blend: { row, columns, homogeneous, xy in
            let line = (output + row * outputBytesPerRow).assumingMemoryBound(to: UInt32.self)
            lamina_bilinear_row(bitmap, source.bytesPerRow, Int32(truncatingIfNeeded: source.width),
                                Int32(truncatingIfNeeded: source.height), &homogeneous, columns.lowerBound,
                                xy + 2 * columns.lowerBound, columns.count, line + columns.lowerBound, wide ? 1 : 0)
        }
    }

    /// Walks `rect`'s rows (target pixels) for a sampler: for each row with
    /// columns to sample (`columns`, relative to the rect; an empty range
    /// for none), its homogeneous start and pixman's positions there, in
    /// `xy` (column c's at 2c), handed to `blend` (row, columns, start,
    /// positions); `unfetched` for a row whose start pixman cannot map.
    ///
    /// Two rows' positions at a time: the next row's are worked out before
    /// this one is blended, and their bitmap lines asked for, so that a
    /// narrow row (a side cover, shorter than the blending loop's prefetch
    /// distance) finds the lines it reads on its way.
    static func forEachRow(of rect: PixelRect, through transform: pixman_transform, bitmap source: AffineBilinearSampler.Source,
                           tolerance: Double, columns: (Int) -> Range<Int>, unfetched: (Int) -> Void,
                           blend: (Int, Range<Int>, inout lamina_projective_row, UnsafeMutablePointer<Int32>) -> Void) {
        var matrix = transform
        let ux = transform.matrix.0.0, uy = transform.matrix.1.0, uw = transform.matrix.2.0
        let bitmap = source.base.assumingMemoryBound(to: UInt8.self)
        /// A row ready to blend: its columns (relative to the rect), its
        /// homogeneous start and steps.
        struct Row {
            let columns: Range<Int>
            var homogeneous: lamina_projective_row
        }
        /// Row `row`'s positions into `xy`; nil for a row with nothing to blend.
        func prepare(_ row: Int, into xy: UnsafeMutablePointer<Int32>) -> Row? {
            let columns = columns(row)
            guard !columns.isEmpty else { return nil }
            // The centre of the row's first pixel, as pixman starts a row.
            var start = pixman_vector(vector: (Int32(truncatingIfNeeded: rect.x << 16 + 0x8000),
                                               Int32(truncatingIfNeeded: (rect.y + row) << 16 + 0x8000), 0x10000))
            guard pixman_transform_point_3d(&matrix, &start) != 0 else {
                unfetched(row)
                return nil
            }
            ProjectiveSpans(x: start.vector.0, y: start.vector.1, w: start.vector.2, ux: ux, uy: uy, uw: uw,
                            count: columns.upperBound, first: columns.lowerBound, tolerance: min(tolerance, 0.5))
                .positions(into: xy)
            return Row(columns: columns, homogeneous: lamina_projective_row(x: start.vector.0, y: start.vector.1, w: start.vector.2,
                                                                            ux: ux, uy: uy, uw: uw))
        }
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 * max(1, rect.width)) { positions in
            var xy = positions.baseAddress!, nextXY = xy + 2 * max(1, rect.width)
            var current = rect.height > 0 ? prepare(0, into: xy) : nil
            for row in 0..<rect.height {
                let next = row + 1 < rect.height ? prepare(row + 1, into: nextXY) : nil
                if let next {
                    lamina_bilinear_prefetch_row(bitmap, source.bytesPerRow, nextXY + 2 * next.columns.lowerBound,
                                                 next.columns.count)
                }
                if var current {
                    // The positions first, then the blends: the blending loop
                    // knows where it will read next and asks for it early.
                    blend(row, current.columns, &current.homogeneous, xy)
                }
                current = next
                swap(&xy, &nextXY)
            }
        }
    }
}
