import CoreGraphics
import XCTest

/// Clipping to paths and rectangles.
final class CGContextClipTests: DiagnosticsTestCase {
    func testClipToRectConfinesDrawingAndKeepsThePath() {
        let context = makeNativeContext(width: 10, height: 10)
        context.move(to: CGPoint(x: 1, y: 1))
        context.clip(to: CGRect(x: 2, y: 2, width: 4, height: 4)) // rows 4...7, columns 2...5
        XCTAssertFalse(context.isPathEmpty)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(context.alphaAt(x: 2, row: 4), 255)
        XCTAssertEqual(context.alphaAt(x: 5, row: 7), 255)
        XCTAssertEqual(context.alphaAt(x: 1, row: 4), 0)
        XCTAssertEqual(context.alphaAt(x: 6, row: 4), 0)
        XCTAssertEqual(context.alphaAt(x: 2, row: 3), 0)
        XCTAssertEqual(context.alphaAt(x: 2, row: 8), 0)
    }

    func testClipToRectsIsTheirUnion() {
        let context = makeNativeContext(width: 10, height: 10)
        context.clip(to: [CGRect(x: 0, y: 0, width: 2, height: 2), CGRect(x: 8, y: 8, width: 2, height: 2)])
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(context.alphaAt(x: 0, row: 9), 255)
        XCTAssertEqual(context.alphaAt(x: 9, row: 0), 255)
        XCTAssertEqual(context.alphaAt(x: 5, row: 5), 0)
    }

    func testEvenOddClipLeavesAHoleAndConsumesThePath() {
        let context = makeNativeContext(width: 10, height: 10)
        context.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))
        context.clip(using: .evenOdd)
        XCTAssertTrue(context.isPathEmpty)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(context.alphaAt(x: 1, row: 1), 255)
        XCTAssertEqual(context.alphaAt(x: 5, row: 5), 0)
    }

    func testWindingClipOfTheSamePathHasNoHole() {
        let context = makeNativeContext(width: 10, height: 10)
        context.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))
        context.clip()
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(context.alphaAt(x: 5, row: 5), 255)
    }

    func testClipsIntersectAndRestoreGStateUndoesThem() {
        let context = makeNativeContext(width: 10, height: 10)
        context.saveGState()
        context.clip(to: CGRect(x: 0, y: 0, width: 6, height: 10))
        context.clip(to: CGRect(x: 4, y: 0, width: 6, height: 10))
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual((0..<10).map { context.alphaAt(x: $0, row: 0) }, [0, 0, 0, 0, 255, 255, 0, 0, 0, 0])
        context.restoreGState()
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(context.alphaAt(x: 0, row: 0), 255)
    }

    func testClippingToAnEmptyPathClipsEverything() {
        let context = makeNativeContext(width: 4, height: 4)
        context.clip()
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertEqual(context.alphaAt(x: 1, row: 1), 0)
    }

    func testBoundingBoxOfClipPathIsInUserSpace() {
        let context = makeNativeContext(width: 20, height: 10)
        XCTAssertRectEqual(context.boundingBoxOfClipPath, CGRect(x: 0, y: 0, width: 20, height: 10))
        context.clip(to: CGRect(x: 2, y: 3, width: 4, height: 5))
        XCTAssertRectEqual(context.boundingBoxOfClipPath, CGRect(x: 2, y: 3, width: 4, height: 5))
        context.translateBy(x: 1, y: 1)
        context.scaleBy(x: 2, y: 2)
        XCTAssertRectEqual(context.boundingBoxOfClipPath, CGRect(x: 0.5, y: 1, width: 2, height: 2.5))
    }
}
