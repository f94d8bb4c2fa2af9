import CoreGraphics
import XCTest

/// The CTM and the graphics-state stack.
final class CGContextTransformTests: DiagnosticsTestCase {
    func testANewBitmapContextHasTheIdentityCTM() {
        XCTAssertTransformEqual(makeNativeContext(width: 4, height: 4).ctm, .identity)
    }

    func testTransformsApplyBeforeTheCurrentCTMAsApplesDo() {
        let context = makeNativeContext(width: 4, height: 4)
        context.translateBy(x: 10, y: 20)
        context.scaleBy(x: 2, y: 3)
        XCTAssertTransformEqual(context.ctm, CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 20))
        context.rotate(by: .pi / 2)
        XCTAssertPointEqual(CGPoint(x: 1, y: 0).applying(context.ctm), CGPoint(x: 10, y: 23))
        context.concatenate(CGAffineTransform(translationX: 1, y: 0))
        XCTAssertPointEqual(CGPoint.zero.applying(context.ctm), CGPoint(x: 10, y: 23))
    }

    func testTranslatedAndScaledFillLandsWhereTheCTMSays() {
        let context = makeNativeContext(width: 10, height: 10)
        context.translateBy(x: 4, y: 2)
        context.scaleBy(x: 2, y: 2)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1)) // device x 4..<6, y 2..<4: rows 6, 7
        for (x, row) in [(4, 6), (5, 7)] { XCTAssertEqual(context.alphaAt(x: x, row: row), 255) }
        for (x, row) in [(3, 6), (6, 6), (4, 5), (4, 8)] { XCTAssertEqual(context.alphaAt(x: x, row: row), 0) }
    }

    func testRotationIsCounterclockwiseInTheYUpSpace() {
        let context = makeNativeContext(width: 10, height: 10)
        context.translateBy(x: 5, y: 0)
        context.rotate(by: .pi / 2) // (x, y) -> (5 - y, x)
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 1)) // device x 4..<5, y 0..<2: rows 8, 9
        XCTAssertEqual(context.alphaAt(x: 4, row: 8), 255)
        XCTAssertEqual(context.alphaAt(x: 4, row: 9), 255)
        XCTAssertEqual(context.alphaAt(x: 5, row: 9), 0)
        XCTAssertEqual(context.alphaAt(x: 4, row: 7), 0)
    }

    func testPathPointsAreMappedWhenAddedNotWhenPainted() {
        let context = makeNativeContext(width: 10, height: 10)
        context.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
        context.translateBy(x: 5, y: 5)
        context.fillPath()
        XCTAssertEqual(context.alphaAt(x: 0, row: 9), 255)
        XCTAssertEqual(context.alphaAt(x: 5, row: 4), 0)
    }

    func testRestoreGStateBringsBackColourTransformAndClip() {
        let context = makeNativeContext(width: 10, height: 10)
        context.saveGState()
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.translateBy(x: 5, y: 5)
        context.clip(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        context.setAlpha(0.25)
        context.restoreGState()
        XCTAssertTransformEqual(context.ctm, .identity)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(context.argb(x: 0, row: 0), [255, 0, 0, 0], "opaque black everywhere: no clip, no alpha")
        XCTAssertEqual(context.argb(x: 9, row: 9), [255, 0, 0, 0])
    }

    func testTheCurrentPathIsNotPartOfTheGraphicsState() {
        let context = makeNativeContext(width: 4, height: 4)
        context.saveGState()
        context.move(to: CGPoint(x: 1, y: 1))
        context.restoreGState()
        XCTAssertFalse(context.isPathEmpty)
    }

    func testUnbalancedRestoreIsReportedAndIgnored() {
        let context = makeNativeContext(width: 4, height: 4)
        context.translateBy(x: 1, y: 1)
        context.restoreGState()
        XCTAssertTransformEqual(context.ctm, CGAffineTransform(translationX: 1, y: 1))
        XCTAssertEqual(diagnostics.messages.count, 1)
        XCTAssertTrue(diagnostics.messages[0].contains("restoreGState"))
    }

    func testASingularCTMDrawsNothingAndDoesNotBreakTheContext() {
        let context = makeNativeContext(width: 4, height: 4)
        context.saveGState()
        context.scaleBy(x: 0, y: 1)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        context.stroke(CGRect(x: 0, y: 0, width: 4, height: 4))
        context.restoreGState()
        XCTAssertEqual(context.alphaAt(x: 1, row: 1), 0)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertEqual(context.alphaAt(x: 1, row: 1), 255)
    }

    func testLayerContextIsFlippedToATopLeftOriginAndScaled() {
        let context = CGContext.makeLayerContext(width: 20, height: 10, scale: 2)!
        XCTAssertTransformEqual(context.ctm, CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 0, ty: 10))
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1)) // points: pixels 0..<2 of the first rows
        XCTAssertEqual(context.alphaAt(x: 0, row: 0), 255)
        XCTAssertEqual(context.alphaAt(x: 1, row: 1), 255)
        XCTAssertEqual(context.alphaAt(x: 2, row: 0), 0)
        XCTAssertEqual(context.alphaAt(x: 0, row: 2), 0)
        XCTAssertEqual(context.makeImage()!.argb(x: 0, y: 0), [255, 0, 0, 0])
        XCTAssertNil(CGContext.makeLayerContext(width: 20, height: 10, scale: 0))
        XCTAssertNil(CGContext.makeLayerContext(width: 0, height: 10, scale: 1))
    }
}
