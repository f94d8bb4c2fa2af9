import CoreGraphics
import XCTest

/// Bounding boxes, hit testing, rectangle detection.
final class CGPathGeometryTests: XCTestCase {
    // MARK: Bounding boxes

    func testEmptyPathBoxesAreNull() {
        XCTAssertTrue(CGMutablePath().boundingBox.isNull)
        XCTAssertTrue(CGMutablePath().boundingBoxOfPath.isNull)
    }

    func testRectPathBoxesAreTheRect() {
        let rect = CGRect(x: 3, y: 4, width: 5, height: 6)
        let path = CGPath(rect: rect, transform: nil)
        XCTAssertEqual(path.boundingBox, rect)
        XCTAssertEqual(path.boundingBoxOfPath, rect)
    }

    func testBoundingBoxIncludesControlPointsButPathBoxDoesNot() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: pt(10, 0), control1: pt(0, 10), control2: pt(10, 10))
        XCTAssertEqual(path.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10))
        // y(t) = 30 t (1 - t), highest at t = 0.5: 7.5.
        XCTAssertRectEqual(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 7.5))
    }

    func testQuadCurveBoxes() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: pt(10, 0), control: pt(5, -10))
        XCTAssertEqual(path.boundingBox, CGRect(x: 0, y: -10, width: 10, height: 10))
        XCTAssertRectEqual(path.boundingBoxOfPath, CGRect(x: 0, y: -5, width: 10, height: 5))
    }

    func testCurveBulgingPastItsEndsInXIsFullyBoxed() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: pt(0, 10), control1: pt(10, 0), control2: pt(10, 10))
        // x(t) = 30 t (1 - t): the curve reaches x = 7.5.
        XCTAssertRectEqual(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 7.5, height: 10))
    }

    func testBoxesIncludeMoveToPoints() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        path.move(to: pt(10, 10))
        XCTAssertEqual(path.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    func testCircleBoxes() {
        let rect = CGRect(x: 10, y: 20, width: 30, height: 30)
        let path = CGPath(ellipseIn: rect, transform: nil)
        XCTAssertRectEqual(path.boundingBoxOfPath, rect)
        XCTAssertRectEqual(path.boundingBox, rect)
    }

    func testNonFiniteCoordinatesDoNotCrashOrPoisonBoxes() {
        let path = CGMutablePath()
        path.move(to: pt(.nan, .nan))
        path.addLine(to: pt(.infinity, 1))
        path.addCurve(to: pt(.nan, 2), control1: pt(1, .nan), control2: pt(-.infinity, 0))
        path.closeSubpath()
        XCTAssertTrue(path.boundingBoxOfPath.isNull || path.boundingBoxOfPath.width.isFinite)
        XCTAssertTrue(path.boundingBox.isNull || path.boundingBox.width.isFinite)
        XCTAssertFalse(path.contains(pt(0, 0)))
        XCTAssertFalse(path.contains(pt(.nan, 0)))
        _ = path.flattened(tolerance: 0.5)
        _ = path.snapshot.length()
        _ = path.isRect(nil)

        let nanOnly = CGMutablePath()
        nanOnly.move(to: pt(.nan, .nan))
        XCTAssertTrue(nanOnly.boundingBox.isNull)
        XCTAssertTrue(nanOnly.boundingBoxOfPath.isNull)
    }

    // MARK: Containment

    /// Two squares, 0...100 and 25...75, both wound the same way.
    private func ring(innerReversed: Bool) -> CGMutablePath {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        let inner = [pt(25, 25), pt(75, 25), pt(75, 75), pt(25, 75)]
        path.addLines(between: innerReversed ? inner.reversed() : inner)
        path.closeSubpath()
        return path
    }

    func testRingWoundTheSameWayFillsCenterOnlyUnderWinding() {
        let path = ring(innerReversed: false)
        let center = pt(50, 50), band = pt(10, 50), outside = pt(150, 50)
        XCTAssertTrue(path.contains(center, using: .winding))
        XCTAssertFalse(path.contains(center, using: .evenOdd))
        XCTAssertTrue(path.contains(band, using: .winding))
        XCTAssertTrue(path.contains(band, using: .evenOdd))
        XCTAssertFalse(path.contains(outside, using: .winding))
        XCTAssertFalse(path.contains(outside, using: .evenOdd))
        XCTAssertTrue(path.contains(center), "winding is the default rule")
    }

    func testRingWoundOppositeWaysHasAHoleUnderBothRules() {
        let path = ring(innerReversed: true)
        XCTAssertFalse(path.contains(pt(50, 50), using: .winding))
        XCTAssertFalse(path.contains(pt(50, 50), using: .evenOdd))
        XCTAssertTrue(path.contains(pt(90, 90), using: .winding))
    }

    func testConcentricCirclesRing() {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: -10, y: -10, width: 20, height: 20))
        path.addEllipse(in: CGRect(x: -5, y: -5, width: 10, height: 10))
        XCTAssertTrue(path.contains(.zero, using: .winding))
        XCTAssertFalse(path.contains(.zero, using: .evenOdd))
        XCTAssertTrue(path.contains(pt(7, 0), using: .evenOdd))
        XCTAssertFalse(path.contains(pt(11, 0), using: .evenOdd))
    }

    func testContainmentFollowsCurvesNotControlPolygon() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        XCTAssertTrue(circle.contains(pt(7, 7)))      // 9.90 from the centre
        XCTAssertFalse(circle.contains(pt(7.2, 7.2))) // 10.18 from the centre
        XCTAssertFalse(circle.contains(pt(9.9, 9.9)), "inside the bounding box, outside the circle")
    }

    func testOpenSubpathsAreFilledAsIfClosed() {
        let triangle = CGMutablePath()
        triangle.addLines(between: [pt(0, 0), pt(10, 0), pt(0, 10)])
        XCTAssertTrue(triangle.contains(pt(2, 2)))
        XCTAssertFalse(triangle.contains(pt(8, 8)))
    }

    func testContainsTransformsThePointFirst() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let shift = CGAffineTransform(translationX: -10, y: 0)
        XCTAssertTrue(path.contains(pt(15, 5), transform: shift))
        XCTAssertFalse(path.contains(pt(5, 5), transform: shift))
    }

    func testLinesAndPointsContainNothing() {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: pt(10, 10))
        XCTAssertFalse(line.contains(pt(5, 5)))
        XCTAssertFalse(CGMutablePath().contains(.zero))
    }

    // MARK: isRect

    func testRectPathIsRect() {
        var found = CGRect.zero
        let path = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
        XCTAssertTrue(path.isRect(&found))
        XCTAssertEqual(found, CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertTrue(path.isRect(nil))
    }

    func testHandBuiltRectanglesAreRects() {
        var found = CGRect.zero
        let closed = CGMutablePath()
        closed.addLines(between: [pt(5, 5), pt(5, 0), pt(0, 0), pt(0, 5)])
        closed.closeSubpath()
        XCTAssertTrue(closed.isRect(&found))
        XCTAssertEqual(found, CGRect(x: 0, y: 0, width: 5, height: 5))

        let backToStart = CGMutablePath()
        backToStart.addLines(between: [pt(0, 0), pt(2, 0), pt(2, 1), pt(0, 1), pt(0, 0)])
        XCTAssertTrue(backToStart.isRect(nil))
    }

    func testNonRectanglesAreNotRects() {
        var found = CGRect(x: 9, y: 9, width: 9, height: 9)
        let rotated = CGAffineTransform(rotationAngle: 0.3)
        let tilted = CGMutablePath()
        tilted.addRect(CGRect(x: 0, y: 0, width: 1, height: 1), transform: rotated)
        XCTAssertFalse(tilted.isRect(&found))
        XCTAssertEqual(found, CGRect(x: 9, y: 9, width: 9, height: 9), "untouched when false")

        XCTAssertFalse(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil).isRect(nil))
        XCTAssertFalse(CGMutablePath().isRect(nil))

        let open = CGMutablePath()
        open.addLines(between: [pt(0, 0), pt(1, 0), pt(1, 1), pt(0, 1)])
        XCTAssertFalse(open.isRect(nil))

        let two = CGMutablePath()
        two.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 2, y: 0, width: 1, height: 1)])
        XCTAssertFalse(two.isRect(nil))

        let zigzag = CGMutablePath()
        zigzag.addLines(between: [pt(0, 0), pt(1, 0), pt(2, 0), pt(2, 1)])
        zigzag.closeSubpath()
        XCTAssertFalse(zigzag.isRect(nil))
    }
}
