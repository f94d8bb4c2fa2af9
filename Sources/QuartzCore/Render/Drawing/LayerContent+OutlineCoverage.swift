import CPixelKernels
import CPixman
import Foundation

extension LayerContent {
    /// The coverage of a perspective layer's outline on screen (its
    /// bitmap's corners in target pixels) in a `width` by `height` target:
    /// each edge pixel's share, worked out exactly as the convex fill works
    /// it out; nil for no outline, or one that is not convex or finite.
    static func coverage(of outline: [CGPoint]?, width: Int, height: Int) -> ConvexOutlineFiller.Recorded? {
        guard let outline, let convex = ConvexOutline(outline) else { return nil }
        return ConvexOutlineFiller.record(convex, offsetX: 0, offsetY: 0, width: width, height: height)
    }
}

extension PixmanImage {
    /// Writes `coverage` (recorded in target pixels) into this 8-bit mask,
    /// whose first pixel is target pixel `origin`: each pixel's share, 255
    /// inside; pixels the outline does not reach are left as they are.
    func write(_ coverage: ConvexOutlineFiller.Recorded, origin: (x: Int, y: Int)) {
        guard pixman_image_get_format(raw) == PIXMAN_a8, let data = pixman_image_get_data(raw) else { return }
        coverage.rows.withUnsafeBufferPointer { rows in
            coverage.shares.withUnsafeBufferPointer { shares in
                lamina_coverage_mask(UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self),
                                     Int(pixman_image_get_stride(raw)), Int32(origin.x), Int32(origin.y),
                                     Int32(width), Int32(height), rows.baseAddress, shares.baseAddress,
                                     Int32(coverage.firstRow), Int32(rows.count))
            }
        }
    }
}
