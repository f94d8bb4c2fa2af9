import CoreGraphics
import XCTest

/// Blend modes, clearing and antialiasing.
final class CGContextBlendTests: DiagnosticsTestCase {
    /// A 4×4 context filled opaque blue.
    func blueContext() -> CGContext {
        let context = makeNativeContext(width: 4, height: 4)
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        return context
    }

    func testCopyReplacesInsteadOfBlending() {
        let context = blueContext()
        context.setBlendMode(.copy)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(context.argb(x: 0, row: 3), [128, 128, 0, 0])
        XCTAssertEqual(context.argb(x: 3, row: 0), [255, 0, 0, 255], "outside the shape untouched")
    }

    func testMultiplyDarkens() {
        let context = makeNativeContext(width: 2, height: 2)
        context.setFillColor(red: 0, green: 1, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        context.setBlendMode(.multiply)
        context.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(context.argb(x: 0, row: 0), [255, 0, 128, 0])
    }

    func testPlusLighterAdds() {
        let context = makeNativeContext(width: 2, height: 2)
        context.setBlendMode(.plusLighter)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(context.argb(x: 0, row: 0), [255, 128, 0, 128])
    }

    func testClearBlendModeAndClearRectMakePixelsTransparent() {
        let context = blueContext()
        context.setBlendMode(.clear)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(context.argb(x: 0, row: 3), [0, 0, 0, 0])
        context.setBlendMode(.normal)
        context.move(to: CGPoint(x: 1, y: 1))
        context.clear(CGRect(x: 2, y: 2, width: 2, height: 2))
        XCTAssertEqual(context.argb(x: 3, row: 0), [0, 0, 0, 0])
        XCTAssertEqual(context.argb(x: 1, row: 0), [255, 0, 0, 255])
        XCTAssertFalse(context.isPathEmpty, "clear keeps the current path")
    }

    func testSourceInActsOnlyWhereTheShapeCoversAsInQuartz() {
        // cairo's IN operator would also clear everything outside the shape.
        let context = blueContext()
        context.setBlendMode(.sourceIn)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(context.argb(x: 0, row: 3), [255, 255, 0, 0])
        XCTAssertEqual(context.argb(x: 3, row: 0), [255, 0, 0, 255])
        context.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.strokeLineSegments(between: [CGPoint(x: 0, y: 3.5), CGPoint(x: 4, y: 3.5)])
        XCTAssertEqual(context.argb(x: 3, row: 0), [255, 255, 0, 0], "the stroke's row")
        XCTAssertEqual(context.argb(x: 3, row: 1), [255, 0, 0, 255], "outside the stroke untouched")
    }

    func testEveryBlendModeLeavesPixelsOutsideTheShapeAlone() {
        for mode in CGBlendMode.allCases {
            let context = blueContext()
            context.setBlendMode(mode)
            context.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 0.75)
            context.setStrokeColor(red: 1, green: 0.5, blue: 0, alpha: 0.75)
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
            context.strokeLineSegments(between: [CGPoint(x: 0, y: 3.5), CGPoint(x: 2, y: 3.5)])
            XCTAssertEqual(context.argb(x: 3, row: 1), [255, 0, 0, 255], "\(mode)")
            XCTAssertEqual(context.argb(x: 3, row: 0), [255, 0, 0, 255], "\(mode)")
        }
        XCTAssertEqual(diagnostics.messages.count, 1, "only plusDarker: \(diagnostics.messages)")
    }

    func testScreenAndDarkenFollowTheirFormulas() {
        let screened = blueContext()
        screened.setBlendMode(.screen)
        screened.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        screened.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertEqual(screened.argb(x: 0, row: 0), [255, 255, 0, 255], "1 - (1 - S)(1 - D)")
        let darkened = blueContext()
        darkened.setBlendMode(.darken)
        darkened.setFillColor(red: 1, green: 0, blue: 0.5, alpha: 1)
        darkened.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertEqual(darkened.argb(x: 0, row: 0), [255, 0, 0, 128], "min(S, D)")
    }

    func testDestinationOutErases() {
        let context = blueContext()
        context.setBlendMode(.destinationOut)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        XCTAssertEqual(context.alphaAt(x: 0, row: 3), 0)
        XCTAssertEqual(context.alphaAt(x: 0, row: 0), 255)
    }

    func testPlusDarkerIsReportedOnceAndDrawsNormally() {
        let context = makeNativeContext(width: 2, height: 2)
        context.setBlendMode(.plusDarker)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        context.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        XCTAssertEqual(context.alphaAt(x: 0, row: 1), 255)
        XCTAssertEqual(diagnostics.messages.count, 1)
    }

    func testBlendModeIsPartOfTheGraphicsState() {
        let context = blueContext()
        context.saveGState()
        context.setBlendMode(.clear)
        context.restoreGState()
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertEqual(context.argb(x: 0, row: 0), [255, 128, 0, 127])
    }

    func testAntialiasingCanBeTurnedOff() {
        let smooth = makeNativeContext(width: 4, height: 4)
        smooth.fill(CGRect(x: 0.5, y: 0.5, width: 2, height: 2))
        XCTAssertEqual(Double(smooth.alphaAt(x: 0, row: 3)), 64, accuracy: 1, "a quarter-covered corner")
        let aliased = makeNativeContext(width: 4, height: 4)
        aliased.setShouldAntialias(false)
        aliased.fill(CGRect(x: 0.5, y: 0.5, width: 2, height: 2))
        let hard = (0..<4).flatMap { x in (0..<4).map { aliased.alphaAt(x: x, row: $0) } }
        XCTAssertTrue(hard.allSatisfy { $0 == 0 || $0 == 255 }, "\(hard)")
        let disallowed = makeNativeContext(width: 4, height: 4)
        disallowed.setAllowsAntialiasing(false)
        disallowed.fill(CGRect(x: 0.5, y: 0.5, width: 2, height: 2))
        let alphas = (0..<4).flatMap { x in (0..<4).map { disallowed.alphaAt(x: x, row: $0) } }
        XCTAssertTrue(alphas.allSatisfy { $0 == 0 || $0 == 255 }, "\(alphas)")
    }
}
