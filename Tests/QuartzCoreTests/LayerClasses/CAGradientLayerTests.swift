import XCTest
@testable import QuartzCore

/// `CAGradientLayer`'s properties: Apple's defaults (CAGradientLayer.h),
/// key-value coding and which keys animate.
final class CAGradientLayerTests: ModelTestCase {
    func testDefaultsAreApples() {
        let layer = CAGradientLayer()
        XCTAssertNil(layer.colors)
        XCTAssertNil(layer.locations)
        XCTAssertEqual(layer.startPoint, CGPoint(x: 0.5, y: 0))
        XCTAssertEqual(layer.endPoint, CGPoint(x: 0.5, y: 1))
        XCTAssertEqual(layer.type, .axial)
        XCTAssertEqual(CAGradientLayerType.radial.rawValue, "radial")
        XCTAssertEqual(CAGradientLayerType.conic.rawValue, "conic")
    }

    func testKeyValueCoding() {
        let layer = CAGradientLayer()
        let colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        layer.setValue(colors, forKey: "colors")
        layer.setValue([0, 0.5], forKey: "locations")
        layer.setValue("radial", forKey: "type")
        layer.setValue(CGPoint(x: 0, y: 0.5), forKey: "startPoint")
        XCTAssertEqual(layer.colors as? [CGColor], colors)
        XCTAssertEqual(layer.locations, [0, 0.5])
        XCTAssertEqual(layer.type, .radial)
        XCTAssertEqual(layer.startPoint, CGPoint(x: 0, y: 0.5))
        layer.setValue(["red"], forKey: "colors")
        XCTAssertEqual(layer.colors as? [CGColor], colors, "non-colours are refused")
    }

    func testApplesAnimatableKeysRunImplicitAnimations() {
        let root = makeVisibleRoot()
        let layer = CAGradientLayer()
        root.addSublayer(layer)
        CATransaction.flush()
        for key in ["colors", "locations", "startPoint", "endPoint"] {
            XCTAssertNotNil(layer.action(forKey: key), key)
        }
        XCTAssertNil(layer.action(forKey: "type"))
    }

    func testColorsAnimateImplicitly() throws {
        let root = makeVisibleRoot()
        let layer = CAGradientLayer()
        layer.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 0, alpha: 1)]
        root.addSublayer(layer)
        CATransaction.flush()
        layer.colors = [CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 0, green: 0, blue: 0, alpha: 1)]
        CATransaction.flush()
        clock.advance(by: 0.125)
        let first = try XCTUnwrap(try XCTUnwrap(layer.presentation()).colors?.first as? CGColor).rgba
        XCTAssertGreaterThan(first.red, 0)
        XCTAssertGreaterThan(first.blue, 0)
    }
}
