import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A turned layer that masks to its bounds clips its sublayers to its
/// outline everywhere, including beside the bands a turned layer is
/// composited in (the clip's `IN_REVERSE` must reach every pixel).
final class TurnedClipTests: GoldenSceneTestCase {
    private func assertNothingPastTheOutline(perspective: Bool, file: StaticString = #filePath, line: UInt = #line) {
        makeScene()
        let clipping = layer(CGRect(x: 50, y: 40, width: 60, height: 40), blue)
        clipping.masksToBounds = true
        clipping.addSublayer(layer(CGRect(x: 30, y: -30, width: 80, height: 100), yellow))
        var eye = CATransform3DIdentity
        eye.m34 = -1.0 / 300
        clipping.transform = perspective
            ? CATransform3DConcat(CATransform3DRotate(CATransform3DMakeRotation(.pi / 6, 0, 0, 1), .pi / 5, 1, 1, 0), eye)
            : CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        root.addSublayer(clipping)
        CATransaction.commit()
        let image = host.render(at: CACurrentMediaTime())
        var leaked = 0
        for y in 0..<120 {
            for x in 0..<160 {
                // The pixel's centre in the clipping layer's own space, with 2 pt to spare.
                let local = root.convert(CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5), to: clipping)
                let outside = !clipping.bounds.insetBy(dx: -2, dy: -2).contains(local)
                if outside, image.storage.pixel(x: x, y: y) != 0xFF00_0000 { leaked += 1 }
            }
        }
        XCTAssertEqual(leaked, 0, "pixels drawn past the clipping layer's outline", file: file, line: line)
    }

    func testATurnedLayerClipsItsSublayersToItsOutline() {
        assertNothingPastTheOutline(perspective: false)
    }

    func testALayerTurnedInPerspectiveClipsItsSublayersToItsOutline() {
        assertNothingPastTheOutline(perspective: true)
    }
}
