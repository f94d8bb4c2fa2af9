import CPixman
import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// `ProjectiveBilinearSampler` draws what pixman's general fetcher draws
/// through the same perspective map: exactly when it divides every pixel,
/// within a few levels when it interpolates between divisions, and
/// exactly at the bitmap's edges either way.
final class ProjectiveBilinearSamplerTests: XCTestCase {
    /// The maps the comparisons with pixman use.
    private var maps: [CATransform3D] { SamplerTestBitmap.perspectiveMaps }

    /// pixman's pixels through `bitmapToTarget` over `inTarget`, and the
    /// sampler's with `tolerance`.
    private func drawn(_ bitmap: RasterBuffer, through bitmapToTarget: CATransform3D, over inTarget: PixelRect,
                       tolerance: Double, wide: Bool = ProjectiveBilinearSampler.hasAVX2)
        throws -> (pixman: RasterBuffer, sampled: RasterBuffer, fixed: pixman_transform) {
        let image = try XCTUnwrap(PixmanImage(buffer: bitmap))
        let source = AffineBilinearSampler.Source(base: bitmap.base, width: bitmap.width, height: bitmap.height,
                                                  bytesPerRow: bitmap.bytesPerRow)
        let targetToBitmap = try XCTUnwrap(Homography(bitmapToTarget).inverted())
        XCTAssertTrue(targetToBitmap.isProjective)
        let fixed = try XCTUnwrap(PixmanImage.fixedTransform(targetToBitmap))
        // pixman: SRC through its general fetcher, over a rect of a target
        // larger than the bitmap's outline, then copied out.
        let target = RasterBuffer(width: inTarget.maxX + 10, height: inTarget.maxY + 10)
        let targetImage = try XCTUnwrap(PixmanImage(buffer: target))
        image.setTransform(targetToBitmap, bilinear: true)
        targetImage.composite(image, mask: nil, operation: PIXMAN_OP_SRC, rect: inTarget)
        image.setTransform(nil, bilinear: false)
        let expected = RasterBuffer(width: inTarget.width, height: inTarget.height)
        for row in 0..<inTarget.height {
            (expected.base + row * expected.bytesPerRow).copyMemory(
                from: target.base + (inTarget.y + row) * target.bytesPerRow + inTarget.x * 4, byteCount: inTarget.width * 4)
        }
        let sampled = RasterBuffer(width: inTarget.width, height: inTarget.height)
        ProjectiveBilinearSampler.sample(source, through: fixed, rect: inTarget, into: sampled.base,
                                         outputBytesPerRow: sampled.bytesPerRow, tolerance: tolerance, wide: wide)
        return (expected, sampled, fixed)
    }

    /// Dividing every pixel (a tolerance of 0), the sampler's pixels are
    /// pixman's bit for bit: through the SSE2 blending loop and, where the
    /// processor has it, the AVX2 one.
    func testPerspectiveMapsGivePixmansPixelsExactly() throws {
        let bitmap = SamplerTestBitmap.make(width: 61, height: 43)
        let inTarget = PixelRect(x: 10, y: 10, width: 150, height: 110)
        for wide in Set([false, ProjectiveBilinearSampler.hasAVX2]) {
            try checkExactly(bitmap, over: inTarget, wide: wide)
        }
    }

    private func checkExactly(_ bitmap: RasterBuffer, over inTarget: PixelRect, wide: Bool) throws {
        for (index, bitmapToTarget) in maps.enumerated() {
            let (expected, sampled, _) = try drawn(bitmap, through: bitmapToTarget, over: inTarget, tolerance: 0, wide: wide)
            var inked = 0
            for y in 0..<inTarget.height {
                for x in 0..<inTarget.width where sampled.pixel(x: x, y: y) != 0 { inked += 1 }
            }
            XCTAssertGreaterThan(inked, 500, "map \(index) shows the bitmap")
            XCTAssertEqual(GoldenImage.differingPixels(sampled.makeImage(), expected.makeImage(), tolerance: 0), 0,
                           "map \(index), wide \(wide)")
        }
    }

