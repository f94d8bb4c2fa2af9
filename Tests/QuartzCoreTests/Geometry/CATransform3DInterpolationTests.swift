import XCTest
@testable import QuartzCore

final class CATransform3DInterpolationTests: XCTestCase {
    private func blend(_ a: CATransform3D, _ b: CATransform3D, _ f: Double) -> CATransform3D {
        CATransform3D.interpolate(from: a, to: b, fraction: f)
    }

    func testEndsAreExact() {
        let a = CATransform3DMakeRotation(0.3, 1, 2, 3), b = CATransform3DMakeTranslation(1, 2, 3)
        XCTAssertEqual(blend(a, b, 0), a)
        XCTAssertEqual(blend(a, b, 1), b)
    }

    func testQuarterTurnHalfwayIsAnEighthTurn() {
        let quarter = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let half = blend(CATransform3DIdentity, quarter, 0.5)
        // Entry-wise blending would give a shrunken (0.5, 0.5, -0.5, 0.5) matrix.
        assertTransformsClose(half, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), accuracy: 1e-12)
        assertTransformsClose(blend(CATransform3DIdentity, quarter, 0.25), CATransform3DMakeRotation(.pi / 8, 0, 0, 1))
    }

    func testFullTurnShowsNoMotion() {
        // Apple animates `transform` to a 2π turn as no visible motion: the
        // matrix is the identity's.
        let full = CATransform3DMakeRotation(2 * .pi, 0, 0, 1)
        for f in [0.25, 0.5, 0.75] {
            assertTransformsClose(blend(CATransform3DIdentity, full, f), CATransform3DIdentity, accuracy: 1e-12)
        }
    }

    func testRotationStaysRigidAndTakesTheShortWay() {
        let from = CATransform3DMakeRotation(170 * .pi / 180, 0, 0, 1)
        let to = CATransform3DMakeRotation(-170 * .pi / 180, 0, 0, 1)
        // 20° apart through 180°, not 340° back through 0°.
        assertTransformsClose(blend(from, to, 0.5), CATransform3DMakeRotation(.pi, 0, 0, 1), accuracy: 1e-12)
        let mid = blend(CATransform3DIdentity, CATransform3DMakeRotation(2, 1, 1, 0), 0.3)
        assertTransformsClose(mid, CATransform3DMakeRotation(0.6, 1, 1, 0), accuracy: 1e-12)
    }

    func testScaleAndTranslationBlendLinearly() {
        let from = CATransform3DConcat(CATransform3DMakeScale(1, 1, 1), CATransform3DMakeTranslation(0, 0, 0))
        let to = CATransform3DConcat(CATransform3DMakeScale(3, 5, 1), CATransform3DMakeTranslation(100, -50, 10))
        let expected = CATransform3DConcat(CATransform3DMakeScale(2, 3, 1), CATransform3DMakeTranslation(50, -25, 5))
        assertTransformsClose(blend(from, to, 0.5), expected, accuracy: 1e-12)
        assertTransformMaps(blend(from, to, 0.25), (1, 1, 0), maps: (26.5, -10.5, 2.5))
    }

    func testPerspectiveBlends() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        XCTAssertEqual(blend(CATransform3DIdentity, perspective, 0.5).m34, -1 / 1000, accuracy: 1e-15)
    }

    func testNearlyEqualRotationsDoNotProduceNaN() {
        let a = CATransform3DMakeRotation(0.5, 0, 1, 0), b = CATransform3DMakeRotation(0.5 + 1e-10, 0, 1, 0)
        for f in [-2.0, 0.3, 0.5, 3] {
            let r = blend(a, b, f)
            XCTAssertTrue(r.isFinite)
            assertTransformsClose(r, a, accuracy: 1e-8)
        }
    }

    func testFractionsOutsideUnitIntervalExtrapolate() {
        let quarter = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        assertTransformsClose(blend(CATransform3DIdentity, quarter, 1.5), CATransform3DMakeRotation(3 * .pi / 4, 0, 0, 1))
        assertTransformsClose(blend(CATransform3DIdentity, quarter, -0.5), CATransform3DMakeRotation(-.pi / 4, 0, 0, 1))
        let grow = blend(CATransform3DMakeScale(1, 1, 1), CATransform3DMakeScale(2, 2, 1), 1.2)
        assertTransformsClose(grow, CATransform3DMakeScale(2.2, 2.2, 1), accuracy: 1e-12)
        let move = blend(CATransform3DIdentity, CATransform3DMakeTranslation(10, 0, 0), -0.1)
        XCTAssertEqual(move.m41, -1, accuracy: 1e-12)
        var rng = Transform3DTestRNG(seed: 4)
        for _ in 0..<50 {
            let a = rng.transform(perspective: true), b = rng.transform(perspective: true)
            for f in [-10.0, -0.3, 1.7, 25] { XCTAssertTrue(blend(a, b, f).isFinite, "fraction \(f)") }
        }
    }

    func testSingularEndsSwitchAtHalfway() {
        let flat = CATransform3DMakeScale(0, 0, 1), normal = CATransform3DMakeTranslation(5, 5, 0)
        XCTAssertEqual(blend(flat, normal, 0.49), flat)
        XCTAssertEqual(blend(flat, normal, 0.5), normal)
        XCTAssertEqual(blend(normal, flat, 0.2), normal)
        XCTAssertEqual(blend(normal, flat, 0.8), flat)
        XCTAssertEqual(blend(normal, flat, -0.5), normal)
        XCTAssertEqual(blend(normal, flat, 1.5), flat)
        var nan = CATransform3DIdentity
        nan.m11 = .nan
        XCTAssertEqual(blend(normal, nan, 0.3), normal)
    }

    func testNonFiniteFractionKeepsTheStart() {
        let a = CATransform3DMakeScale(2, 2, 2)
        XCTAssertEqual(blend(a, CATransform3DIdentity, .nan), a)
    }

    func testRandomChainsBlendContinuously() {
        // Consecutive frames of a decomposed blend stay close: no jumps.
        var rng = Transform3DTestRNG(seed: 5)
        for _ in 0..<20 {
            let a = rng.transform(), b = rng.transform()
            var previous = blend(a, b, 0)
            for step in 1...100 {
                let current = blend(a, b, Double(step) / 100)
                let jump = zip(previous.entries, current.entries).map { abs($0 - $1) }.max()!
                let size = max(1, (a.entries + b.entries).map(abs).max()!)
                XCTAssertLessThan(jump, size * 0.2, "step \(step)")
                previous = current
            }
        }
    }
}
