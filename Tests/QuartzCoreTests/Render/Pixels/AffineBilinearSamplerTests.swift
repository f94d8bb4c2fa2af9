import CPixelKernels
import CPixman
import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// `AffineBilinearSampler` draws what pixman's bilinear filter draws through
/// the same map, within a level (it rounds each pass to 8 bits).
final class AffineBilinearSamplerTests: XCTestCase {
    func testTurnedAndSkewedMapsMatchPixmansBilinearFilter() throws {
        let bitmap = SamplerTestBitmap.make(width: 53, height: 37)
        let source = try XCTUnwrap(PixmanImage(buffer: bitmap))
        let samplerSource = AffineBilinearSampler.Source(base: bitmap.base, width: bitmap.width, height: bitmap.height,
                                                         bytesPerRow: bitmap.bytesPerRow)
        let rect = PixelRect(x: -3, y: 5, width: 90, height: 80)
        let maps: [CATransform3D] = [
            CATransform3DConcat(CATransform3DMakeRotation(0.52, 0, 0, 1), CATransform3DMakeTranslation(40.3, 1.7, 0)),
            CATransform3DConcat(CATransform3DMakeRotation(-2.2, 0, 0, 1), CATransform3DMakeTranslation(60, 70.25, 0)),
            CATransform3DConcat(CATransform3DMakeAffineTransform(CGAffineTransform(a: 1.6, b: 0.4, c: -0.3, d: 0.7, tx: 0, ty: 0)),
                                CATransform3DMakeTranslation(20.6, 12.1, 0)),
        ]
        for (index, bitmapToTarget) in maps.enumerated() {
            let targetToBitmap = try XCTUnwrap(Homography(bitmapToTarget).inverted())
            // pixman: the same pixels through its own bilinear path.
            let expected = RasterBuffer(width: rect.width, height: rect.height)
            let expectedImage = try XCTUnwrap(PixmanImage(buffer: expected))
            let shifted = CATransform3DConcat(bitmapToTarget, CATransform3DMakeTranslation(-CGFloat(rect.x), -CGFloat(rect.y), 0))
            source.setTransform(Homography(shifted).inverted(), bilinear: true)
            expectedImage.composite(source, mask: nil, operation: PIXMAN_OP_SRC,
                                    rect: PixelRect(x: 0, y: 0, width: rect.width, height: rect.height))
            let sampled = RasterBuffer(width: rect.width, height: rect.height)
            AffineBilinearSampler.sample(samplerSource, targetToSource: targetToBitmap, rect: rect,
                                         into: sampled.base, outputBytesPerRow: sampled.bytesPerRow)
            var worst = 0, nonZero = 0
            for y in 0..<rect.height {
                for x in 0..<rect.width {
                    let a = sampled.pixel(x: x, y: y), b = expected.pixel(x: x, y: y)
                    worst = max(worst, GoldenImage.channelDifference(a, b))
                    if a != 0 { nonZero += 1 }
                    XCTAssertLessThanOrEqual(a & 0xFF, a >> 24, "premultiplied")
                }
            }
            XCTAssertLessThanOrEqual(worst, 2, "map \(index)")
            XCTAssertGreaterThan(nonZero, 1000, "map \(index) draws the bitmap")
        }
    }

    /// Degenerate maps draw nothing and do not trap.
    func testDegenerateMapsDrawNothing() {
        let bitmap = SamplerTestBitmap.make(width: 8, height: 8)
        let source = AffineBilinearSampler.Source(base: bitmap.base, width: 8, height: 8, bytesPerRow: bitmap.bytesPerRow)
        let output = RasterBuffer(width: 4, height: 4)
        output.base.initializeMemory(as: UInt8.self, repeating: 0xAB, count: 64)
        for map in [Homography(m: [1e300, 0, 0, 0, 1, 0, 0, 0, 1]), Homography(m: [1, 0, 0, 0, 1, 0, 1e30, 0, 1]),
                    Homography(m: [1, 0, 0, 0, 1, 0, 0, 0, 0])] {
            AffineBilinearSampler.sample(source, targetToSource: map, rect: PixelRect(x: 0, y: 0, width: 4, height: 4),
                                         into: output.base, outputBytesPerRow: output.bytesPerRow)
            XCTAssertTrue((0..<16).allSatisfy { output.pixel(x: $0 % 4, y: $0 / 4) == 0 })
        }
    }

    /// The blend kernel (`lamina_bilinear_blend`, SSE2's `pmaddwd` on
    /// x86-64) gives pixman's sum for every channel, written out here
    /// one channel at a time: corners, saturated channels, every weight.
    func testBlendKernelIsPixmansSumPerChannel() {
        func reference(_ top: UInt64, _ bottom: UInt64, _ wx: UInt32, _ wy: UInt32) -> UInt32 {
            var result: UInt32 = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                let a = UInt32(truncatingIfNeeded: top >> shift) & 0xFF, b = UInt32(truncatingIfNeeded: top >> (32 + shift)) & 0xFF
                let c = UInt32(truncatingIfNeeded: bottom >> shift) & 0xFF, d = UInt32(truncatingIfNeeded: bottom >> (32 + shift)) & 0xFF
                let left = a * (128 - wy) + c * wy, right = b * (128 - wy) + d * wy
                result |= ((left * (128 - wx) + right * wx) >> 14) << shift
            }
            return result
        }
        var random = SystemRandomNumberGenerator()
        let extremes: [UInt64] = [0, .max, 0xFF00_FF00_00FF_00FF, 0x8080_8080_7F7F_7F7F]
        var checked = 0
        for wx in UInt32(0)..<128 {
            for wy in stride(from: UInt32(0), to: 128, by: 7) {
                var pairs = extremes.flatMap { top in extremes.map { (top, $0) } }
                pairs += (0..<8).map { _ in (random.next(), random.next()) }
                for (top, bottom) in pairs {
                    XCTAssertEqual(lamina_bilinear_blend(top, bottom, wx, wy), reference(top, bottom, wx, wy),
                                   "top \(top) bottom \(bottom) wx \(wx) wy \(wy)")
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 128 * 19 * 24)
    }
}
