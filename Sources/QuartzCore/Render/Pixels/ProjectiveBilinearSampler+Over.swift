import CPixelKernels
import CPixman

extension ProjectiveBilinearSampler {
    /// Samples `source` through `transform` (target to bitmap, as pixman
    /// holds it) and blends it `OVER` `target` within `rect` (target
    /// pixels), each pixel through its share of the bitmap's outline on
    /// screen (`coverage`, recorded in `target`'s pixels) times `fade`.
    ///
    /// What `sample` into a band, an outline mask and pixman's masked
    /// composite give, in one pass a row (`lamina_over_coverage_row`): the
    /// samples are blended while they are still in the first-level cache,
    /// only over the pixels the outline reaches, and the outline's
    /// coverage is its exact area, recorded for its edge pixels alone
    /// where pixman rasterized a mask over the clip. Rows may be blended on several
    /// threads at once (different rows of `target`). Only pixels of
    /// `target`'s window are touched.
    static func compositeOver(_ source: AffineBilinearSampler.Source, through transform: pixman_transform,
                              coverage: ConvexOutlineFiller.Recorded, fade: UInt8, rect: PixelRect, into target: RasterBuffer,
                              tolerance: Double = Self.tolerance, wide: Bool = Self.hasAVX2) {
        guard fade > 0, coverage.targetWidth == target.width, coverage.targetHeight == target.height,
              let rect = rect.intersection(target.window) else { return }
        let bitmap = source.base.assumingMemoryBound(to: UInt8.self)
        let pixels = target.base.assumingMemoryBound(to: UInt32.self), stride = target.bytesPerRow / 4
        coverage.rows.withUnsafeBufferPointer { rows in
            coverage.shares.withUnsafeBufferPointer { shares in
                /// Row `row` (of the rect)'s coverage, nil outside the outline's rows.
                func coverageRow(_ row: Int) -> UnsafePointer<lamina_coverage_row>? {
                    let index = rect.y + row - coverage.firstRow
                    return rows.indices.contains(index) ? rows.baseAddress! + index : nil
                }
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(1, rect.width)) { samples in
                    forEachRow(of: rect, through: transform, bitmap: source, tolerance: tolerance) { row in
                        // The pixels the outline reaches, relative to the rect.
                        guard let line = coverageRow(row)?.pointee else { return 0..<0 }
                        let first = max(rect.x, Int(line.left_start)), end = min(rect.maxX, Int(line.right_end))
                        return first < end ? (first - rect.x)..<(end - rect.x) : 0..<0
                    } unfetched: { _ in
                        // pixman leaves such a row unfetched: nothing drawn.
                    } blend: { row, columns, homogeneous, xy in
                        guard let line = coverageRow(row) else { return }
                        let sampled = samples.baseAddress!
                        lamina_bilinear_row(bitmap, source.bytesPerRow, Int32(truncatingIfNeeded: source.width),
                                            Int32(truncatingIfNeeded: source.height), &homogeneous, columns.lowerBound,
                                            xy + 2 * columns.lowerBound, columns.count, sampled + columns.lowerBound,
                                            wide ? 1 : 0)
                        lamina_over_coverage_row(pixels + (rect.y + row) * stride, sampled, Int32(rect.x), line,
                                                 shares.baseAddress, Int32(rect.x + columns.lowerBound),
                                                 Int32(rect.x + columns.upperBound), UInt32(fade), wide ? 1 : 0)
                    }
                }
            }
        }
    }
}
