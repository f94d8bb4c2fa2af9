import CoreGraphics
import XCTest

/// Arcs: direction convention, splitting into Béziers, tangent arcs. How
/// far `addArc` sweeps is in `CGPathArcSweepTests`.
final class CGPathArcTests: DiagnosticsTestCase {
    func testClockwiseArcMatchesApplesElementList() {
        // Apple's list for CGPathAddArc(path, NULL, 25, 100, 20, 1.25π, 0, true):
        // clockwise in a y-up space means decreasing angles, split into
        // quarter turns first and the remaining eighth last.
        let path = CGMutablePath()
        path.addArc(center: pt(25, 100), radius: 20, startAngle: .pi * 1.25, endAngle: 0, clockwise: true)
        XCTAssertElements(path, [
            (.moveToPoint, [pt(10.857863, 85.857865)]),
            (.addCurveToPoint, [pt(3.047378, 93.668352), pt(3.047379, 106.331651), pt(10.857865, 114.142137)]),
            (.addCurveToPoint, [pt(18.668352, 121.952622), pt(31.331651, 121.952621), pt(39.142137, 114.142135)]),
            (.addCurveToPoint, [pt(42.892864, 110.391407), pt(45, 105.304329), pt(45, 100)]),
        ])
    }

    func testCounterclockwiseArcIncreasesAngles() {
        // clockwise: false from 0 to π/2 is the short quarter turn through
        // angle π/4, i.e. through positive y (counterclockwise when y is up).
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(path.elementTypes, [.moveToPoint, .addCurveToPoint])
        XCTAssertPointEqual(path.currentPoint, pt(0, 10))
        let middle = path.snapshot.segments[0].point(at: 0.5)
        XCTAssertPointEqual(middle, pt(10 / 2.squareRoot(), 10 / 2.squareRoot()), accuracy: 0.01)
    }

    func testClockwiseArcBetweenSameAnglesGoesTheLongWay() {
        // clockwise: true from 0 to π/2 decreases the angle: three quarter
        // turns through (0, -10) and (-10, 0).
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        XCTAssertEqual(path.elementTypes, [.moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint])
        let ends = path.snapshot.segments.map(\.end)
        XCTAssertPointEqual(ends[0], pt(0, -10))
        XCTAssertPointEqual(ends[1], pt(-10, 0))
        XCTAssertPointEqual(ends[2], pt(0, 10))
    }

