import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// `isAdditive` and `isCumulative` on values that have no addition. Apple
/// documents only that "the addition function is type-dependent"; it never
/// drops an animation a user added. Lamina adds where the values add
/// (numbers, geometry, transforms, colours, paths of the same structure)
/// and otherwise shows the animated value as it is (docs/behaviour.md, Timing).
final class AdditiveAnimationTests: ModelTestCase {
    private func square(_ side: CGFloat, at origin: CGPoint = .zero) -> CGPath {
        CGPath(rect: CGRect(origin: origin, size: CGSize(width: side, height: side)), transform: nil)
    }

    private func pathAnimation(_ values: [CGPath], additive: Bool) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: "path")
        animation.values = values
        animation.duration = 1
        animation.isAdditive = additive
        return animation
    }

    /// An additive path animation on a shape layer whose path is of another
    /// structure (an ellipse: curves, where the values are rectangles) runs,
    /// showing the animated path: it was dropped.
    func testAnAdditivePathAnimationOverAPathOfAnotherStructureRuns() throws {
        let shape = CAShapeLayer()
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        CATransaction.flush()
        shape.add(pathAnimation([square(10), square(30)], additive: true), forKey: "grow")
        CATransaction.flush()
        clock.advance(by: 0.5)
        let shown = try XCTUnwrap(shape.presentation()?.path)
        XCTAssertEqual(shown.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 20, height: 20))
    }

    /// With no path at all to add to, the animated path as it is.
    func testAnAdditivePathAnimationWithoutAModelPathRuns() throws {
        let shape = CAShapeLayer()
        CATransaction.flush()
        shape.add(pathAnimation([square(10), square(30)], additive: true), forKey: "grow")
        CATransaction.flush()
        clock.advance(by: 0.5)
        XCTAssertEqual(try XCTUnwrap(shape.presentation()?.path).boundingBoxOfPath, CGRect(x: 0, y: 0, width: 20, height: 20))
    }

    /// Paths of the same structure add point by point.
    func testPathsOfTheSameStructureAdd() throws {
        let shape = CAShapeLayer()
        shape.path = square(10, at: CGPoint(x: 100, y: 100))
        CATransaction.flush()
        shape.add(pathAnimation([square(10), square(30)], additive: true), forKey: "grow")
        CATransaction.flush()
        clock.advance(by: 0.5)
        XCTAssertEqual(try XCTUnwrap(shape.presentation()?.path).boundingBoxOfPath,
                       CGRect(x: 100, y: 100, width: 30, height: 30), "(100, 100)..(110, 110) plus (0, 0)..(20, 20)")
    }

    /// The render server draws it too (the shape was dropped there as well).
    func testTheRenderServerDrawsAnAdditivePathAnimation() throws {
        let host = InlineRenderHost(width: 40, height: 40)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let shape = CAShapeLayer()
        shape.frame = root.bounds
        shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        root.addSublayer(shape)
        root.attach(to: host)
        CATransaction.flush()
        shape.add(pathAnimation([square(10), square(30)], additive: true), forKey: "grow")
        CATransaction.flush()
        let begin = try XCTUnwrap(shape.animation(forKey: "grow")).beginTime
        let image = host.render(at: begin + 0.5)
        XCTAssertEqual(image.storage.pixel(x: 15, y: 15), 0xFFFF_0000, "inside the 20x20 square half way")
        XCTAssertEqual(image.storage.pixel(x: 25, y: 25), 0, "outside it")
        withExtendedLifetime(root) {}
    }

    /// A colour animation adds to the layer's colour; with no colour to add
    /// to (nil background), it shows its own value.
    func testAnAdditiveColourAnimationWithoutABackgroundShowsItsValue() throws {
        let layer = CALayer()
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "backgroundColor")
        animation.fromValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        animation.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        animation.duration = 1
        animation.isAdditive = true
        layer.add(animation, forKey: "tint")
        CATransaction.flush()
        clock.advance(by: 0.5)
        XCTAssertEqual(try XCTUnwrap(layer.presentation()?.backgroundColor).components, [0, 0, 1, 1])
    }
}
