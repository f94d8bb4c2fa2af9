import CoreGraphics
import XCTest

/// How far `addArc(center:radius:startAngle:endAngle:clockwise:)` and
/// `addRelativeArc` sweep: every turn kept in the requested direction, one
/// full circle for a whole number of turns the wrong way, the way round to
/// the end point for any other wrong-way difference (docs/behaviour.md, "Arcs").
final class CGPathArcSweepTests: DiagnosticsTestCase {
    private let center = pt(50, 50)
    private let radius: CGFloat = 10

    private func arc(_ start: CGFloat, _ end: CGFloat, clockwise: Bool) -> CGMutablePath {
        let path = CGMutablePath()
        path.addArc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: clockwise)
        return path
    }

    private func onCircle(_ angle: CGFloat) -> CGPoint {
        pt(center.x + radius * cos(angle), center.y + radius * sin(angle))
    }

    /// A move-to followed by `count` curves.
    private func arcTypes(curves count: Int) -> [CGPathElementType] {
        [.moveToPoint] + Array(repeating: .addCurveToPoint, count: count)
    }

    /// The angle, seen from the centre, of the first curve's midpoint: which
    /// way the arc sets off from `start`.
    private func firstStepDirection(_ path: CGPath, from start: CGFloat) -> CGFloat {
        let middle = path.snapshot.segments[0].point(at: 0.5)
        let angle = atan2(middle.y - center.y, middle.x - center.x)
        return sin(angle - start) // > 0: angles increasing
    }

    /// The flattened path's length, for a path of one subpath.
    private func length(_ path: CGPath) -> CGFloat {
        path.snapshot.length(tolerance: 0.001)
    }

    /// Asserts `path` is as long as `turns` times round the circle, within
    /// the 0.03% a cubic quarter circle runs long.
    private func assertLength(_ path: CGPath, turns: CGFloat, file: StaticString = #filePath, line: UInt = #line) {
        let expected = turns * circumference
        XCTAssertEqual(length(path), expected, accuracy: expected * 5e-4, file: file, line: line)
    }

    private var circumference: CGFloat { 2 * .pi * radius }

    private var circleBox: CGRect {
        CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }

    // MARK: The requested direction: every turn kept

    func testCounterclockwiseSweepOfTwoTurnsKeepsBoth() throws {
        // NVActivityIndicatorView's Orbit: UIBezierPath(…, 1.5π, 1.5π + 4π,
        // clockwise: true), which UIKit passes to CG as clockwise: false.
        let start = 1.5 * CGFloat.pi
        let path = arc(start, start + 4 * .pi, clockwise: false)
        XCTAssertEqual(path.elementTypes, arcTypes(curves: 8), "two turns of quarter-turn curves")
        assertLength(path, turns: 2)
        XCTAssertRectEqual(path.boundingBoxOfPath, circleBox, accuracy: 1e-6)
        XCTAssertGreaterThan(firstStepDirection(path, from: start), 0)
        XCTAssertPointEqual(path.currentPoint, onCircle(start))
        let line = try XCTUnwrap(path.snapshot.polylines(tolerance: 0.001).first)
        XCTAssertPointEqual(line.location(atDistance: line.length / 2).point, onCircle(start), accuracy: 0.01,
                            "half way along, the first turn is done")
        XCTAssertPointEqual(line.location(atDistance: line.length / 4).point, onCircle(start + .pi), accuracy: 0.01)
    }

    func testClockwiseSweepOfTwoTurnsKeepsBoth() {
        let start = 5.5 * CGFloat.pi
        let path = arc(start, start - 4 * .pi, clockwise: true)
        XCTAssertEqual(path.elementTypes, arcTypes(curves: 8))
        assertLength(path, turns: 2)
        XCTAssertLessThan(firstStepDirection(path, from: start), 0, "clockwise decreases the angle")
        XCTAssertPointEqual(path.currentPoint, onCircle(start))
    }

    /// Sweeps that are not whole turns keep every turn too. 0 → 2.5π is
    /// where the candidate rules part: canvas-style clamping gives one
    /// circle, wrapping a quarter turn, the literal sweep a turn and a quarter.
    func testATurnAndAQuarterAndTwoAndAHalfTurns() {
        let turnAndAQuarter = arc(0, 2.5 * .pi, clockwise: false)
        XCTAssertEqual(turnAndAQuarter.elementTypes, arcTypes(curves: 5))
        assertLength(turnAndAQuarter, turns: 1.25)
        XCTAssertPointEqual(turnAndAQuarter.currentPoint, onCircle(.pi / 2))

        let twoAndAHalf = arc(0, 5 * .pi, clockwise: false)
        XCTAssertEqual(twoAndAHalf.elementTypes, arcTypes(curves: 10))
        assertLength(twoAndAHalf, turns: 2.5)
        XCTAssertPointEqual(twoAndAHalf.currentPoint, onCircle(.pi))

        let back = arc(5 * .pi, 0, clockwise: true)
        XCTAssertEqual(back.elementTypes, arcTypes(curves: 10))
        XCTAssertLessThan(firstStepDirection(back, from: 5 * .pi), 0)
        XCTAssertPointEqual(back.currentPoint, onCircle(0))
    }

    func testExactlyOneTurnEachWay() {
        let up = arc(0, 2 * .pi, clockwise: false)
        XCTAssertEqual(up.elementTypes, arcTypes(curves: 4))
        XCTAssertGreaterThan(firstStepDirection(up, from: 0), 0)
        assertLength(up, turns: 1)

        let down = arc(2 * .pi, 0, clockwise: true)
        XCTAssertEqual(down.elementTypes, arcTypes(curves: 4))
        XCTAssertLessThan(firstStepDirection(down, from: 0), 0)
        assertLength(down, turns: 1)
    }

    /// Every curve is a quarter turn from the start angle, the remainder last,
    /// however many turns the arc makes.
    func testMultiTurnArcsSplitIntoQuarterTurnsFromTheStartAngle() {
        let start: CGFloat = 0.3
        let path = arc(start, start + 2.2 * .pi, clockwise: false)
        let ends = path.snapshot.segments.map(\.end)
        XCTAssertEqual(ends.count, 5)
        for (index, end) in ends.dropLast().enumerated() {
            XCTAssertPointEqual(end, onCircle(start + CGFloat(index + 1) * .pi / 2), accuracy: 1e-9)
        }
        XCTAssertPointEqual(ends[4], onCircle(start + 2.2 * .pi), accuracy: 1e-9)
    }

    // MARK: The wrong direction

    /// CGContextAddArc(c, x, y, r, 0, 2*M_PI, 1) and UIKit's
    /// UIBezierPath(…, 0, 2π, clockwise: false): a whole circle, clockwise.
    func testAWholeTurnTheWrongWayIsOneCircleInTheRequestedDirection() {
        let clockwise = arc(0, 2 * .pi, clockwise: true)
        XCTAssertEqual(clockwise.elementTypes, arcTypes(curves: 4))
        XCTAssertLessThan(firstStepDirection(clockwise, from: 0), 0)
        assertLength(clockwise, turns: 1)
        XCTAssertRectEqual(clockwise.boundingBoxOfPath, circleBox, accuracy: 1e-6)

        let counterclockwise = arc(2 * .pi, 0, clockwise: false)
        XCTAssertEqual(counterclockwise.elementTypes, arcTypes(curves: 4))
        XCTAssertGreaterThan(firstStepDirection(counterclockwise, from: 0), 0)
    }

    func testSeveralWholeTurnsTheWrongWayAreStillOneCircle() {
        let path = arc(0, 6 * .pi, clockwise: true)
        XCTAssertEqual(path.elementTypes, arcTypes(curves: 4))
        XCTAssertLessThan(firstStepDirection(path, from: 0), 0)
    }

    /// Round-off must not turn the circle idiom into an invisible sliver.
    func testAWholeTurnTheWrongWayWithinRoundOffIsTheCircle() {
        let nearlyFullTurn = 2 * CGFloat.pi - 1e-13
        let path = arc(0, nearlyFullTurn, clockwise: true)
        XCTAssertEqual(path.elementTypes, arcTypes(curves: 4))
        assertLength(path, turns: 1)
    }

    func testNegativeAngles() {
        // −π/2 → 3π/2 is exactly one turn up: drawn as such counterclockwise,
        // and as the whole-turn idiom clockwise.
        let start = -CGFloat.pi / 2, end = 1.5 * CGFloat.pi
        let up = arc(start, end, clockwise: false)
        XCTAssertEqual(up.elementTypes, arcTypes(curves: 4))
        XCTAssertGreaterThan(firstStepDirection(up, from: start), 0)
        XCTAssertPointEqual(up.elements[0].points[0], pt(50, 40))
        XCTAssertPointEqual(up.currentPoint, pt(50, 40))

        let down = arc(start, end, clockwise: true)
        XCTAssertEqual(down.elementTypes, arcTypes(curves: 4))
        XCTAssertLessThan(firstStepDirection(down, from: start), 0)
        XCTAssertPointEqual(down.currentPoint, pt(50, 40))
    }

    /// A difference that is not a whole number of turns, the wrong way: the
    /// arc goes the requested way from the start point round to the end point.
    func testWrongWayPartialSweepsGoRoundToTheEndPoint() {
        // π → 0 counterclockwise: Δ = −π; r = π; a half turn up through 3π/2.
        let half = arc(.pi, 0, clockwise: false)
        XCTAssertEqual(half.elementTypes, arcTypes(curves: 2))
        XCTAssertPointEqual(half.snapshot.segments[0].end, onCircle(1.5 * .pi))
        XCTAssertPointEqual(half.currentPoint, onCircle(0))

        // 0 → −π/2 counterclockwise: three quarter turns up.
        let threeQuarters = arc(0, -.pi / 2, clockwise: false)
        XCTAssertEqual(threeQuarters.elementTypes, arcTypes(curves: 3))
        XCTAssertGreaterThan(firstStepDirection(threeQuarters, from: 0), 0)
        XCTAssertPointEqual(threeQuarters.currentPoint, onCircle(-.pi / 2))

        // More than a turn the wrong way still gives less than one turn:
        // 0 → −2.5π counterclockwise: r = π/2, so 3π/2 up.
        let wrapped = arc(0, -2.5 * .pi, clockwise: false)
        XCTAssertEqual(wrapped.elementTypes, arcTypes(curves: 3))
        assertLength(wrapped, turns: 0.75)
        XCTAssertPointEqual(wrapped.currentPoint, onCircle(-2.5 * .pi))

        // And clockwise: 0 → π/2 clockwise is three quarter turns down.
        let down = arc(0, .pi / 2, clockwise: true)
        XCTAssertEqual(down.elementTypes, arcTypes(curves: 3))
        XCTAssertLessThan(firstStepDirection(down, from: 0), 0)
    }

    // MARK: No sweep

    func testEqualAnglesAddOnlyTheStartPoint() {
        for clockwise in [false, true] {
            XCTAssertEqual(arc(3 * .pi, 3 * .pi, clockwise: clockwise).elements, [.moveTo(onCircle(3 * .pi))])

            let fromCurrentPoint = CGMutablePath()
            fromCurrentPoint.move(to: .zero)
            fromCurrentPoint.addArc(center: center, radius: radius, startAngle: 1, endAngle: 1, clockwise: clockwise)
            XCTAssertEqual(fromCurrentPoint.elements, [.moveTo(.zero), .addLineTo(onCircle(1))])
        }
    }

    // MARK: addRelativeArc

    func testRelativeArcSweepsExactlyDeltaEveryTurnKept() {
        let path = CGMutablePath()
        path.addRelativeArc(center: center, radius: radius, startAngle: 0, delta: 4 * .pi)
        XCTAssertEqual(path.elementTypes, arcTypes(curves: 8))
        assertLength(path, turns: 2)

        let backwards = CGMutablePath()
        backwards.addRelativeArc(center: center, radius: radius, startAngle: 0, delta: -5 * .pi)
        XCTAssertEqual(backwards.elementTypes, arcTypes(curves: 10))
        XCTAssertLessThan(firstStepDirection(backwards, from: 0), 0)
        XCTAssertPointEqual(backwards.currentPoint, onCircle(.pi))
    }

    func testRelativeArcOfZeroAddsOnlyTheStartPoint() {
        let path = CGMutablePath()
        path.addRelativeArc(center: center, radius: radius, startAngle: 1, delta: 0)
        XCTAssertEqual(path.elements, [.moveTo(onCircle(1))])
    }

    // MARK: Bad input

    func testHugeSweepsAreBoundedAndReportedOnce() {
        let path = CGMutablePath()
        path.addRelativeArc(center: center, radius: radius, startAngle: 0, delta: 1e15)
        XCTAssertEqual(path.elements.count, 1 + 1024 * 4, "1,024 turns of quarter-turn curves")
        XCTAssertEqual(diagnostics.messages.count, 1)
        XCTAssertTrue(diagnostics.messages.first?.contains("1024 turns") ?? false, "\(diagnostics.messages)")

        let viaAddArc = arc(0, -1e300, clockwise: true)
        XCTAssertEqual(viaAddArc.elements.count, 1 + 1024 * 4)
        XCTAssertLessThan(firstStepDirection(viaAddArc, from: 0), 0)
        XCTAssertEqual(diagnostics.messages.count, 1, "the same problem is reported once")
    }

    func testJustUnderTheBoundIsNotClamped() {
        let path = CGMutablePath()
        path.addRelativeArc(center: center, radius: radius, startAngle: 0, delta: 1023.5 * 2 * .pi)
        XCTAssertEqual(path.elements.count, 1 + 1023 * 4 + 2)
        XCTAssertTrue(diagnostics.messages.isEmpty)
    }

    func testNonFiniteAnglesAddNothingAndAreReported() {
        let angles: [(CGFloat, CGFloat)] = [(.nan, 1), (0, .nan), (0, .infinity), (-.infinity, 0),
                                            (.infinity, .infinity)]
        for (start, end) in angles {
            for clockwise in [false, true] {
                XCTAssertTrue(arc(start, end, clockwise: clockwise).isEmpty, "\(start) → \(end)")
                let withCurrentPoint = CGMutablePath()
                withCurrentPoint.move(to: .zero)
                withCurrentPoint.addArc(center: center, radius: radius, startAngle: start, endAngle: end,
                                        clockwise: clockwise)
                XCTAssertEqual(withCurrentPoint.elements, [.moveTo(.zero)], "no line to a start point")
            }
        }
        let relative = CGMutablePath()
        relative.addRelativeArc(center: center, radius: radius, startAngle: .nan, delta: 1)
        XCTAssertTrue(relative.isEmpty)
        XCTAssertEqual(diagnostics.messages.count, 1, "\(diagnostics.messages)")
        XCTAssertTrue(diagnostics.messages.first?.contains("non-finite") ?? false)
    }
}
