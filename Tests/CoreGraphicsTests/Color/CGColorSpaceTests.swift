import CoreGraphics
import XCTest

final class CGColorSpaceTests: XCTestCase {
    func testDeviceSpaces() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        XCTAssertEqual(rgb.model, .rgb)
        XCTAssertEqual(rgb.numberOfComponents, 3)
        let gray = CGColorSpaceCreateDeviceGray()
        XCTAssertEqual(gray.model, .monochrome)
        XCTAssertEqual(gray.numberOfComponents, 1)
        XCTAssertNotEqual(rgb, gray)
    }

    func testNamedSpaces() throws {
        let srgb = try XCTUnwrap(CGColorSpace(name: CGColorSpace.sRGB))
        XCTAssertEqual(srgb.name, CGColorSpace.sRGB)
        XCTAssertEqual(srgb.model, .rgb)
        XCTAssertEqual(srgb.numberOfComponents, 3)

        let linear = try XCTUnwrap(CGColorSpace(name: CGColorSpace.genericRGBLinear))
        XCTAssertEqual(linear.model, .rgb)

        for name in [CGColorSpace.genericGrayGamma2_2, CGColorSpace.linearGray] {
            let gray = try XCTUnwrap(CGColorSpace(name: name))
            XCTAssertEqual(gray.model, .monochrome)
            XCTAssertEqual(gray.numberOfComponents, 1)
        }
    }

    func testUnknownNameGivesNil() {
        XCTAssertNil(CGColorSpace(name: "kCGColorSpaceNoSuchSpace"))
    }

    func testEqualityAndHashFollowNameAndModel() throws {
        let a = try XCTUnwrap(CGColorSpace(name: CGColorSpace.sRGB))
        let b = try XCTUnwrap(CGColorSpace(name: CGColorSpace.sRGB))
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertNotEqual(a, try XCTUnwrap(CGColorSpace(name: CGColorSpace.genericRGBLinear)))
        XCTAssertNotEqual(a, CGColorSpaceCreateDeviceRGB())
    }

    func testModelRawValuesMatchApple() {
        XCTAssertEqual(CGColorSpaceModel.unknown.rawValue, -1)
        XCTAssertEqual(CGColorSpaceModel.monochrome.rawValue, 0)
        XCTAssertEqual(CGColorSpaceModel.rgb.rawValue, 1)
        XCTAssertEqual(CGColorSpaceModel.cmyk.rawValue, 2)
        XCTAssertEqual(CGColorSpaceModel.XYZ.rawValue, 7)
    }
}
