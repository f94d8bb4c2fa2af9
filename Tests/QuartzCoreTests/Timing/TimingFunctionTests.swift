import XCTest
@testable import QuartzCore

final class TimingFunctionTests: XCTestCase {
    private func points(_ function: CAMediaTimingFunction) -> [Float] {
        var result: [Float] = []
        var pair: [Float] = [0, 0]
        for index in 0...3 {
            function.getControlPoint(at: index, values: &pair)
            result += pair
        }
        return result
    }

    func testNamedFunctionsHaveApplesRawValues() {
        XCTAssertEqual(CAMediaTimingFunctionName.linear.rawValue, "linear")
        XCTAssertEqual(CAMediaTimingFunctionName.easeIn.rawValue, "easeIn")
        XCTAssertEqual(CAMediaTimingFunctionName.easeOut.rawValue, "easeOut")
        XCTAssertEqual(CAMediaTimingFunctionName.easeInEaseOut.rawValue, "easeInEaseOut")
        XCTAssertEqual(CAMediaTimingFunctionName.default.rawValue, "default")
        XCTAssertEqual(CAMediaTimingFunctionName(rawValue: "easeIn"), .easeIn)
    }

    func testNamedFunctionsControlPoints() {
        XCTAssertEqual(points(CAMediaTimingFunction(name: .linear)), [0, 0, 0, 0, 1, 1, 1, 1])
        XCTAssertEqual(points(CAMediaTimingFunction(name: .easeIn)), [0, 0, 0.42, 0, 1, 1, 1, 1])
        XCTAssertEqual(points(CAMediaTimingFunction(name: .easeOut)), [0, 0, 0, 0, 0.58, 1, 1, 1])
        XCTAssertEqual(points(CAMediaTimingFunction(name: .easeInEaseOut)), [0, 0, 0.42, 0, 0.58, 1, 1, 1])
        XCTAssertEqual(points(CAMediaTimingFunction(name: .default)), [0, 0, 0.25, 0.1, 0.25, 1, 1, 1])
    }

