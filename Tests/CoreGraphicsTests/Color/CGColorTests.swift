import CoreGraphics
import XCTest

final class CGColorTests: XCTestCase {
    func testRGBColorComponentsAlphaAndSpace() {
        let color = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        XCTAssertEqual(color.components, [0.1, 0.2, 0.3, 0.4])
        XCTAssertEqual(color.numberOfComponents, 4)
        XCTAssertEqual(color.alpha, 0.4)
        XCTAssertEqual(color.colorSpace?.model, .rgb)
        XCTAssertEqual(color.colorSpace?.numberOfComponents, 3)
    }

    func testGrayColorComponentsAlphaAndSpace() {
        let color = CGColor(gray: 0.25, alpha: 0.5)
        XCTAssertEqual(color.components, [0.25, 0.5])
        XCTAssertEqual(color.numberOfComponents, 2)
        XCTAssertEqual(color.alpha, 0.5)
        XCTAssertEqual(color.colorSpace?.model, .monochrome)
    }

    func testComponentsAreClampedToUnitRange() {
        let color = CGColor(red: 1.5, green: -0.5, blue: 0.5, alpha: 2)
        XCTAssertEqual(color.components, [1, 0, 0.5, 1])
        XCTAssertEqual(CGColor(gray: -1, alpha: -1).components, [0, 0])
    }

    func testNaNComponentsBecomeZero() {
        XCTAssertEqual(CGColor(red: .nan, green: 1, blue: 1, alpha: .nan).components, [0, 1, 1, 0])
    }

    func testCopyWithAlphaReplacesOnlyAlpha() {
        let color = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        let copy = color.copy(alpha: 0.25)
        XCTAssertEqual(copy?.components, [0.1, 0.2, 0.3, 0.25])
        XCTAssertEqual(copy?.colorSpace, color.colorSpace)
        XCTAssertEqual(color.alpha, 1, "the original is unchanged")
        XCTAssertEqual(color.copy(alpha: 3)?.alpha, 1, "alpha is clamped")
    }

    func testEqualColorsCompareAndHashEqual() {
        let a = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        let b = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        XCTAssertFalse(a === b)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertEqual(Set([a, b]).count, 1)
    }

    func testDifferentComponentsOrAlphaAreUnequal() {
        let base = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        XCTAssertNotEqual(base, CGColor(red: 0.1, green: 0.2, blue: 0.4, alpha: 1))
        XCTAssertNotEqual(base, CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.9))
    }

    func testGrayAndRGBOfTheSameLookAreUnequal() {
        // Apple's CFEqual compares colour spaces too.
        XCTAssertNotEqual(CGColor(gray: 0.5, alpha: 1), CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
    }

    func testInitWithColorSpaceAndComponents() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        let color = CGColor(colorSpace: rgb, components: [1, 0.5, 0, 0.75])
        XCTAssertEqual(color?.components, [1, 0.5, 0, 0.75])
        XCTAssertEqual(color?.colorSpace, rgb)
        // Device RGB is not the generic RGB space `CGColor(red:…)` uses.
        XCTAssertNotEqual(color, CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.75))

        let gray = CGColor(colorSpace: CGColorSpaceCreateDeviceGray(), components: [0.3, 0.6])
        XCTAssertEqual(gray?.components, [0.3, 0.6])
        XCTAssertEqual(gray?.numberOfComponents, 2)
    }

    func testInitWithNamedColorSpaceKeepsThatSpace() throws {
        let srgb = try XCTUnwrap(CGColorSpace(name: CGColorSpace.sRGB))
        let color = try XCTUnwrap(CGColor(colorSpace: srgb, components: [2, 0, 0, 1]))
        XCTAssertEqual(color.colorSpace?.name, CGColorSpace.sRGB)
        XCTAssertEqual(color.components, [1, 0, 0, 1], "clamped")
        XCTAssertNotEqual(color, CGColor(red: 1, green: 0, blue: 0, alpha: 1), "different colour space")
    }

    func testConvenienceInitializersUseApplesGenericSpaces() throws {
        // Apple: "Creates a color in the Generic RGB color space" / "Generic gray".
        let rgb = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        XCTAssertEqual(rgb.colorSpace?.name, kCGColorSpaceGenericRGB)
        XCTAssertEqual(rgb.colorSpace?.model, .rgb)
        let genericRGB = try XCTUnwrap(CGColorSpace(name: kCGColorSpaceGenericRGB))
        XCTAssertEqual(CGColor(colorSpace: genericRGB, components: [1, 0, 0, 1]), rgb)

        let gray = CGColor(gray: 0.5, alpha: 1)
        XCTAssertEqual(gray.colorSpace?.name, CGColorSpace.genericGrayGamma2_2)
        let genericGray = try XCTUnwrap(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2))
        XCTAssertEqual(CGColor(colorSpace: genericGray, components: [0.5, 1]), gray)
        XCTAssertEqual(CGColor.black.colorSpace, genericGray)
    }

    func testSRGBInitializerUsesTheSRGBSpace() throws {
        let color = CGColor(srgbRed: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        XCTAssertEqual(color.components, [0.1, 0.2, 0.3, 0.4])
        XCTAssertEqual(color.colorSpace?.name, CGColorSpace.sRGB)
        XCTAssertEqual(color.colorSpace?.model, .rgb)
        let srgb = try XCTUnwrap(CGColorSpace(name: CGColorSpace.sRGB))
        XCTAssertEqual(color.colorSpace, srgb)
        XCTAssertEqual(CGColor(colorSpace: srgb, components: [0.1, 0.2, 0.3, 0.4]), color)
        XCTAssertNotEqual(color, CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4), "a different space")
        XCTAssertEqual(CGColor(srgbRed: 2, green: -1, blue: .nan, alpha: 1.5).components, [1, 0, 0, 1], "clamped")
    }

    /// Lamina composites every RGB space alike: an sRGB colour draws as the
    /// generic RGB colour of the same components.
    func testSRGBColorDrawsItsComponents() {
        let context = makeNativeContext(width: 2, height: 2)
        context.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(context.argb(x: 1, row: 1), [255, 255, 0, 0])
    }

    func testConstantColors() {
        XCTAssertEqual(CGColor.black.components, [0, 1])
        XCTAssertEqual(CGColor.white.components, [1, 1])
        XCTAssertEqual(CGColor.clear.components, [0, 0])
        XCTAssertEqual(CGColor.clear.alpha, 0)
    }

    func testRGBAWidensGray() {
        let gray = CGColor(gray: 0.4, alpha: 0.8).rgba
        XCTAssertEqual([gray.red, gray.green, gray.blue, gray.alpha], [0.4, 0.4, 0.4, 0.8])
        let rgb = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4).rgba
        XCTAssertEqual([rgb.red, rgb.green, rgb.blue, rgb.alpha], [0.1, 0.2, 0.3, 0.4])
    }
}
