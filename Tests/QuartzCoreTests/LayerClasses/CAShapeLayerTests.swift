import XCTest
@testable import QuartzCore

/// `CAShapeLayer`'s properties: Apple's defaults (CAShapeLayer.h), key-value
/// coding, which keys animate, and path interpolation.
final class CAShapeLayerTests: ModelTestCase {
    func testDefaultsAreApples() {
        let layer = CAShapeLayer()
        XCTAssertNil(layer.path)
        XCTAssertEqual(layer.fillColor, CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(layer.fillRule, .nonZero)
        XCTAssertNil(layer.strokeColor)
        XCTAssertEqual(layer.lineWidth, 1)
        XCTAssertEqual(layer.lineCap, .butt)
        XCTAssertEqual(layer.lineJoin, .miter)
        XCTAssertEqual(layer.miterLimit, 10)
        XCTAssertNil(layer.lineDashPattern)
        XCTAssertEqual(layer.lineDashPhase, 0)
        XCTAssertEqual(layer.strokeStart, 0)
        XCTAssertEqual(layer.strokeEnd, 1)
        XCTAssertEqual(CAShapeLayerFillRule.evenOdd.rawValue, "even-odd")
        XCTAssertEqual(CAShapeLayerFillRule.nonZero.rawValue, "non-zero")
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "miterLimit") as? CGFloat, 10)
    }

    func testKeyValueCodingConvertsStringsAndNumbers() {
        let layer = CAShapeLayer()
        layer.setValue("round", forKey: "lineCap")
        layer.setValue("bevel", forKey: "lineJoin")
        layer.setValue("even-odd", forKey: "fillRule")
        layer.setValue(0.25, forKey: "strokeEnd")
        layer.setValue([4, 2], forKey: "lineDashPattern")
        XCTAssertEqual(layer.lineCap, .round)
        XCTAssertEqual(layer.lineJoin, .bevel)
        XCTAssertEqual(layer.fillRule, .evenOdd)
        XCTAssertEqual(layer.strokeEnd, 0.25)
        XCTAssertEqual(layer.lineDashPattern, [4, 2])
        layer.setValue("wavy", forKey: "lineCap")
        XCTAssertEqual(layer.lineCap, .round, "an unknown cap is refused")
        XCTAssertFalse(diagnostics.all.isEmpty)
    }

    func testThePathIsCopied() {
        let layer = CAShapeLayer()
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.path = path
        path.addRect(CGRect(x: 20, y: 20, width: 10, height: 10))
        XCTAssertEqual(layer.path?.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    func testApplesAnimatableKeysRunImplicitAnimations() {
        let root = makeVisibleRoot()
        let layer = CAShapeLayer()
        root.addSublayer(layer)
        CATransaction.flush()
        let animatable = ["path", "fillColor", "strokeColor", "lineWidth", "miterLimit", "lineDashPhase",
                          "strokeStart", "strokeEnd"]
        for key in animatable {
            XCTAssertNotNil(layer.action(forKey: key), key)
        }
        for key in ["fillRule", "lineCap", "lineJoin", "lineDashPattern"] {
            XCTAssertNil(layer.action(forKey: key), key)
        }
    }

    func testStrokeEndAnimatesImplicitlyInAVisibleTree() throws {
        let root = makeVisibleRoot()
        let layer = CAShapeLayer()
        root.addSublayer(layer)
        CATransaction.flush()
        layer.strokeEnd = 0
        CATransaction.flush()
        XCTAssertNotNil(layer.animation(forKey: "strokeEnd"))
        clock.advance(by: 0.125)
        let halfway = try XCTUnwrap(layer.presentation()).strokeEnd
        XCTAssertGreaterThan(halfway, 0)
        XCTAssertLessThan(halfway, 1)
        XCTAssertEqual(layer.strokeEnd, 0)
    }

    func testPathsWithTheSameElementsInterpolatePointByPoint() throws {
        let a = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let b = CGPath(rect: CGRect(x: 10, y: 20, width: 30, height: 50), transform: nil)
        let middle = try XCTUnwrap(AnimatableValue.interpolate(.path(a.snapshot), .path(b.snapshot), fraction: 0.5))
        let path = try XCTUnwrap(middle.boxed(like: a) as? CGPath)
        XCTAssertEqual(path.boundingBox, CGRect(x: 5, y: 10, width: 20, height: 30))
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        XCTAssertNil(AnimatableValue.interpolate(.path(a.snapshot), .path(ellipse.snapshot), fraction: 0.5),
                     "different structures do not interpolate")
    }

    func testPartialStrokeFollowsThePathLength() throws {
        let layer = CAShapeLayer()
        layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        layer.strokeColor = CGColor(gray: 0, alpha: 1)
        layer.strokeStart = 0.25
        layer.strokeEnd = 0.5
        let state = ShapeState(layer)
        let partial = try XCTUnwrap(state.strokedPath(tolerance: 0.1))
        // A quarter of 40 in: the top-right corner; half: the bottom-right.
        XCTAssertEqual(partial.elements.first, .moveTo(CGPoint(x: 10, y: 0)))
        XCTAssertEqual(partial.elements.last?.endPoint, CGPoint(x: 10, y: 10))
        XCTAssertEqual(partial.length(), 10, accuracy: 1e-9)
    }
}
