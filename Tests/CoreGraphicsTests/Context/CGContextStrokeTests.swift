import CoreGraphics
import XCTest

/// Line width, caps, joins and dashes, seen in the pixels.
final class CGContextStrokeTests: DiagnosticsTestCase {
    /// A 20×10 context with a horizontal line from x 2 to 18 at y 5 (memory rows 3...6 for width 4).
    func strokedLine(width: CGFloat, cap: CGLineCap = .butt, configure: (CGContext) -> Void = { _ in }) -> CGContext {
        let context = makeNativeContext(width: 20, height: 10)
        context.setLineWidth(width)
        context.setLineCap(cap)
        configure(context)
        context.move(to: CGPoint(x: 2, y: 5))
        context.addLine(to: CGPoint(x: 18, y: 5))
        context.strokePath()
        return context
    }

    func testLineWidthCoversHalfTheWidthEachSide() {
        let context = strokedLine(width: 4)
        for row in 3...6 { XCTAssertEqual(context.alphaAt(x: 10, row: row), 255, "row \(row)") }
        XCTAssertEqual(context.alphaAt(x: 10, row: 2), 0)
        XCTAssertEqual(context.alphaAt(x: 10, row: 7), 0)
        XCTAssertTrue(context.isPathEmpty, "stroking clears the path")
    }

    func testCapsExtendTheLineEnds() {
        let butt = strokedLine(width: 4, cap: .butt)
        XCTAssertEqual(butt.alphaAt(x: 1, row: 4), 0)
        XCTAssertEqual(butt.alphaAt(x: 18, row: 4), 0)
        let square = strokedLine(width: 4, cap: .square)
        XCTAssertEqual(square.alphaAt(x: 0, row: 4), 255)
        XCTAssertEqual(square.alphaAt(x: 19, row: 4), 255)
        XCTAssertEqual(square.alphaAt(x: 0, row: 3), 255, "square corners")
        let round = strokedLine(width: 4, cap: .round)
        XCTAssertEqual(round.alphaAt(x: 1, row: 4), 255, "inside the round cap")
        XCTAssertLessThan(round.alphaAt(x: 0, row: 3), 128, "the round cap's corner is mostly empty")
    }

    func testDashesAlternatePaintedAndUnpaintedLengths() {
        let context = makeNativeContext(width: 20, height: 4)
        context.setLineWidth(2)
        context.setLineDash(phase: 0, lengths: [2, 2])
        context.strokeLineSegments(between: [CGPoint(x: 0, y: 2), CGPoint(x: 20, y: 2)])
        XCTAssertEqual((0..<8).map { context.alphaAt(x: $0, row: 1) }, [255, 255, 0, 0, 255, 255, 0, 0])
        let shifted = makeNativeContext(width: 20, height: 4)
        shifted.setLineWidth(2)
        shifted.setLineDash(phase: 1, lengths: [2, 2])
        shifted.strokeLineSegments(between: [CGPoint(x: 0, y: 2), CGPoint(x: 20, y: 2)])
        XCTAssertEqual((0..<6).map { shifted.alphaAt(x: $0, row: 1) }, [255, 0, 0, 255, 255, 0])
    }

    func testEmptyDashDrawsSolidAndBadDashIsIgnored() {
        let context = strokedLine(width: 2) {
            $0.setLineDash(phase: 0, lengths: [1, 1])
            $0.setLineDash(phase: 0, lengths: [])
            $0.setLineDash(phase: 0, lengths: [-1, 2])
        }
        XCTAssertEqual((2..<8).map { context.alphaAt(x: $0, row: 4) }, [255, 255, 255, 255, 255, 255])
        XCTAssertEqual(diagnostics.messages.count, 1)
    }

    func testJoinsShapeTheOuterCorner() {
        func corner(_ join: CGLineJoin) -> UInt8 {
            let context = makeNativeContext(width: 16, height: 16)
            context.setLineWidth(4)
            context.setLineJoin(join)
            context.addLines(between: [CGPoint(x: 2, y: 2), CGPoint(x: 10, y: 2), CGPoint(x: 10, y: 10)])
            context.strokePath()
            // The outer corner is the square x 10..<12, y 0..<2: pixel (11, y 0..<1) is memory row 15.
            return context.alphaAt(x: 11, row: 15)
        }
        XCTAssertEqual(corner(.miter), 255)
        XCTAssertEqual(corner(.bevel), 0)
        XCTAssertLessThan(corner(.round), 255)
    }

    func testLineWidthIsInUserUnitsAtStrokeTime() {
        let scaled = makeNativeContext(width: 20, height: 10)
        scaled.move(to: CGPoint(x: 2, y: 5))
        scaled.addLine(to: CGPoint(x: 18, y: 5))
        scaled.scaleBy(x: 1, y: 4) // after the points were added: only the pen grows
        scaled.strokePath()
        for row in 3...6 { XCTAssertEqual(scaled.alphaAt(x: 10, row: row), 255, "row \(row)") }
        XCTAssertEqual(scaled.alphaAt(x: 10, row: 2), 0)
    }

    func testStrokeRectWithWidthKeepsTheStateLineWidth() {
        let context = makeNativeContext(width: 12, height: 12)
        context.stroke(CGRect(x: 0, y: 0, width: 12, height: 12), width: 4) // 2 pixels inside the edge
        XCTAssertEqual(context.alphaAt(x: 6, row: 1), 255)
        XCTAssertEqual(context.alphaAt(x: 6, row: 2), 0)
        // The default width 1 again: the top edge at y 8 covers half of rows 3 and 4.
        context.stroke(CGRect(x: 4, y: 4, width: 4, height: 4))
        XCTAssertEqual(Double(context.alphaAt(x: 6, row: 3)), 128, accuracy: 1)
        XCTAssertEqual(Double(context.alphaAt(x: 6, row: 4)), 128, accuracy: 1)
    }
}
