import CPixman
import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// `PixmanImage.fillPolygon` adds the polygon's coverage (pixman then
/// rasterizes straight into an a8 mask); on transparent pixels that is
/// exactly what painting opaque white over them through the coverage gives,
/// which is how it drew before.
final class FillPolygonTests: XCTestCase {
    /// Convex outlines like a turned layer's: a quad at fractional corners,
    /// a steep sliver, a pentagon fan (inner edges summed without seams).
    private let outlines: [[CGPoint]] = [
        [CGPoint(x: 3.3, y: 2.7), CGPoint(x: 50.6, y: 8.1), CGPoint(x: 47.2, y: 38.9), CGPoint(x: 5.5, y: 33.4)],
        [CGPoint(x: 10, y: 1), CGPoint(x: 12.4, y: 1.2), CGPoint(x: 11.1, y: 39.6)],
        [CGPoint(x: 30, y: 2), CGPoint(x: 55, y: 15), CGPoint(x: 48, y: 38), CGPoint(x: 14, y: 36), CGPoint(x: 6, y: 14)],
    ]

    /// The polygon painted the way `fillPolygon` used to: white composited
    /// OVER through pixman's temporary coverage mask.
    private func paintedOver(_ points: [CGPoint], into image: PixmanImage) throws {
        let white = try XCTUnwrap(PixmanImage(red: 1, green: 1, blue: 1, alpha: 1))
        func fixed(_ p: CGPoint) -> pixman_point_fixed { pixman_point_fixed(x: pixman_fixed_t(p.x * 65536), y: pixman_fixed_t(p.y * 65536)) }
        let triangles = (1..<(points.count - 1)).map {
            pixman_triangle(p1: fixed(points[0]), p2: fixed(points[$0]), p3: fixed(points[$0 + 1]))
        }
        pixman_composite_triangles(PIXMAN_OP_OVER, white.raw, image.raw, PIXMAN_a8, 0, 0, 0, 0, Int32(triangles.count), triangles)
    }

    private func bytes(of image: PixmanImage) -> [UInt8] {
        let stride = Int(pixman_image_get_stride(image.raw)), height = Int(pixman_image_get_height(image.raw))
        let base = UnsafeRawPointer(pixman_image_get_data(image.raw)!)
        return Array(UnsafeRawBufferPointer(start: base, count: stride * height))
    }

    func testAddedCoverageIsPaintingOverTransparentPixels() throws {
        for (index, outline) in outlines.enumerated() {
            // An a8 mask, as a perspective layer's outline uses.
            let added = try XCTUnwrap(PixmanImage(alphaWidth: 60, height: 42))
            let over = try XCTUnwrap(PixmanImage(alphaWidth: 60, height: 42))
            added.fillPolygon(outline)
            try paintedOver(outline, into: over)
            XCTAssertEqual(bytes(of: added), bytes(of: over), "a8, outline \(index)")
            XCTAssertGreaterThan(bytes(of: added).filter { $0 == 255 }.count, 5, "outline \(index) has an inside")
            XCTAssertGreaterThan(bytes(of: added).filter { $0 > 0 && $0 < 255 }.count, 10, "outline \(index) has soft edges")

            // A cleared a8r8g8b8 buffer, as a depth-split piece's mask uses.
            let addedBuffer = RasterBuffer(width: 60, height: 42), overBuffer = RasterBuffer(width: 60, height: 42)
            try XCTUnwrap(PixmanImage(buffer: addedBuffer)).fillPolygon(outline)
            try paintedOver(outline, into: XCTUnwrap(PixmanImage(buffer: overBuffer)))
            XCTAssertEqual(GoldenImage.differingPixels(addedBuffer.makeImage(), overBuffer.makeImage(), tolerance: 0), 0,
                           "a8r8g8b8, outline \(index)")
        }
    }
}