    func testUnknownNameFallsBackToLinear() {
        let function = CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: "bogus"))
        XCTAssertEqual(function, CAMediaTimingFunction(name: .linear))
    }

    func testGetControlPointOfCustomFunctionAndOutOfRangeIndex() {
        let function = CAMediaTimingFunction(controlPoints: 0.1, -0.5, 0.9, 1.5)
        XCTAssertEqual(points(function), [0, 0, 0.1, -0.5, 0.9, 1.5, 1, 1])
        var pair: [Float] = [7, 7]
        function.getControlPoint(at: 4, values: &pair)
        function.getControlPoint(at: -1, values: &pair)
        XCTAssertEqual(pair, [7, 7], "out-of-range indices write nothing")
    }

    func testEqualityAndHashingCompareControlPoints() {
        let custom = CAMediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)
        XCTAssertEqual(custom, CAMediaTimingFunction(name: .default))
        XCTAssertEqual(custom.hashValue, CAMediaTimingFunction(name: .default).hashValue)
        XCTAssertNotEqual(custom, CAMediaTimingFunction(name: .easeIn))
        XCTAssertEqual(Set([custom, CAMediaTimingFunction(name: .default)]).count, 1)
    }

    // Expected values solved independently by bisection on the Bézier x(t).
    func testKnownValues() {
        let accuracy = 1e-6
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        XCTAssertEqual(easeIn.evaluate(0.25), 0.0934647, accuracy: accuracy)
        XCTAssertEqual(easeIn.evaluate(0.5), 0.3153568, accuracy: accuracy)
        XCTAssertEqual(easeIn.evaluate(0.9), 0.8394278, accuracy: accuracy)

        let easeOut = CAMediaTimingFunction(name: .easeOut)
        XCTAssertEqual(easeOut.evaluate(0.5), 0.6846432, accuracy: accuracy)
        XCTAssertEqual(easeOut.evaluate(0.1), 0.1605722, accuracy: accuracy)

        let easeInEaseOut = CAMediaTimingFunction(name: .easeInEaseOut)
        // 0.42 and 0.58 are not exactly symmetric as Floats (Apple's API
        // type), so the midpoint is 0.5 only to about 2e-8.
        XCTAssertEqual(easeInEaseOut.evaluate(0.5), 0.5, accuracy: 1e-7)
        XCTAssertEqual(easeInEaseOut.evaluate(0.25), 0.1291619, accuracy: accuracy)
        XCTAssertEqual(easeInEaseOut.evaluate(0.75), 0.8708381, accuracy: accuracy)

        let standard = CAMediaTimingFunction(name: .default)
        XCTAssertEqual(standard.evaluate(0.5), 0.8024034, accuracy: accuracy)
        XCTAssertEqual(standard.evaluate(0.25), 0.4085106, accuracy: accuracy)
        XCTAssertEqual(standard.evaluate(0.1), 0.0947963, accuracy: accuracy)

        let linear = CAMediaTimingFunction(name: .linear)
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            XCTAssertEqual(linear.evaluate(x), x, accuracy: 1e-9)
        }
    }

    func testEndPointsAndOutOfDomainInput() {
        for name: CAMediaTimingFunctionName in [.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            let function = CAMediaTimingFunction(name: name)
            XCTAssertEqual(function.evaluate(0), 0)
            XCTAssertEqual(function.evaluate(1), 1)
            XCTAssertEqual(function.evaluate(-3), 0)
            XCTAssertEqual(function.evaluate(7), 1)
            XCTAssertEqual(function.evaluate(.nan), 0)
            XCTAssertEqual(function.evaluate(-.infinity), 0)
            XCTAssertEqual(function.evaluate(.infinity), 1)
        }
    }

    func testOvershootingCurveLeavesUnitRange() {
        // y outside [0, 1] is allowed: "back" easing that dips, then overshoots.
        let function = CAMediaTimingFunction(controlPoints: 0.5, -0.5, 0.5, 1.5)
        XCTAssertEqual(function.evaluate(0.1), -0.0707562, accuracy: 1e-6)
        XCTAssertEqual(function.evaluate(0.5), 0.5, accuracy: 1e-9)
        XCTAssertEqual(function.evaluate(0.9), 1.0707562, accuracy: 1e-6)
        XCTAssertLessThan(function.evaluate(0.25), 0)
        XCTAssertGreaterThan(function.evaluate(0.75), 1)
    }

    func testMonotoneForStandardCurvesAndAccurateAgainstBisection() {
        let functions = [
            CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut),
            CAMediaTimingFunction(name: .easeInEaseOut), CAMediaTimingFunction(name: .default),
            CAMediaTimingFunction(controlPoints: 0, 1, 1, 0),  // vertical tangent at the ends
        ]
        for function in functions {
            var previous = -Double.infinity
            for step in 0...1000 {
                let x = Double(step) / 1000
                let y = function.evaluate(x)
                XCTAssertFalse(y.isNaN)
                XCTAssertGreaterThanOrEqual(y, previous - 1e-9, "\(function) at \(x)")
                XCTAssertEqual(y, referenceEvaluate(function, x), accuracy: 1e-7, "\(function) at \(x)")
                previous = y
            }
        }
    }

    func testFlatSpotInXIsSolvedExactly() {
        // With control points (1, 0, 0, 1), x(t) = 0.5 + 4 (t - 0.5)^3 has zero
        // slope at t = 0.5, where Newton fails; there t = 0.5 + cbrt((x - 0.5) / 4).
        let function = CAMediaTimingFunction(controlPoints: 1, 0, 0, 1)
        for x in [0.5, 0.5 + 1e-9, 0.5 - 1e-6, 0.49, 0.52, 0.1, 0.9] {
            let t = 0.5 + cbrt((x - 0.5) / 4)
            let exact = 3 * (1 - t) * t * t + t * t * t
            // Right on the flat spot, rounding in x(t) alone (~1e-16) moves t
            // by cbrt(1e-16 / 4) ~ 3e-6: the documented ill-conditioned case.
            let accuracy = x == 0.5 ? 1e-5 : 1e-7
            XCTAssertEqual(function.evaluate(x), exact, accuracy: accuracy, "at \(x)")
        }
    }

    func testControlPointXOutsideUnitRangeIsClampedForEvaluation() {
        let function = CAMediaTimingFunction(controlPoints: -1, 0, 2, 1)
        XCTAssertEqual(points(function)[2], -1, "stored as given")
        let clamped = CAMediaTimingFunction(controlPoints: 0, 0, 1, 1)
        for x in [0.1, 0.3, 0.5, 0.8] {
            XCTAssertEqual(function.evaluate(x), clamped.evaluate(x), accuracy: 1e-9)
        }
    }

    func testNonFiniteControlPointsNeverProduceNaN() {
        let function = CAMediaTimingFunction(controlPoints: .nan, .infinity, -.infinity, .nan)
        for x in stride(from: 0.0, through: 1.0, by: 0.1) {
            XCTAssertFalse(function.evaluate(x).isNaN)
        }
    }

    func testSendableAcrossThreads() async {
        let function = CAMediaTimingFunction(name: .easeIn)
        let value = await Task.detached { function.evaluate(0.5) }.value
        XCTAssertEqual(value, 0.3153568, accuracy: 1e-6)
    }

    /// Plain bisection on the same curve, the slow obvious way.
    private func referenceEvaluate(_ function: CAMediaTimingFunction, _ x: Double) -> Double {
        let p = function.controlPoints
        let c1x = min(max(p.c1x, 0), 1)
        let c2x = min(max(p.c2x, 0), 1)
        func bezier(_ a: Double, _ b: Double, _ t: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
        }
        var low = 0.0
        var high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if bezier(c1x, c2x, mid) < x { low = mid } else { high = mid }
        }
        return bezier(p.c1y, p.c2y, (low + high) / 2)
    }
}
