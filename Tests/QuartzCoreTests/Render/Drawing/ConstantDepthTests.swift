import CPixman
import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A layer moved along z under its superlayer's perspective, unturned (cover
/// flow's middle cover at rest), maps its plane with a constant w other
/// than 1: a scale about the eye, affine. `Homography` divides such a map
/// through, so that pixman takes it for the affine map it is: with the w
/// left in, pixman fetched every pixel through its general projective path
/// and the cover and its reflection cost 10-20 ms a frame at 1920x1080.
final class ConstantDepthTests: GoldenSceneTestCase {
    /// A layer's matrix whose w is `w` everywhere on its plane.
    private func constantDepth(_ w: CGFloat, x: CGFloat = 626, y: CGFloat = 180) -> CATransform3D {
        var matrix = CATransform3DIdentity
        matrix.m41 = x
        matrix.m42 = y
        matrix.m44 = w
        return matrix
    }

    func testAConstantWIsDividedThroughAndMapsTheSame() {
        let matrix = constantDepth(0.9333)
        let map = Homography(matrix)
        XCTAssertEqual([map.m[2], map.m[5], map.m[8]], [0, 0, 1], "affine in form")
        for point in [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: -40), CGPoint(x: 579.5, y: 580)] {
            let mapped = map.apply(point)
            XCTAssertEqual(mapped.x, (point.x + 626) / 0.9333, accuracy: 1e-9)
            XCTAssertEqual(mapped.y, (point.y + 180) / 0.9333, accuracy: 1e-9)
        }
        XCTAssertEqual(map.depth(of: CGPoint(x: 3, y: 4)), 1, "in front of the eye, as before")
        let behind = Homography(constantDepth(-0.5))
        XCTAssertEqual(behind.m[8], -0.5, "behind the eye: w keeps its sign")
        XCTAssertLessThan(behind.depth(of: .zero), 0)
        var turned = constantDepth(0.9333)
        turned.m14 = 0.0005
        XCTAssertEqual(Homography(turned).m[8], 0.9333, "a map with perspective is left as it is")
    }

    func testPixmanIsGivenAnAffineMatrix() throws {
        let inverse = try XCTUnwrap(Homography(constantDepth(0.9333)).inverted())
        let fixed = try XCTUnwrap(PixmanImage.fixedTransform(inverse))
        // pixman's affine fast paths ask for a last row of exactly (0, 0, 1) in 16.16.
        XCTAssertEqual([fixed.matrix.2.0, fixed.matrix.2.1, fixed.matrix.2.2], [0, 0, Int32(1 << 16)])
        XCTAssertEqual(Double(fixed.matrix.0.0) / 65536, 0.9333, accuracy: 1e-4,
                       "the inverse's scale, w over 1")
    }

    /// An image drawn through a constant w lands where the scale it
    /// amounts to puts it, each pixel sampled where that scale samples it.
    func testDrawnWhereTheScaleItIsPutsIt() throws {
        // Red 40 + 2x and green 40 + 3y at pixel (x, y): the colour says where it was sampled.
        let image = CGImage(storage: PixelStorage(width: 64, height: 48) { base, stride in
            for y in 0..<48 {
                for x in 0..<64 {
                    let pixel = 0xFF00_0080 | UInt32(40 + 2 * x) << 16 | UInt32(40 + 3 * y) << 8
                    base.storeBytes(of: pixel, toByteOffset: y * stride + x * 4, as: UInt32.self)
                }
            }
        })
        makeScene(width: 120, height: 100)
        let layer = layer(CGRect(x: 20, y: 15, width: 64, height: 48), nil)
        layer.contents = image
        // w 0.8 about the anchor, (52, 39): points 1.25 times as far from it.
        var depth = CATransform3DIdentity
        depth.m44 = 0.8
        layer.transform = depth
        root.addSublayer(layer)
        CATransaction.commit()
        let frame = host.render(at: CACurrentMediaTime())
        let pixels = DrawnPixels(image: frame, background: 0xFF00_0000)
        XCTAssertEqual(pixels.drawnBox, CGRect(x: 12, y: 9, width: 80, height: 60), "1.25 times 64x48 about (52, 39)")
        var strays = 0, checked = 0
        frame.storage.withUnsafeBytes { bytes in
            for y in 12..<66 {
                for x in 15..<89 {
                    let pixel = bytes.load(fromByteOffset: y * frame.storage.bytesPerRow + x * 4, as: UInt32.self)
                    // The image pixel whose centre the target pixel's centre maps to.
                    let u = (CGFloat(x) + 0.5 - 52) / 1.25 + 32 - 0.5, v = (CGFloat(y) + 0.5 - 39) / 1.25 + 24 - 0.5
                    let red = CGFloat(pixel >> 16 & 0xFF), green = CGFloat(pixel >> 8 & 0xFF)
                    checked += 1
                    if abs(red - (40 + 2 * u)) > 2 || abs(green - (40 + 3 * v)) > 2 { strays += 1 }
                }
            }
        }
        XCTAssertEqual(strays, 0, "of \(checked) pixels inside, sampled elsewhere")
    }

    /// A layer moved back along z under perspective is drawn exactly as the
    /// scale about the vanishing point it amounts to (the nested transform
    /// layers' golden: its far layer had a pixel less at its top and left
    /// edges, up to 117 levels, through pixman's projective path).
    func testMovedAlongZUnderPerspectiveIsDrawnAsItsScale() {
        func drawn(movedAlongZ: Bool) -> CGImage {
            makeScene()
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 300
            root.sublayerTransform = perspective
            let far = layer(CGRect(x: 40, y: 30, width: 80, height: 60), red)
            if movedAlongZ {
                far.zPosition = -40
            } else {
                // About the vanishing point, the root's centre (80, 60), which is also the layer's.
                far.transform = CATransform3DMakeScale(300.0 / 340, 300.0 / 340, 1)
            }
            root.addSublayer(far)
            CATransaction.commit()
            return host.render(at: CACurrentMediaTime())
        }
        let alongZ = drawn(movedAlongZ: true), scaled = drawn(movedAlongZ: false)
        var differing = 0
        alongZ.storage.withUnsafeBytes { a in
            scaled.storage.withUnsafeBytes { b in
                for index in 0..<min(a.count, b.count) where a[index] != b[index] { differing += 1 }
            }
        }
        XCTAssertEqual(differing, 0, "bytes that differ")
    }
}
