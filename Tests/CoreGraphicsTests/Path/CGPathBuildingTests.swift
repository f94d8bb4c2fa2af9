import CoreGraphics
import XCTest

/// Element-by-element construction: move, lines, curves, close, current point.
final class CGPathBuildingTests: XCTestCase {
    func testNewPathIsEmptyWithZeroCurrentPoint() {
        let path = CGMutablePath()
        XCTAssertTrue(path.isEmpty)
        XCTAssertEqual(path.currentPoint, .zero)
        XCTAssertTrue(path.recordedElements.isEmpty)
    }

    func testElementsAreEnumeratedInOrderWithApplesPointOrder() {
        let path = CGMutablePath()
        path.move(to: pt(0, 0))
        path.addLine(to: pt(10, 0))
        path.addQuadCurve(to: pt(20, 10), control: pt(15, 0))
        path.addCurve(to: pt(30, 0), control1: pt(20, 20), control2: pt(30, 20))
        path.closeSubpath()
        XCTAssertElements(path, [
            (.moveToPoint, [pt(0, 0)]),
            (.addLineToPoint, [pt(10, 0)]),
            (.addQuadCurveToPoint, [pt(15, 0), pt(20, 10)]),
            (.addCurveToPoint, [pt(20, 20), pt(30, 20), pt(30, 0)]),
            (.closeSubpath, []),
        ])
        XCTAssertEqual(path.elements, [
            .moveTo(pt(0, 0)), .addLineTo(pt(10, 0)),
            .addQuadCurveTo(control: pt(15, 0), end: pt(20, 10)),
            .addCurveTo(control1: pt(20, 20), control2: pt(30, 20), end: pt(30, 0)),
            .closeSubpath,
        ])
    }