    /// Interpolating between divisions (the tolerance the compositor
    /// uses), a position moves by at most the tolerance, one step of the
    /// 7-bit weights and a unit: each weight by at most two steps, and a
    /// channel by at most 2 levels a step of each (255 · 128 / 2^14) and
    /// one for the truncation. Most pixels are pixman's exactly, and so is
    /// every pixel at the bitmap's edges (transparent pixels among its
    /// four), where the sampler divides.
    func testInterpolatedPositionsGivePixmansPixelsWithinAFewLevels() throws {
        let bitmap = SamplerTestBitmap.make(width: 61, height: 43)
        let inTarget = PixelRect(x: 10, y: 10, width: 150, height: 110)
        let steps = Int((ProjectiveBilinearSampler.tolerance * 128).rounded(.up)) + 1
        let allowed = 2 * 2 * steps + 1
        var differing = 0, total = 0
        for (index, bitmapToTarget) in maps.enumerated() {
            let (expected, sampled, fixed) = try drawn(bitmap, through: bitmapToTarget, over: inTarget,
                                                       tolerance: ProjectiveBilinearSampler.tolerance)
            var matrix = fixed
            for y in 0..<inTarget.height {
                // pixman's positions along the row, to tell the edge's pixels.
                var start = pixman_vector(vector: (Int32(inTarget.x) << 16 + 0x8000, Int32(inTarget.y + y) << 16 + 0x8000, 0x10000))
                XCTAssertNotEqual(pixman_transform_point_3d(&matrix, &start), 0)
                let row = ProjectiveSpans(x: start.vector.0, y: start.vector.1, w: start.vector.2, ux: fixed.matrix.0.0,
                                          uy: fixed.matrix.1.0, uw: fixed.matrix.2.0, count: inTarget.width, tolerance: 0)
                for x in 0..<inTarget.width {
                    let a = sampled.pixel(x: x, y: y), b = expected.pixel(x: x, y: y)
                    total += 1
                    guard a != b else { continue }
                    differing += 1
                    XCTAssertLessThanOrEqual(GoldenImage.channelDifference(a, b), allowed, "map \(index) at (\(x), \(y))")
                    // The fetch's top-left neighbour: all four inside the bitmap.
                    let position = row.pixman(at: x)
                    let (x0, y0) = ((Int(position.sampleX) - 0x8000) >> 16, (Int(position.sampleY) - 0x8000) >> 16)
                    XCTAssertTrue(x0 >= 0 && x0 + 1 < bitmap.width && y0 >= 0 && y0 + 1 < bitmap.height,
                                  "map \(index) at (\(x), \(y)): an edge pixel differs")
                }
            }
        }
        XCTAssertGreaterThan(differing, 0, "the maps interpolate")
        XCTAssertLessThan(differing * 4, total, "most pixels are pixman's: \(differing) of \(total) differ")
    }

    /// A perspective map is fitted to the pixels it is sampled at: x, y and
    /// w fit 16.16 at every row's start and end, so no row is left out. A
    /// layer near the target's origin (small translations beside the
    /// pixels' coordinates) overflowed a hundred rows down when the map was
    /// scaled by its largest entry alone.
    func testAMapFitsFixedPointAtEveryPixelOfItsRegion() throws {
        for (origin, region) in [(CGPoint(x: 20, y: 20), PixelRect(x: 0, y: 0, width: 200, height: 200)),
                                 (CGPoint(x: 2, y: 3), PixelRect(x: 0, y: 0, width: 1920, height: 1080)),
                                 (CGPoint(x: 200, y: 200), PixelRect(x: 0, y: 0, width: 400, height: 400)),
                                 (CGPoint(x: 3000, y: 1500), PixelRect(x: 2900, y: 1400, width: 400, height: 400))] {
            var transform = CATransform3DIdentity
            transform.m34 = -1.0 / 500
            transform = CATransform3DRotate(transform, 5 * .pi / 180, 0, 1, 0)
            // A 160x160 bitmap turned about its centre, its top left near `origin`.
            let toTarget = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-80, -80, 0), transform),
                                               CATransform3DMakeTranslation(origin.x + 80, origin.y + 80, 0))
            let inverse = try XCTUnwrap(Homography(toTarget).inverted())
            var fixed = try XCTUnwrap(PixmanImage.fixedTransform(inverse, over: region))
            for y in region.y...region.maxY {
                for x in [region.x, region.maxX] {
                    var point = pixman_vector(vector: (Int32(x) << 16 + 0x8000, Int32(y) << 16 + 0x8000, 0x10000))
                    XCTAssertNotEqual(pixman_transform_point_3d(&fixed, &point), 0, "at \(origin): (\(x), \(y)) overflows")
                }
            }
            // Rows all the way down the layer are drawn.
            let bitmap = SamplerTestBitmap.make(width: 160, height: 160)
            let source = AffineBilinearSampler.Source(base: bitmap.base, width: 160, height: 160, bytesPerRow: bitmap.bytesPerRow)
            let row = PixelRect(x: Int(origin.x) + 20, y: Int(origin.y) + 150, width: 100, height: 1)
            let sampled = RasterBuffer(width: row.width, height: 1)
            ProjectiveBilinearSampler.sample(source, through: fixed, rect: row, into: sampled.base,
                                             outputBytesPerRow: sampled.bytesPerRow)
            XCTAssertTrue((0..<row.width).allSatisfy { sampled.pixel(x: $0, y: 0) != 0 },
                          "at \(origin): the row 150 pixels down is the bitmap's")
        }
    }
}
