import CoreGraphics
import XCTest

/// Drawing images: upright in the y-up space, scaled, filtered, faded.
final class CGContextImageTests: DiagnosticsTestCase {
    /// 2×2: top row red, green; bottom row blue, white (all opaque).
    lazy var quadrants: CGImage = {
        let context = makeNativeContext(width: 2, height: 2)
        let colours: [(CGFloat, CGFloat, CGFloat, CGRect)] = [
            (1, 0, 0, CGRect(x: 0, y: 1, width: 1, height: 1)), (0, 1, 0, CGRect(x: 1, y: 1, width: 1, height: 1)),
            (0, 0, 1, CGRect(x: 0, y: 0, width: 1, height: 1)), (1, 1, 1, CGRect(x: 1, y: 0, width: 1, height: 1)),
        ]
        for (r, g, b, rect) in colours {
            context.setFillColor(red: r, green: g, blue: b, alpha: 1)
            context.fill(rect)
        }
        return context.makeImage()!
    }()

    let red: [UInt8] = [255, 255, 0, 0], green: [UInt8] = [255, 0, 255, 0]
    let blue: [UInt8] = [255, 0, 0, 255], white: [UInt8] = [255, 255, 255, 255]

    func testTheImageIsItselfUprightFromTopToBottom() {
        XCTAssertEqual(quadrants.argb(x: 0, y: 0), red)
        XCTAssertEqual(quadrants.argb(x: 1, y: 1), white)
    }

    func testImageIsDrawnUprightWithItsTopRowAtTheRectMaxY() {
        let context = makeNativeContext(width: 2, height: 2)
        context.draw(quadrants, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(context.argb(x: 0, row: 0), red)
        XCTAssertEqual(context.argb(x: 1, row: 0), green)
        XCTAssertEqual(context.argb(x: 0, row: 1), blue)
        XCTAssertEqual(context.argb(x: 1, row: 1), white)
    }

    func testImageIsScaledToFillTheRect() {
        let context = makeNativeContext(width: 8, height: 6)
        context.interpolationQuality = .none
        context.draw(quadrants, in: CGRect(x: 2, y: 0, width: 4, height: 4)) // rows 2...5, columns 2...5
        XCTAssertEqual(context.argb(x: 2, row: 2), red)
        XCTAssertEqual(context.argb(x: 3, row: 3), red)
        XCTAssertEqual(context.argb(x: 4, row: 2), green)
        XCTAssertEqual(context.argb(x: 2, row: 4), blue)
        XCTAssertEqual(context.argb(x: 5, row: 5), white)
        XCTAssertEqual(context.alphaAt(x: 1, row: 3), 0)
        XCTAssertEqual(context.alphaAt(x: 3, row: 1), 0)
    }

    func testDefaultInterpolationIsBilinearAndEdgesStayOpaque() {
        // 2×1: black, white; stretched to 8 pixels wide.
        let source = makeNativeContext(width: 2, height: 1)
        source.setFillColor(gray: 1, alpha: 1)
        source.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        source.setFillColor(gray: 0, alpha: 1)
        source.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let context = makeNativeContext(width: 8, height: 1)
        XCTAssertEqual(context.interpolationQuality, .default)
        context.draw(source.makeImage()!, in: CGRect(x: 0, y: 0, width: 8, height: 1))
        let reds = (0..<8).map { context.argb(x: $0, row: 0)[1] }
        XCTAssertEqual(reds.first, 0)
        XCTAssertEqual(reds.last, 255)
        XCTAssertTrue(reds[3] > 0 && reds[3] < 255 && reds[4] > reds[3], "\(reds)")
        XCTAssertTrue((0..<8).allSatisfy { context.alphaAt(x: $0, row: 0) == 255 }, "no faded border")
    }

    func testInterpolationQualityIsPartOfTheGraphicsState() {
        let context = makeNativeContext(width: 2, height: 2)
        context.saveGState()
        context.interpolationQuality = .high
        context.restoreGState()
        XCTAssertEqual(context.interpolationQuality, .default)
    }

    func testAlphaFadesImagesAndShapes() {
        let context = makeNativeContext(width: 4, height: 2)
        context.setAlpha(0.5)
        context.draw(quadrants, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(context.argb(x: 0, row: 0), [128, 128, 0, 0])
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        context.fill(CGRect(x: 2, y: 0, width: 2, height: 2))
        XCTAssertEqual(context.argb(x: 3, row: 1), [64, 0, 0, 64], "colour alpha × context alpha")
    }

    func testTilingFillsTheClip() {
        let context = makeNativeContext(width: 4, height: 4)
        context.draw(quadrants, in: CGRect(x: 0, y: 0, width: 2, height: 2), byTiling: true)
        XCTAssertEqual(context.argb(x: 2, row: 0), red)
        XCTAssertEqual(context.argb(x: 3, row: 3), white)
    }

    func testImagesDrawIntoNonNativeLayouts() {
        let bitmap = TestBitmap(width: 2, height: 2)
        let context = bitmap.context(CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.draw(quadrants, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(bitmap.bytes(x: 1, row: 0), [0, 255, 0, 255], "green, R G B A")
        XCTAssertEqual(bitmap.bytes(x: 0, row: 1), [0, 0, 255, 255], "blue")
    }
}