    func testCurrentPointAfterEachOperation() {
        let path = CGMutablePath()
        path.move(to: pt(1, 2))
        XCTAssertEqual(path.currentPoint, pt(1, 2))
        XCTAssertFalse(path.isEmpty, "a lone move-to is not empty")
        path.addLine(to: pt(3, 4))
        XCTAssertEqual(path.currentPoint, pt(3, 4))
        path.addQuadCurve(to: pt(5, 6), control: pt(9, 9))
        XCTAssertEqual(path.currentPoint, pt(5, 6))
        path.addCurve(to: pt(7, 8), control1: pt(9, 9), control2: pt(9, 9))
        XCTAssertEqual(path.currentPoint, pt(7, 8))
        path.closeSubpath()
        XCTAssertEqual(path.currentPoint, pt(1, 2), "closing returns to the subpath start")
        path.addRect(CGRect(x: 10, y: 20, width: 30, height: 40))
        XCTAssertEqual(path.currentPoint, pt(10, 20))
        path.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 20))
        XCTAssertEqual(path.currentPoint, pt(10, 10))
        path.addArc(center: .zero, radius: 5, startAngle: 0, endAngle: .pi, clockwise: false)
        XCTAssertPointEqual(path.currentPoint, pt(-5, 0))
        path.addLines(between: [pt(1, 1), pt(2, 2), pt(3, 1)])
        XCTAssertEqual(path.currentPoint, pt(3, 1))
    }

    func testSegmentsWithoutCurrentPointAreIgnored() {
        let path = CGMutablePath()
        path.addLine(to: pt(1, 1))
        path.addQuadCurve(to: pt(1, 1), control: pt(2, 2))
        path.addCurve(to: pt(1, 1), control1: pt(2, 2), control2: pt(3, 3))
        path.addArc(tangent1End: pt(1, 0), tangent2End: pt(1, 1), radius: 1)
        path.closeSubpath()
        XCTAssertTrue(path.isEmpty)
    }

    func testSegmentAfterCloseStartsNewSubpathAtClosedStart() {
        let path = CGMutablePath()
        path.move(to: pt(0, 0))
        path.addLine(to: pt(10, 0))
        path.closeSubpath()
        path.addLine(to: pt(0, 10))
        XCTAssertElements(path, [
            (.moveToPoint, [pt(0, 0)]), (.addLineToPoint, [pt(10, 0)]), (.closeSubpath, []),
            (.moveToPoint, [pt(0, 0)]), (.addLineToPoint, [pt(0, 10)]),
        ])
    }

    func testClosingTwiceAddsOneClose() {
        let path = CGMutablePath()
        path.move(to: pt(0, 0))
        path.addLine(to: pt(10, 0))
        path.closeSubpath()
        path.closeSubpath()
        XCTAssertEqual(path.elementTypes, [.moveToPoint, .addLineToPoint, .closeSubpath])
    }

    func testTransformParametersMapAddedPoints() {
        let path = CGMutablePath()
        let t = CGAffineTransform(translationX: 100, y: 0).scaledBy(x: 2, y: 2)
        path.move(to: pt(1, 1), transform: t)
        path.addLine(to: pt(2, 1), transform: t)
        path.addQuadCurve(to: pt(3, 1), control: pt(2, 2), transform: t)
        path.addCurve(to: pt(4, 1), control1: pt(3, 2), control2: pt(4, 2), transform: t)
        XCTAssertElements(path, [
            (.moveToPoint, [pt(102, 2)]),
            (.addLineToPoint, [pt(104, 2)]),
            (.addQuadCurveToPoint, [pt(104, 4), pt(106, 2)]),
            (.addCurveToPoint, [pt(106, 4), pt(108, 4), pt(108, 2)]),
        ])
    }

    func testAddLinesMovesToFirstPointThenAddsLines() {
        let path = CGMutablePath()
        path.move(to: pt(50, 50))
        path.addLines(between: [pt(0, 0), pt(1, 0), pt(1, 1)], transform: CGAffineTransform(scaleX: 10, y: 10))
        XCTAssertElements(path, [
            (.moveToPoint, [pt(50, 50)]),
            (.moveToPoint, [pt(0, 0)]), (.addLineToPoint, [pt(10, 0)]), (.addLineToPoint, [pt(10, 10)]),
        ])
        let empty = CGMutablePath()
        empty.addLines(between: [])
        XCTAssertTrue(empty.isEmpty)
    }

    func testAddPathAppendsTransformedElements() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        let path = CGMutablePath()
        path.move(to: pt(-5, -5))
        path.addPath(square, transform: CGAffineTransform(translationX: 10, y: 0))
        XCTAssertElements(path, [
            (.moveToPoint, [pt(-5, -5)]),
            (.moveToPoint, [pt(10, 0)]), (.addLineToPoint, [pt(11, 0)]), (.addLineToPoint, [pt(11, 1)]),
            (.addLineToPoint, [pt(10, 1)]), (.closeSubpath, []),
        ])
        XCTAssertEqual(path.currentPoint, pt(10, 0))
    }

    func testAddPathOfItselfDoublesIt() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        path.addPath(path)
        XCTAssertEqual(path.elements.count, 10)
        XCTAssertEqual(Array(path.elements[0..<5]), Array(path.elements[5..<10]))
    }

    func testApplyWithInfoFunctionVisitsEveryElement() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        var count = 0
        withUnsafeMutablePointer(to: &count) { counter in
            path.apply(info: counter) { info, element in
                let counter = info!.assumingMemoryBound(to: Int.self)
                counter.pointee += 1
                if counter.pointee == 1 { XCTAssertEqual(element.pointee.type, .moveToPoint) }
            }
        }
        XCTAssertEqual(count, 5)
    }

    func testElementTypeRawValuesMatchApple() {
        XCTAssertEqual(CGPathElementType.moveToPoint.rawValue, 0)
        XCTAssertEqual(CGPathElementType.addLineToPoint.rawValue, 1)
        XCTAssertEqual(CGPathElementType.addQuadCurveToPoint.rawValue, 2)
        XCTAssertEqual(CGPathElementType.addCurveToPoint.rawValue, 3)
        XCTAssertEqual(CGPathElementType.closeSubpath.rawValue, 4)
        XCTAssertEqual(CGPathFillRule.winding.rawValue, 0)
        XCTAssertEqual(CGPathFillRule.evenOdd.rawValue, 1)
    }
}
