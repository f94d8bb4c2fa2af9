import CoreGraphics
import XCTest

/// Building and filling the current path.
final class CGContextPathTests: DiagnosticsTestCase {
    func testEvenOddFillLeavesTheInnerRectEmptyWindingFillsIt() {
        for (rule, centre) in [(CGPathFillRule.evenOdd, UInt8(0)), (.winding, 255)] {
            let context = makeNativeContext(width: 10, height: 10)
            context.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
            context.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))
            context.fillPath(using: rule)
            XCTAssertEqual(context.alphaAt(x: 5, row: 5), centre, "\(rule)")
            XCTAssertEqual(context.alphaAt(x: 1, row: 1), 255, "\(rule)")
            XCTAssertTrue(context.isPathEmpty, "filling clears the path")
        }
    }

    func testDrawPathModes() {
        let context = makeNativeContext(width: 10, height: 10)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.setLineWidth(2)
        context.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        context.drawPath(using: .fillStroke)
        XCTAssertEqual(context.argb(x: 5, row: 5), [255, 255, 0, 0], "filled red")
        XCTAssertEqual(context.argb(x: 5, row: 2), [255, 0, 0, 255], "stroked blue over it")
        XCTAssertTrue(context.isPathEmpty)
    }

    func testEllipseFillsTheMiddleNotTheCorners() {
        let context = makeNativeContext(width: 10, height: 10)
        context.fillEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(context.alphaAt(x: 5, row: 5), 255)
        XCTAssertEqual(context.alphaAt(x: 0, row: 0), 0)
        XCTAssertEqual(context.alphaAt(x: 9, row: 9), 0)
    }

    func testArcsMatchCGMutablePathExactly() {
        func pixels(_ build: (CGContext) -> Void) -> [UInt8] {
            let context = makeNativeContext(width: 24, height: 24)
            build(context)
            context.fillPath()
            return Array(UnsafeRawBufferPointer(start: context.data, count: context.bytesPerRow * 24))
        }
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 12, y: 12))
        path.addArc(center: CGPoint(x: 12, y: 12), radius: 10, startAngle: 0.3, endAngle: 2.5, clockwise: true)
        path.addArc(tangent1End: CGPoint(x: 2, y: 2), tangent2End: CGPoint(x: 20, y: 2), radius: 4)
        path.closeSubpath()
        let direct = pixels {
            $0.move(to: CGPoint(x: 12, y: 12))
            $0.addArc(center: CGPoint(x: 12, y: 12), radius: 10, startAngle: 0.3, endAngle: 2.5, clockwise: true)
            $0.addArc(tangent1End: CGPoint(x: 2, y: 2), tangent2End: CGPoint(x: 20, y: 2), radius: 4)
            $0.closePath()
        }
        XCTAssertEqual(direct, pixels { $0.addPath(path) })
        XCTAssertTrue(direct.contains { $0 != 0 })
    }

    func testCounterclockwiseArcGoesUpFromTheXAxisInTheYUpSpace() {
        // Quarter pie from angle 0 to pi/2, clockwise: false.
        func pie(_ context: CGContext, centre: CGPoint) {
            context.move(to: centre)
            context.addArc(center: centre, radius: 8, startAngle: 0, endAngle: .pi / 2, clockwise: false)
            context.closePath()
            context.fillPath()
        }
        let context = makeNativeContext(width: 20, height: 20)
        pie(context, centre: CGPoint(x: 10, y: 10))
        // Quartz: +y is up, so the quarter is above the centre: memory rows before row 10.
        XCTAssertEqual(context.alphaAt(x: 13, row: 7), 255)
        XCTAssertEqual(context.alphaAt(x: 13, row: 13), 0)
        XCTAssertEqual(context.alphaAt(x: 7, row: 7), 0)
        // In a flipped (layer) context the same numbers go down the screen.
        let flipped = CGContext.makeLayerContext(width: 20, height: 20, scale: 1)!
        pie(flipped, centre: CGPoint(x: 10, y: 10))
        XCTAssertEqual(flipped.alphaAt(x: 13, row: 13), 255)
        XCTAssertEqual(flipped.alphaAt(x: 13, row: 7), 0)
    }

    /// `CGContextAddArc(c, x, y, r, 0, 2*M_PI, 1)`, the Objective-C circle
    /// idiom, draws the whole circle.
    func testWholeTurnTheWrongWayFillsTheCircle() {
        let context = makeNativeContext(width: 20, height: 20)
        context.addArc(center: CGPoint(x: 10, y: 10), radius: 8, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        XCTAssertRectEqual(context.boundingBoxOfPath, CGRect(x: 2, y: 2, width: 16, height: 16), accuracy: 1e-6)
        context.fillPath()
        XCTAssertEqual(context.alphaAt(x: 10, row: 10), 255)
        XCTAssertEqual(context.alphaAt(x: 10, row: 4), 255)
        XCTAssertEqual(context.alphaAt(x: 0, row: 0), 0)
    }

    /// An arc of two turns winds twice round its centre: the even-odd rule
    /// leaves the inside empty, where one turn fills it.
    func testArcKeepsEveryTurnInTheRequestedDirection() {
        for (turns, centreAlpha) in [(1, UInt8(255)), (2, 0)] {
            let context = makeNativeContext(width: 20, height: 20)
            let start = 1.5 * CGFloat.pi
            context.addArc(center: CGPoint(x: 10, y: 10), radius: 8, startAngle: start,
                           endAngle: start + CGFloat(turns) * 2 * .pi, clockwise: false)
            XCTAssertPointEqual(context.currentPointOfPath, CGPoint(x: 10, y: 2), accuracy: 1e-9)
            context.fillPath(using: .evenOdd)
            XCTAssertEqual(context.alphaAt(x: 10, row: 10), centreAlpha, "\(turns) turns")
        }
    }

    func testArcWithNonFiniteAngleAddsNothingAndIsReported() {
        let context = makeNativeContext(width: 4, height: 4)
        context.move(to: CGPoint(x: 1, y: 1))
        context.addArc(center: CGPoint(x: 2, y: 2), radius: 1, startAngle: 0, endAngle: .nan, clockwise: false)
        XCTAssertPointEqual(context.currentPointOfPath, CGPoint(x: 1, y: 1))
        XCTAssertEqual(diagnostics.messages.count, 1, "\(diagnostics.messages)")
    }

    func testPathQueriesAreInUserSpace() {
        let context = makeNativeContext(width: 20, height: 20)
        XCTAssertTrue(context.isPathEmpty)
        XCTAssertEqual(context.currentPointOfPath, .zero)
        XCTAssertTrue(context.boundingBoxOfPath.isNull)
        context.translateBy(x: 5, y: 5)
        context.move(to: CGPoint(x: 1, y: 2))
        context.addCurve(to: CGPoint(x: 4, y: 2), control1: CGPoint(x: 1, y: 8), control2: CGPoint(x: 4, y: 8))
        XCTAssertFalse(context.isPathEmpty)
        XCTAssertPointEqual(context.currentPointOfPath, CGPoint(x: 4, y: 2))
        // Control points included, as Apple documents.
        XCTAssertRectEqual(context.boundingBoxOfPath, CGRect(x: 1, y: 2, width: 3, height: 6))
        context.beginPath()
        XCTAssertTrue(context.isPathEmpty)
    }

    func testSegmentsWithoutACurrentPointAreIgnored() {
        let context = makeNativeContext(width: 4, height: 4)
        context.addLine(to: CGPoint(x: 1, y: 1))
        context.addArc(tangent1End: CGPoint(x: 1, y: 1), tangent2End: CGPoint(x: 2, y: 0), radius: 1)
        XCTAssertTrue(context.isPathEmpty)
    }

    func testNonFiniteGeometryIsIgnoredAndReported() {
        let context = makeNativeContext(width: 4, height: 4)
        context.move(to: CGPoint(x: 1, y: 1))
        context.addLine(to: CGPoint(x: CGFloat.nan, y: 1))
        context.addRect(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
        XCTAssertPointEqual(context.currentPointOfPath, CGPoint(x: 1, y: 1))
        context.clear(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
        context.draw(makeNativeContext(width: 1, height: 1).makeImage()!,
                     in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
        XCTAssertEqual(diagnostics.messages.count, 3, "\(diagnostics.messages)")
    }

    func testRectConveniencesClearTheCurrentPath() {
        let context = makeNativeContext(width: 4, height: 4)
        context.move(to: CGPoint(x: 1, y: 1))
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertTrue(context.isPathEmpty, "Apple: the current path is cleared")
        context.move(to: CGPoint(x: 1, y: 1))
        context.strokeEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertTrue(context.isPathEmpty)
    }

    func testFillRectsFillsEach() {
        let context = makeNativeContext(width: 10, height: 10)
        context.fill([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 9, y: 9, width: 1, height: 1)])
        XCTAssertEqual(context.alphaAt(x: 0, row: 9), 255)
        XCTAssertEqual(context.alphaAt(x: 9, row: 0), 255)
        XCTAssertEqual(context.alphaAt(x: 5, row: 5), 0)
    }

    func testQuadCurvesFill() {
        let context = makeNativeContext(width: 10, height: 10)
        context.move(to: CGPoint(x: 0, y: 0))
        context.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 20))
        context.fillPath()
        XCTAssertEqual(context.alphaAt(x: 5, row: 5), 255, "under the curve's peak (y 10)")
        XCTAssertEqual(context.alphaAt(x: 0, row: 0), 0)
    }
}
