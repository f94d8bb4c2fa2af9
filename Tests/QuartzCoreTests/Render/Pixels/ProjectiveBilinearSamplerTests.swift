import CPixman
import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// `ProjectiveBilinearSampler` draws exactly what pixman's general fetcher
/// draws through the same perspective map, edges included.
final class ProjectiveBilinearSamplerTests: XCTestCase {
    /// A cover-flow-like placement: the bitmap turned about its vertical
    /// centre line by `angle` under a perspective of `distance`, then moved.
    private func turned(_ angle: CGFloat, distance: CGFloat, width: CGFloat, at x: CGFloat, _ y: CGFloat) -> CATransform3D {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / distance
        var t = CATransform3DMakeTranslation(-width / 2, 0, 0)
        t = CATransform3DConcat(t, CATransform3DMakeRotation(angle, 0, 1, 0))
        t = CATransform3DConcat(t, perspective)
        return CATransform3DConcat(t, CATransform3DMakeTranslation(x, y, 0))
    }

    func testPerspectiveMapsGivePixmansPixelsExactly() throws {
        let bitmap = SamplerTestBitmap.make(width: 61, height: 43)
        let image = try XCTUnwrap(PixmanImage(buffer: bitmap))
        let source = AffineBilinearSampler.Source(base: bitmap.base, width: bitmap.width, height: bitmap.height,
                                                  bytesPerRow: bitmap.bytesPerRow)
        let maps = [
            turned(0.9, distance: 500, width: 61, at: 60, 20),
            turned(-1.1, distance: 300, width: 61, at: 70.3, 15.6),
            turned(0.35, distance: 900, width: 61, at: 45.5, 30),
            CATransform3DConcat(turned(0.7, distance: 400, width: 61, at: 50, 25), CATransform3DMakeRotation(0.4, 1, 0, 0)),
            // Steep: the far edge nearly edge-on.
            turned(1.5, distance: 250, width: 61, at: 80, 10),
        ]
        for (index, bitmapToTarget) in maps.enumerated() {
            let targetToBitmap = try XCTUnwrap(Homography(bitmapToTarget).inverted())
            XCTAssertTrue(targetToBitmap.isProjective, "map \(index)")
            let fixed = try XCTUnwrap(PixmanImage.fixedTransform(targetToBitmap))
            // pixman: SRC through its general fetcher, over a rect of a target
            // larger than the bitmap's outline, then copied out.
            let target = RasterBuffer(width: 200, height: 160)
            let targetImage = try XCTUnwrap(PixmanImage(buffer: target))
            image.setTransform(targetToBitmap, bilinear: true)
            let inTarget = PixelRect(x: 10, y: 10, width: 150, height: 110)
            targetImage.composite(image, mask: nil, operation: PIXMAN_OP_SRC, rect: inTarget)
            image.setTransform(nil, bilinear: false)
            let expected = RasterBuffer(width: inTarget.width, height: inTarget.height)
            for row in 0..<inTarget.height {
                (expected.base + row * expected.bytesPerRow).copyMemory(
                    from: target.base + (inTarget.y + row) * target.bytesPerRow + inTarget.x * 4, byteCount: inTarget.width * 4)
            }
            let sampled = RasterBuffer(width: inTarget.width, height: inTarget.height)
            ProjectiveBilinearSampler.sample(source, through: fixed, rect: inTarget, into: sampled.base,
                                             outputBytesPerRow: sampled.bytesPerRow)
            var inked = 0
            for y in 0..<inTarget.height {
                for x in 0..<inTarget.width where sampled.pixel(x: x, y: y) != 0 { inked += 1 }
            }
            XCTAssertGreaterThan(inked, 500, "map \(index) shows the bitmap")
            XCTAssertEqual(GoldenImage.differingPixels(sampled.makeImage(), expected.makeImage(), tolerance: 0), 0, "map \(index)")
        }
    }
}
