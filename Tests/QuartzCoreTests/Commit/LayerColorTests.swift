import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// The render server holds a colour an animation wrote as components
/// (a `LayerColor` without an object) instead of a new `CGColor` each frame. It must
/// stand for exactly the colour `CGColor(red:green:blue:alpha:)` would make,
/// and draw the same.
final class LayerColorTests: ModelTestCase {
    func testComponentsEqualTheGenericRGBColourTheyStandFor() {
        let object = LayerColor(CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.4))
        let components = LayerColor(genericRGB: SIMD4(0.25, 0.5, 0.75, 0.4))
        XCTAssertEqual(object, components)
        XCTAssertEqual(components, object)
        XCTAssertEqual(object.hashValue, components.hashValue)
        XCTAssertEqual(components.cgColor, CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.4))
        XCTAssertEqual(components.alpha, 0.4)
        XCTAssertNotEqual(components, LayerColor(genericRGB: SIMD4(0.25, 0.5, 0.75, 0.5)))
    }

    /// A gray colour has the same red, green and blue, but CGColor tells the
    /// colour spaces apart, and so does LayerColor.
    func testAGrayColourIsNotItsRGBComponents() {
        let gray = LayerColor(CGColor(gray: 0.5, alpha: 1))
        XCTAssertEqual(gray.rgba, SIMD4(0.5, 0.5, 0.5, 1))
        XCTAssertNotEqual(gray, LayerColor(genericRGB: SIMD4(0.5, 0.5, 0.5, 1)))
        XCTAssertNotEqual(LayerColor(genericRGB: SIMD4(0.5, 0.5, 0.5, 1)), gray)
    }

    /// Out of range components clamp, and NaN becomes 0, as CGColor's initializer does.
    func testComponentsClampAsCGColorDoes() {
        let clamped = LayerColor(genericRGB: SIMD4(2, -1, .nan, 0.5))
        XCTAssertEqual(clamped, LayerColor(CGColor(red: 2, green: -1, blue: .nan, alpha: 0.5)))
        XCTAssertEqual(clamped.rgba, SIMD4(1, 0, 0, 0.5))
    }

    /// A compiled colour animation writes components, not a new object.
    func testACompiledColourAnimationWritesComponents() throws {
        let tint = CABasicAnimation(keyPath: "backgroundColor")
        tint.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        tint.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        tint.duration = 2
        let compiled = try XCTUnwrap(CompiledAnimation(tint.snapshot(reportingOn: nil)))
        var state = LayerState()
        compiled.apply(to: &state, layerTime: 0.5)
        let written = try XCTUnwrap(state.backgroundColor)
        XCTAssertNil(written.object, "no colour object made")
        XCTAssertEqual(written.rgba, SIMD4(0.75, 0, 0.25, 1))
    }

    /// Background, border and shadow colours in the middle of animations
    /// draw exactly as the same colours set on the model do.
    func testAnimatedColoursDrawAsTheSameColoursSetDirectly() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        let half = CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 0.75)
        func render(animated: Bool, at time: CFTimeInterval = 2) -> CGImage {
            let host = InlineRenderHost(width: 64, height: 48)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            let square = CALayer()
            square.frame = CGRect(x: 12, y: 10, width: 30, height: 20)
            square.borderWidth = 3
            square.shadowOpacity = 1
            square.shadowRadius = 2
            for key in ["backgroundColor", "borderColor", "shadowColor"] {
                square.setValue(animated ? red : half, forKey: key)
                guard animated else { continue }
                let animation = CABasicAnimation(keyPath: key)
                animation.fromValue = red
                animation.toValue = blue
                animation.beginTime = 1
                animation.duration = 2
                square.add(animation, forKey: key)
            }
            root.addSublayer(square)
            root.attach(to: host)
            CATransaction.flush()
            let image = host.render(at: time)
            root.detachFromHost()
            return image
        }
        let halfway = render(animated: true), still = render(animated: false)
        XCTAssertEqual(GoldenImage.differingPixels(halfway, still, tolerance: 0), 0)
        // Before the animations begin the model's red shows: the colours do draw.
        XCTAssertGreaterThan(GoldenImage.differingPixels(render(animated: true, at: 0.5), still, tolerance: 0), 500)
    }
}