    func testEndAngleBelowStartWrapsForward() {
        // Counterclockwise from 3π/2 to π/2: angles increase by π (through 0).
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 1, startAngle: 1.5 * .pi, endAngle: 0.5 * .pi, clockwise: false)
        XCTAssertEqual(path.elementTypes, [.moveToPoint, .addCurveToPoint, .addCurveToPoint])
        XCTAssertPointEqual(path.snapshot.segments[0].end, pt(1, 0))
        XCTAssertPointEqual(path.currentPoint, pt(0, 1))
    }

    func testArcIsPrecededByLineFromCurrentPoint() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(center: pt(10, 0), radius: 5, startAngle: 0, endAngle: .pi, clockwise: false)
        XCTAssertEqual(path.elementTypes, [.moveToPoint, .addLineToPoint, .addCurveToPoint, .addCurveToPoint])
        XCTAssertEqual(path.elements[1], .addLineTo(pt(15, 0)))
        XCTAssertPointEqual(path.currentPoint, pt(5, 0))
    }

    func testArcStartingAtCurrentPointAddsNoLine() {
        let path = CGMutablePath()
        path.move(to: pt(15, 0))
        path.addArc(center: pt(10, 0), radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(path.elementTypes, [.moveToPoint, .addCurveToPoint])
    }

    func testArcAppliesTransform() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: false,
                    transform: CGAffineTransform(scaleX: 10, y: 20))
        XCTAssertEqual(path.elements.first, .moveTo(pt(10, 0)))
        XCTAssertPointEqual(path.currentPoint, pt(0, 20))
    }

    func testRelativeArcPositiveDeltaIncreasesAngles() {
        let path = CGMutablePath()
        path.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: .pi / 2)
        let viaAddArc = CGMutablePath()
        viaAddArc.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(path, viaAddArc)
        XCTAssertPointEqual(path.currentPoint, pt(0, 10))
    }

    func testRelativeArcNegativeDeltaDecreasesAngles() {
        let path = CGMutablePath()
        path.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: -.pi / 2)
        XCTAssertEqual(path.elementTypes, [.moveToPoint, .addCurveToPoint])
        XCTAssertPointEqual(path.currentPoint, pt(0, -10))
        XCTAssertLessThan(path.snapshot.segments[0].point(at: 0.5).y, 0)
    }

    func testRelativeArcSplitsIntoQuarterTurns() {
        let path = CGMutablePath()
        path.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: .pi * 1.25,
                            transform: CGAffineTransform(translationX: 3, y: 0))
        XCTAssertEqual(path.elementTypes, [.moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint])
        XCTAssertPointEqual(path.snapshot.segments[0].end, pt(3, 1))
        XCTAssertPointEqual(path.snapshot.segments[1].end, pt(2, 0))
        XCTAssertPointEqual(path.currentPoint, pt(3 - 1 / 2.squareRoot(), -1 / 2.squareRoot()))
    }

    func testTangentArcRoundsACorner() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: pt(10, 0), tangent2End: pt(10, 10), radius: 2)
        let k = 0.552_284_749_830_793_4 * 2
        XCTAssertElements(path, [
            (.moveToPoint, [pt(0, 0)]),
            (.addLineToPoint, [pt(8, 0)]),
            (.addCurveToPoint, [pt(8 + k, 0), pt(10, 2 - k), pt(10, 2)]),
        ])
    }

    func testTangentArcTurningRightBendsClockwise() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: pt(10, 0), tangent2End: pt(10, -10), radius: 2)
        XCTAssertEqual(path.elements[1], .addLineTo(pt(8, 0)))
        XCTAssertPointEqual(path.currentPoint, pt(10, -2))
        XCTAssertLessThan(path.snapshot.segments[1].point(at: 0.5).y, 0)
    }

    func testTangentArcMatchesApplesElementList() {
        let path = CGMutablePath()
        path.move(to: pt(400, 400))
        path.addArc(tangent1End: pt(140, 250), tangent2End: pt(110, 180), radius: 50)
        XCTAssertElements(path, [
            (.moveToPoint, [pt(400, 400)]),
            (.addLineToPoint, [pt(154.415379, 258.316565)]),
            (.addCurveToPoint, [pt(145.057503, 252.917790), pt(137.699975, 244.633276), pt(133.444250, 234.703250)]),
        ])
    }

    func testTangentArcWithDegenerateInputAddsLineToFirstTangentEnd() {
        let collinear = CGMutablePath()
        collinear.move(to: .zero)
        collinear.addArc(tangent1End: pt(5, 0), tangent2End: pt(10, 0), radius: 3)
        XCTAssertEqual(collinear.elements, [.moveTo(.zero), .addLineTo(pt(5, 0))])

        let zeroRadius = CGMutablePath()
        zeroRadius.move(to: .zero)
        zeroRadius.addArc(tangent1End: pt(5, 0), tangent2End: pt(5, 5), radius: 0)
        XCTAssertEqual(zeroRadius.elements, [.moveTo(.zero), .addLineTo(pt(5, 0))])
    }

    func testTangentArcWithTransformUsesUserSpaceGeometry() {
        let t = CGAffineTransform(scaleX: 2, y: 2)
        let path = CGMutablePath()
        path.move(to: .zero, transform: t)
        path.addArc(tangent1End: pt(10, 0), tangent2End: pt(10, 10), radius: 2, transform: t)
        XCTAssertEqual(path.elements[1], .addLineTo(pt(16, 0)))
        XCTAssertPointEqual(path.currentPoint, pt(20, 4))
    }

    func testNonFiniteArcInputDoesNotCrash() {
        let path = CGMutablePath()
        path.addArc(center: pt(.nan, 0), radius: 1, startAngle: 0, endAngle: 1, clockwise: false)
        path.addArc(center: .zero, radius: .infinity, startAngle: 0, endAngle: 1, clockwise: false)
        path.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: .infinity)
        XCTAssertTrue(path.isEmpty)
        path.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 1e12)
        XCTAssertFalse(path.isEmpty, "a huge but finite sweep is drawn, bounded")
        path.move(to: .zero)
        path.addArc(tangent1End: pt(.nan, 1), tangent2End: pt(1, 1), radius: 1)
        XCTAssertEqual(diagnostics.messages.count, 2, "one line for the non-finite arcs, one for the huge one")
    }
}
