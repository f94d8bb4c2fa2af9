import CoreGraphics
import XCTest

/// Polylines, segments and Apple's flattened(threshold:), for the animation engine.
final class CGPathFlatteningTests: XCTestCase {
    func testClosedRectFlattensToItsCornersEndingAtTheStart() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 3), transform: nil)
        XCTAssertEqual(path.flattened(tolerance: 0.1), [[pt(0, 0), pt(4, 0), pt(4, 3), pt(0, 3), pt(0, 0)]])
        let polyline = path.snapshot.polylines(tolerance: 0.1)[0]
        XCTAssertTrue(polyline.isClosed)
        XCTAssertEqual(polyline.cumulativeLengths, [0, 4, 7, 11, 14])
        XCTAssertEqual(polyline.length, 14)
    }

    func testOpenSubpathsAreSeparatePolylines() {
        let path = CGMutablePath()
        path.addLines(between: [pt(0, 0), pt(3, 4)])
        path.addLines(between: [pt(10, 0), pt(10, 1), pt(11, 1)])
        path.move(to: pt(20, 20))
        let polylines = path.snapshot.polylines(tolerance: 0.1)
        XCTAssertEqual(polylines.map(\.points), [[pt(0, 0), pt(3, 4)], [pt(10, 0), pt(10, 1), pt(11, 1)], [pt(20, 20)]])
        XCTAssertEqual(polylines.map(\.isClosed), [false, false, false])
        XCTAssertEqual(polylines[0].length, 5)
        XCTAssertEqual(path.snapshot.length(), 7)
    }

    func testCircleFlattensWithinTolerance() {
        let tolerance: CGFloat = 0.05
        let path = CGPath(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100), transform: nil)
        let polylines = path.snapshot.polylines(tolerance: tolerance)
        XCTAssertEqual(polylines.count, 1)
        let points = polylines[0].points
        XCTAssertEqual(points.first, pt(50, 0))
        XCTAssertEqual(points.last, pt(50, 0), "closed: ends at its start")
        XCTAssertGreaterThan(points.count, 20)
        for (a, b) in zip(points, points.dropFirst()) {
            // The chord's midpoint is where a polyline strays farthest inside.
            let middle = pt((a.x + b.x) / 2, (a.y + b.y) / 2)
            XCTAssertEqual(hypot(middle.x, middle.y), 50, accuracy: tolerance + 50 * 0.0003)
        }
        XCTAssertEqual(polylines[0].length, 100 * .pi, accuracy: 100 * .pi * 0.001)
    }

    func testFinerToleranceGivesMorePoints() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: pt(100, 0), control: pt(50, 100))
        let coarse = path.flattened(tolerance: 1)[0].count
        let fine = path.flattened(tolerance: 0.01)[0].count
        XCTAssertGreaterThan(fine, coarse)
        XCTAssertEqual(path.flattened(tolerance: 0.01)[0].last, pt(100, 0))
        // A straight line never needs more than its end points.
        let line = CGMutablePath()
        line.addLines(between: [.zero, pt(100, 100)])
        XCTAssertEqual(line.flattened(tolerance: 0.0001)[0].count, 2)
    }

    func testNonsenseTolerancesStillFlatten() {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        for tolerance: CGFloat in [0, -1, .nan, .infinity] {
            let polylines = path.flattened(tolerance: tolerance)
            XCTAssertEqual(polylines.count, 1)
            XCTAssertGreaterThanOrEqual(polylines[0].count, 5)
        }
    }

    func testLocationAtDistanceInterpolatesAndClamps() {
        let polyline = CGPathPolyline(points: [pt(0, 0), pt(10, 0), pt(10, 10)], isClosed: false)
        let quarter = polyline.location(atDistance: 5)
        XCTAssertEqual(quarter.point, pt(5, 0))
        XCTAssertEqual(quarter.tangent, pt(10, 0))
        let later = polyline.location(atDistance: 15)
        XCTAssertEqual(later.point, pt(10, 5))
        XCTAssertEqual(later.tangent, pt(0, 10))
        XCTAssertEqual(polyline.location(atDistance: -3).point, pt(0, 0))
        XCTAssertEqual(polyline.location(atDistance: 99).point, pt(10, 10))
        XCTAssertEqual(polyline.location(atDistance: .nan).point, pt(0, 0))
    }

    func testLocationSkipsZeroLengthPiecesForTheTangent() {
        let polyline = CGPathPolyline(points: [pt(0, 0), pt(0, 0), pt(0, 5)], isClosed: false)
        XCTAssertEqual(polyline.location(atDistance: 0).tangent, pt(0, 5))
        let point = CGPathPolyline(points: [pt(2, 3)], isClosed: false)
        XCTAssertEqual(point.location(atDistance: 1).point, pt(2, 3))
    }

    func testSegmentsListEveryDrawnPieceWithItsStart() {
        let path = CGMutablePath()
        path.move(to: pt(0, 0))
        path.addLine(to: pt(10, 0))
        path.addQuadCurve(to: pt(10, 10), control: pt(15, 5))
        path.addCurve(to: pt(0, 10), control1: pt(8, 12), control2: pt(2, 12))
        path.closeSubpath()
        let segments = path.snapshot.segments
        XCTAssertEqual(segments.map(\.kind), [.line, .quadCurve, .curve, .line])
        XCTAssertEqual(segments.map(\.start), [pt(0, 0), pt(10, 0), pt(10, 10), pt(0, 10)])
        XCTAssertEqual(segments.map(\.end), [pt(10, 0), pt(10, 10), pt(0, 10), pt(0, 0)])
        XCTAssertEqual(segments.map(\.elementIndex), [1, 2, 3, 4])
        XCTAssertEqual(segments.map(\.isClosing), [false, false, false, true])
        XCTAssertEqual(segments[1].control1, pt(15, 5))
        XCTAssertEqual(segments[2].control2, pt(2, 12))
        XCTAssertTrue(CGPath(rect: .zero, transform: nil).snapshot.segments.allSatisfy { $0.kind == .line })
        let moveOnly = CGMutablePath()
        moveOnly.move(to: .zero)
        XCTAssertTrue(moveOnly.snapshot.segments.isEmpty)
    }

    func testSegmentEvaluation() {
        let cubic = CGPathSegment(kind: .curve, start: pt(0, 0), control1: pt(0, 10), control2: pt(10, 10),
                                  end: pt(10, 0))
        XCTAssertEqual(cubic.point(at: 0), pt(0, 0))
        XCTAssertEqual(cubic.point(at: 1), pt(10, 0))
        XCTAssertPointEqual(cubic.point(at: 0.5), pt(5, 7.5))
        XCTAssertPointEqual(cubic.derivative(at: 0), pt(0, 30))
        XCTAssertPointEqual(cubic.derivative(at: 0.5), pt(15, 0))

        let quad = CGPathSegment(kind: .quadCurve, start: .zero, control1: pt(5, 10), control2: pt(5, 10),
                                 end: pt(10, 0))
        XCTAssertPointEqual(quad.point(at: 0.5), pt(5, 5))
        XCTAssertPointEqual(quad.derivative(at: 0), pt(10, 20))

        let line = CGPathSegment.line(from: pt(1, 1), to: pt(4, 5))
        XCTAssertEqual(line.point(at: 0.5), pt(2.5, 3))
        XCTAssertEqual(line.derivative(at: 0.2), pt(3, 4))
        XCTAssertEqual(line.length(), 5)
    }

    func testTangentFallsBackWhereTheDerivativeVanishes() {
        // Control point on top of the start: B'(0) = 0, but the curve still
        // heads towards the second control point.
        let cubic = CGPathSegment(kind: .curve, start: .zero, control1: .zero, control2: pt(10, 0), end: pt(10, 10))
        XCTAssertEqual(cubic.derivative(at: 0), .zero)
        let tangent = cubic.tangent(at: 0)
        XCTAssertGreaterThan(tangent.x, 0)
        XCTAssertEqual(tangent.y, 0, accuracy: abs(tangent.x) * 0.01)

        let dot = CGPathSegment.line(from: pt(3, 3), to: pt(3, 3))
        XCTAssertEqual(dot.tangent(at: 0.5), .zero)
    }

    func testSegmentLengthOfQuarterCircle() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(path.snapshot.segments[0].length(tolerance: 0.001), 5 * .pi, accuracy: 0.01)
    }

    func testAppleFlattenedThresholdKeepsOnlyLines() {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 10))
        path.move(to: pt(30, 0))
        path.addQuadCurve(to: pt(40, 0), control: pt(35, 5))
        let flat = path.flattened(threshold: 0.1)
        XCTAssertTrue(Set(flat.elementTypes).isSubset(of: [.moveToPoint, .addLineToPoint, .closeSubpath]))
        XCTAssertEqual(flat.elementTypes.filter { $0 == .closeSubpath }.count, 1)
        XCTAssertEqual(flat.elementTypes.filter { $0 == .moveToPoint }.count, 2)
        XCTAssertRectEqual(flat.boundingBoxOfPath, path.boundingBoxOfPath, accuracy: 0.1)
        XCTAssertEqual(flat.currentPoint, pt(40, 0))
    }
}
