import XCTest
@testable import QuartzCore

/// Where a number is said to be measured, it was measured on Apple's
/// QuartzCore (macOS) by a public conformance test: an opacity
/// `CAKeyframeAnimation` of one second with values 0, 1, 0.5, 0.7, with and
/// without key times 0, 0.1, 0.6, 1. Those are the strongest evidence of
/// Apple's behaviour where the documentation is silent.
final class KeyframeEvaluatorTests: XCTestCase {
    private let measuredValues: [AnimatableValue] = [.number(0), .number(1), .number(0.5), .number(0.7)]
    private let measuredKeyTimes = [0, 0.1, 0.6, 1.0]
    private let measuredTimes = [0.05, 0.2, 0.3, 0.4, 0.5, 0.7, 0.8, 0.9]

    private func numbers(_ evaluator: KeyframeEvaluator?, at times: [Double]) -> [Double] {
        guard let evaluator else { XCTFail("no evaluator"); return [] }
        return times.map { evaluator.value(at: $0).number ?? .nan }
    }

    private func assertNumbers(_ got: [Double], _ want: [Double], accuracy: Double = 1e-6,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(got.count, want.count, file: file, line: line)
        for (index, (g, w)) in zip(got, want).enumerated() {
            XCTAssertEqual(g, w, accuracy: accuracy, "at index \(index)", file: file, line: line)
        }
    }

    private func measured(_ mode: KeyframeEvaluator.CalculationMode, keyTimes: Bool) -> [Double] {
        numbers(KeyframeEvaluator(values: measuredValues, keyTimes: keyTimes ? measuredKeyTimes : nil,
                                  calculationMode: mode), at: measuredTimes)
    }

    private func nums(_ values: Double...) -> [AnimatableValue] { values.map { .number($0) } }

    // MARK: Apple's measured values, mode by mode

    func testLinearMatchesApple() {
        assertNumbers(measured(.linear, keyTimes: false), [0.15, 0.6, 0.9, 0.9, 0.75, 0.52, 0.58, 0.64])
        assertNumbers(measured(.linear, keyTimes: true), [0.5, 0.9, 0.8, 0.7, 0.6, 0.55, 0.6, 0.65])
    }

    func testDiscreteMatchesApple() {
        // Without key times each of the four values holds for a quarter.
        assertNumbers(measured(.discrete, keyTimes: false), [0, 0, 1, 1, 0.5, 0.5, 0.7, 0.7])
        // With as many key times as values the last is only reached at 1.0.
        assertNumbers(measured(.discrete, keyTimes: true), [0, 1, 1, 1, 1, 0.5, 0.5, 0.5])
    }

    func testPacedMatchesApple() {
        assertNumbers(measured(.paced, keyTimes: false), [0.085, 0.34, 0.51, 0.68, 0.85, 0.81, 0.64, 0.53])
        // Key times are ignored.
        assertNumbers(measured(.paced, keyTimes: true), [0.085, 0.34, 0.51, 0.68, 0.85, 0.81, 0.64, 0.53])
    }

    func testCubicMatchesApple() {
        assertNumbers(measured(.cubic, keyTimes: false),
                      [0.16434374, 0.708, 0.96075, 0.9848, 0.8, 0.49165, 0.5296, 0.61795], accuracy: 1e-6)
        assertNumbers(measured(.cubic, keyTimes: true),
                      [0.6145833, 1.0066667, 0.9, 0.74, 0.58666664, 0.503125, 0.55833334, 0.634375], accuracy: 1e-6)
    }

    func testKeyTimesOfAnotherCountPairTheCommonPrefix() {
        // Measured: three key times for four values use the first three values.
        let evaluator = KeyframeEvaluator(values: measuredValues, keyTimes: [0, 0.5, 1])
        assertNumbers(numbers(evaluator, at: [0.1, 0.25, 0.4, 0.6, 0.75, 0.9]), [0.2, 0.5, 0.8, 0.9, 0.75, 0.6])
        XCTAssertEqual(evaluator?.values.count, 3)
    }

    // MARK: Linear

    func testLinearWithKeyTimes() {
        // Half way through the time is a third of the way through the second segment.
        let evaluator = KeyframeEvaluator(values: nums(0, 10, 20), keyTimes: [0, 0.25, 1])
        XCTAssertEqual(evaluator?.value(at: 0.5).number ?? .nan, 10 + 10.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(evaluator?.value(at: 0.125).number, 5)
        XCTAssertEqual(evaluator?.value(at: 1).number, 20)
    }

    func testLinearInterpolatesEveryKind() {
        let points: [AnimatableValue] = [.point(.zero), .point(CGPoint(x: 10, y: 0)), .point(CGPoint(x: 10, y: 30))]
        assertClose(KeyframeEvaluator(values: points)?.value(at: 0.75), .point(CGPoint(x: 10, y: 15)))
        let colors: [AnimatableValue] = [.color(CGColor(red: 1, green: 0, blue: 0, alpha: 1)),
                                         .color(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))]
        XCTAssertEqual(rgba(KeyframeEvaluator(values: colors)?.value(at: 0.5)), [0.5, 0, 0.5, 0.75])
    }

    func testKeyTimesNotStartingAtZeroHoldTheFirstValue() {
        let evaluator = KeyframeEvaluator(values: nums(0, 10, 20), keyTimes: [0.2, 0.6, 0.8])
        assertNumbers(numbers(evaluator, at: [0.1, 0.4, 0.9]), [0, 5, 20])
    }

    func testRepeatedKeyTimesJump() {
        let evaluator = KeyframeEvaluator(values: nums(0, 10, 20, 30), keyTimes: [0, 0.5, 0.5, 1])
        assertNumbers(numbers(evaluator, at: [0.25, 0.5, 0.75]), [5, 20, 25])
    }

    func testInvalidKeyTimesAreIgnored() {
        // Apple: "If the values in this array are invalid ... they are ignored."
        for bad in [[0, 1.5, 2], [0, 0.8, 0.6], [0, .nan, 1], [0.5]] {
            let evaluator = KeyframeEvaluator(values: nums(0, 10, 20), keyTimes: bad)
            XCTAssertEqual(evaluator?.keyTimesWereIgnored, true, "\(bad)")
            XCTAssertEqual(evaluator?.keyTimes, [0, 0.5, 1], "\(bad)")
            XCTAssertEqual(evaluator?.value(at: 0.75).number, 15, "\(bad)")
        }
        XCTAssertEqual(KeyframeEvaluator(values: nums(0, 10, 20), keyTimes: [0, 0.4, 1])?.keyTimesWereIgnored, false)
    }

    func testFractionsAreClamped() {
        let evaluator = KeyframeEvaluator(values: nums(3, 5))
        assertNumbers(numbers(evaluator, at: [-1, 2, .nan]), [3, 5, 3])
    }

    // MARK: Timing functions

    func testTimingFunctionsShapeTheirOwnSegment() {
        let square: KeyframeEvaluator.TimingFunction = { $0 * $0 }
        let root: KeyframeEvaluator.TimingFunction = { $0.squareRoot() }
        let one = KeyframeEvaluator(values: nums(0, 10, 20), timingFunctions: [square])
        // The first segment eases in; the second, with no function, stays linear.
        assertNumbers(numbers(one, at: [0.25, 0.5, 0.75]), [2.5, 10, 15])
        let two = KeyframeEvaluator(values: nums(0, 10, 20), timingFunctions: [square, root])
        XCTAssertEqual(two?.value(at: 0.75).number ?? .nan, 10 + 10 * 0.5.squareRoot(), accuracy: 1e-12)
    }

    func testTimingFunctionsApplyWithinKeyTimesAndToCubic() {
        let square: KeyframeEvaluator.TimingFunction = { $0 * $0 }
        let timed = KeyframeEvaluator(values: nums(0, 10, 20), keyTimes: [0, 0.8, 1], timingFunctions: [square])
        XCTAssertEqual(timed?.value(at: 0.4).number ?? .nan, 2.5, accuracy: 1e-12)
        // Cubic: the timing function remaps the segment's parameter.
        let plain = KeyframeEvaluator(values: nums(0, 1, 0), calculationMode: .cubic)
        let eased = KeyframeEvaluator(values: nums(0, 1, 0), timingFunctions: [square], calculationMode: .cubic)
        XCTAssertEqual(eased?.value(at: 0.25).number ?? .nan, plain?.value(at: 0.125).number ?? 0, accuracy: 1e-12)
    }

    func testTimingFunctionsAreIgnoredWhenDiscreteOrPaced() {
        let jump: KeyframeEvaluator.TimingFunction = { _ in 0.99 }
        for mode in [KeyframeEvaluator.CalculationMode.discrete, .paced, .cubicPaced] {
            let with = KeyframeEvaluator(values: nums(0, 1, 3), timingFunctions: [jump, jump], calculationMode: mode)
            let without = KeyframeEvaluator(values: nums(0, 1, 3), calculationMode: mode)
            assertNumbers(numbers(with, at: [0.1, 0.4, 0.7]), numbers(without, at: [0.1, 0.4, 0.7]))
        }
    }

    // MARK: Discrete

    func testDiscreteWithOneMoreKeyTimeThanValues() {
        // Apple's example: the penultimate key time 0.75 holds 60 until the end.
        let evaluator = KeyframeEvaluator(values: nums(310, 60, 120, 60), keyTimes: [0, 0.25, 0.5, 0.75, 1],
                                          calculationMode: .discrete)
        assertNumbers(numbers(evaluator, at: [0, 0.1, 0.3, 0.5, 0.8, 1]), [310, 310, 60, 120, 60, 60])
        // Measured: values 0, 1, 0.3 with key times 0, 0.3, 0.6, 1.
        let measured = KeyframeEvaluator(values: nums(0, 1, 0.3), keyTimes: [0, 0.3, 0.6, 1], calculationMode: .discrete)
        assertNumbers(numbers(measured, at: [0.1, 0.35, 0.65, 0.95]), [0, 1, 0.3, 0.3])
    }

    func testDiscreteDoesNotInterpolateAnyKind() {
        let evaluator = KeyframeEvaluator(values: [.point(.zero), .point(CGPoint(x: 10, y: 10))], calculationMode: .discrete)
        XCTAssertEqual(evaluator?.value(at: 0.49), .point(.zero))
        XCTAssertEqual(evaluator?.value(at: 0.5), .point(CGPoint(x: 10, y: 10)))
    }

    // MARK: Paced

    func testPacedSpacesByDistance() {
        // Distances 1 and 2: half way through the time is half way along, 1.5.
        let evaluator = KeyframeEvaluator(values: nums(0, 1, 3), calculationMode: .paced)
        XCTAssertEqual(evaluator?.value(at: 0.5).number, 1.5)
        XCTAssertEqual(evaluator?.keyTimes, [0, 1.0 / 3, 1])
        let points: [AnimatableValue] = [.point(.zero), .point(CGPoint(x: 10, y: 0)), .point(CGPoint(x: 110, y: 0))]
        let pacedPoints = KeyframeEvaluator(values: points, keyTimes: [0, 0.9, 1], calculationMode: .paced)
        assertClose(pacedPoints?.value(at: 0.5), .point(CGPoint(x: 55, y: 0)), accuracy: 1e-9)
        assertClose(pacedPoints?.value(at: 0.1), .point(CGPoint(x: 11, y: 0)), accuracy: 1e-9)
    }

    func testPacedValuesThatDoNotMoveAreSpacedEvenly() {
        let evaluator = KeyframeEvaluator(values: nums(4, 4, 4), calculationMode: .paced)
        XCTAssertEqual(evaluator?.keyTimes, [0, 0.5, 1])
        XCTAssertEqual(evaluator?.value(at: 0.3).number, 4)
    }

    // MARK: Cubic

    func testCubicPassesThroughItsKnots() {
        let evaluator = KeyframeEvaluator(values: measuredValues, calculationMode: .cubic)
        assertNumbers(numbers(evaluator, at: [0, 1.0 / 3, 2.0 / 3, 1]), [0, 1, 0.5, 0.7], accuracy: 1e-12)
        let timed = KeyframeEvaluator(values: measuredValues, keyTimes: measuredKeyTimes, calculationMode: .cubic)
        assertNumbers(numbers(timed, at: measuredKeyTimes), [0, 1, 0.5, 0.7], accuracy: 1e-12)
    }

    func testCubicEndsReachStraightForTheirNeighbour() {
        // 0, 1, 0: the end tangent is the whole step (1), the middle one 0, so a
        // quarter of the way is 0.125 + 0.5 = 0.625; mirrored on the way down.
        let evaluator = KeyframeEvaluator(values: nums(0, 1, 0), calculationMode: .cubic)
        assertNumbers(numbers(evaluator, at: [0.25, 0.75]), [0.625, 0.625], accuracy: 1e-12)
        // Two values make a straight line.
        let two = KeyframeEvaluator(values: nums(2, 6), calculationMode: .cubic)
        assertNumbers(numbers(two, at: [0.25, 0.5]), [3, 4], accuracy: 1e-12)
    }

    func testTensionContinuityAndBias() {
        let plain = KeyframeEvaluator(values: nums(0, 1, 0), calculationMode: .cubic)
        // Tension 1 takes all slope out: a smoothstep, 0.5 a quarter of the way.
        let tight = KeyframeEvaluator(values: nums(0, 1, 0), calculationMode: .cubic, tensionValues: [1, 1, 1])
        XCTAssertEqual(tight?.value(at: 0.25).number ?? .nan, 0.5, accuracy: 1e-12)
        // Missing entries count as 0.
        let partial = KeyframeEvaluator(values: nums(0, 1, 0), calculationMode: .cubic, tensionValues: [0])
        XCTAssertEqual(partial?.value(at: 0.25).number, plain?.value(at: 0.25).number)
        // Bias and continuity at the middle value change the curve but not the knot.
        let points: [AnimatableValue] = [.point(.zero), .point(CGPoint(x: 10, y: 10)), .point(CGPoint(x: 30, y: 0))]
        let straight = KeyframeEvaluator(values: points, calculationMode: .cubic)
        for shaped in [KeyframeEvaluator(values: points, calculationMode: .cubic, biasValues: [0, 1, 0]),
                       KeyframeEvaluator(values: points, calculationMode: .cubic, continuityValues: [0, -1, 0])] {
            XCTAssertNotEqual(shaped?.value(at: 0.25), straight?.value(at: 0.25))
            assertClose(shaped?.value(at: 0.5), .point(CGPoint(x: 10, y: 10)), accuracy: 1e-12)
        }
    }

    func testCubicBiasLeansTheCurve() {
        // Apple: positive bias moves the curve before the control point. Here
        // the tangent leaving 1 follows the rise before it rather than the
        // flat stretch after, so the curve carries on above 1.
        let biased = KeyframeEvaluator(values: nums(0, 1, 1), calculationMode: .cubic, biasValues: [0, 1, 0])
        XCTAssertGreaterThan(biased?.value(at: 0.55).number ?? 0, 1)
    }

    func testCubicTransformsFallBackToStraightSegments() {
        let values: [AnimatableValue] = [0, 10, 30].map { .transform(CATransform3DMakeTranslation($0, 0, 0)) }
        let evaluator = KeyframeEvaluator(values: values, calculationMode: .cubic)
        assertClose(evaluator?.value(at: 0.25), .transform(CATransform3DMakeTranslation(5, 0, 0)), accuracy: 1e-12)
    }

    func testCubicColorsClampOnlyAtTheEnd() {
        // The spline overshoots 1 on the way; the colour that comes out is clamped.
        let colors: [AnimatableValue] = [0, 1, 1].map { .color(CGColor(gray: $0, alpha: 1)) }
        let evaluator = KeyframeEvaluator(values: colors, calculationMode: .cubic, biasValues: [0, 1, 0])
        XCTAssertEqual(rgba(evaluator?.value(at: 0.55)), [1, 1, 1, 1])
    }

    // MARK: Cubic paced

    func testCubicPacedReachesBothEnds() {
        // Apple's cubicPaced example values.
        let evaluator = KeyframeEvaluator(values: nums(310, 60, 120, 60, 310), calculationMode: .cubicPaced)
        XCTAssertEqual(evaluator?.value(at: 0).number ?? .nan, 310, accuracy: 1e-9)
        XCTAssertEqual(evaluator?.value(at: 1).number ?? .nan, 310, accuracy: 1e-9)
    }

    func testCubicPacedMovesAtOneSpeed() {
        // Along a monotonic curve distance is progress: 0, 1, 3 paced is 1.5 half way.
        let line = KeyframeEvaluator(values: nums(0, 1, 3), keyTimes: [0, 0.9, 1], calculationMode: .cubicPaced)
        assertNumbers(numbers(line, at: [0.25, 0.5, 0.75]), [0.75, 1.5, 2.25], accuracy: 1e-3)
        // Round a corner: equal times cover equal lengths of curve.
        let corner: [AnimatableValue] = [.point(.zero), .point(CGPoint(x: 100, y: 0)), .point(CGPoint(x: 100, y: 100))]
        guard let evaluator = KeyframeEvaluator(values: corner, calculationMode: .cubicPaced) else { return XCTFail() }
        var previous = evaluator.value(at: 0), steps: [Double] = []
        for i in 1...20 {
            let next = evaluator.value(at: Double(i) / 20)
            steps.append(previous.distance(to: next) ?? 0)
            previous = next
        }
        XCTAssertLessThan((steps.max() ?? 0) - (steps.min() ?? 0), 0.05 * (steps.max() ?? 0), "\(steps)")
        // Plain cubic does not: its first step is much shorter than its longest.
        let cubic = KeyframeEvaluator(values: corner, calculationMode: .cubic)
        XCTAssertNotEqual(cubic?.value(at: 0.05), evaluator.value(at: 0.05))
    }

    func testCubicPacedWithoutLengthOrSplineStillEvaluates() {
        let still = KeyframeEvaluator(values: nums(4, 4, 4), calculationMode: .cubicPaced)
        assertNumbers(numbers(still, at: [0, 0.3, 1]), [4, 4, 4])
        // Transforms are paced straight between values, by their entries.
        let turns: [AnimatableValue] = [0, 10, 30].map { .transform(CATransform3DMakeTranslation($0, 0, 0)) }
        let paced = KeyframeEvaluator(values: turns, calculationMode: .cubicPaced)
        assertClose(paced?.value(at: 0.5), .transform(CATransform3DMakeTranslation(15, 0, 0)), accuracy: 1e-12)
    }

    // MARK: What cannot be evaluated

    func testEmptySingleAndMixedValuesGiveNoEvaluator() {
        XCTAssertNil(KeyframeEvaluator(values: []))
        // Measured: one value applies nothing (the model value shows).
        XCTAssertNil(KeyframeEvaluator(values: [.number(0.3)]))
        XCTAssertNil(KeyframeEvaluator(values: [.number(1), .point(.zero)]))
        XCTAssertNil(KeyframeEvaluator(values: [.array([.number(1)]), .array([.number(1), .number(2)])]))
    }

    // MARK: Validation

    private func problems(_ values: [AnimatableValue], keyTimes: [Double]? = nil, timing: Int? = nil,
                          mode: KeyframeEvaluator.CalculationMode = .linear) -> [String] {
        KeyframeEvaluator.validate(values: values, keyTimes: keyTimes, timingFunctionCount: timing, calculationMode: mode)
    }

    private func assertMentions(_ problems: [String], _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(problems.contains { $0.contains(text) }, "\(problems) lacks \"\(text)\"", file: file, line: line)
    }

    func testValidationAcceptsWellFormedInput() {
        XCTAssertEqual(problems(nums(0, 1, 2), keyTimes: [0, 0.5, 1], timing: 2), [])
        XCTAssertEqual(problems(nums(0, 1, 2), keyTimes: [0, 0.2, 0.5, 1], mode: .discrete), [])
    }

    func testValidationReportsEachProblem() {
        assertMentions(problems([]), "values is empty")
        assertMentions(problems(nums(1)), "single value: Core Animation applies nothing")
        assertMentions(problems([.number(1), .size(.zero)]), "values[1] is not the same kind as values[0]")
        assertMentions(problems(measuredValues, keyTimes: [0, 0.5, 1]),
                       "keyTimes has 3 entries; linear mode expects values.count (4): only the first 3 values are used")
        assertMentions(problems(measuredValues, keyTimes: [0, 0.1, 0.6, 1], mode: .discrete),
                       "discrete mode expects values.count + 1 (5): the last value is reached only at keyTimes[3]")
        assertMentions(problems(nums(0, 1), keyTimes: [0, 1.5]), "keyTimes[1] = 1.5 is outside 0...1")
        assertMentions(problems(nums(0, 1, 2), keyTimes: [0, 0.8, 0.6]), "keyTimes decrease at index 2 (0.6 after 0.8)")
        assertMentions(problems(nums(0, 1), keyTimes: [0, .infinity]), "keyTimes[1] is not a finite number")
        assertMentions(problems(nums(0, 1), keyTimes: [0.1, 0.9]), "keyTimes should start at 0")
        assertMentions(problems(nums(0, 1), keyTimes: [0.1, 0.9]), "keyTimes should end at 1")
        assertMentions(problems(measuredValues, timing: 1), "timingFunctions has 1 entries but there are 3 segments")
        assertMentions(problems(nums(0, 1), timing: 1, mode: .discrete), "timingFunctions are ignored in discrete mode")
        assertMentions(problems(nums(0, 1), keyTimes: [0, 1], mode: .paced), "keyTimes are ignored in paced mode")
    }

    func testEvaluatorCarriesItsProblems() {
        let evaluator = KeyframeEvaluator(values: nums(0, 1, 2), keyTimes: [0, 2, 1])
        XCTAssertEqual(evaluator?.problems, problems(nums(0, 1, 2), keyTimes: [0, 2, 1]))
        XCTAssertFalse(evaluator?.problems.isEmpty ?? true)
    }

    func testModesUseApplesRawValues() {
        XCTAssertEqual(KeyframeEvaluator.CalculationMode.allCases.map(\.rawValue),
                       ["linear", "discrete", "paced", "cubic", "cubicPaced"])
    }
}

/// Keyframes along a flattened path.
final class KeyframePolylineTests: XCTestCase {
    private func along(_ points: [CGPoint], _ fraction: Double, paced: Bool,
                       keyframes: [Int]? = nil) -> (point: CGPoint, tangentAngle: Double) {
        KeyframeEvaluator.evaluateAlongPolyline(points: points, cumulativeLengths: nil, fraction: fraction,
                                                paced: paced, keyframeIndices: keyframes)
    }

    private func assertPoint(_ got: CGPoint, _ x: Double, _ y: Double, accuracy: Double = 1e-9,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Double(got.x), x, accuracy: accuracy, "x", file: file, line: line)
        XCTAssertEqual(Double(got.y), y, accuracy: accuracy, "y", file: file, line: line)
    }

    /// The path Apple was measured on: a line from (0,0) to (100,0), then a
    /// curve to (200,100) with controls (150,0) and (200,50), flattened in
    /// even steps of the curve's parameter. The line ends at vertex 1 and the
    /// curve at vertex 201.
    private let measuredPath: [CGPoint] = {
        var points = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)]
        for j in 1...200 {
            let t = Double(j) / 200, u = 1 - t
            let x = u * u * u * 100 + 3 * u * u * t * 150 + 3 * u * t * t * 200 + t * t * t * 200
            let y = 3 * u * t * t * 50 + t * t * t * 100
            points.append(CGPoint(x: x, y: y))
        }
        return points
    }()
    private let measuredTimes = [0.0, 0.1, 0.25, 0.5, 0.6, 0.75, 0.9, 0.99]

    func testUnpacedPathGivesEachElementAnEqualShareMeasured() {
        let want = [(0.0, 0.0), (20, 0), (50, 0), (100, 0), (129.6, 5.6), (168.75, 31.25), (194.4, 70.4), (199.94, 97.0)]
        for (t, (x, y)) in zip(measuredTimes, want) {
            assertPoint(along(measuredPath, t, paced: false, keyframes: [1, 201]).point, x, y, accuracy: 0.3)
        }
    }

    func testPacedPathGoesByLengthMeasured() {
        let want = [(0.0, 0.0), (25.49, 0), (63.72, 0), (126.87, 4.62), (149.72, 15.82), (177.88, 41.5),
                    (195.99, 74.98), (199.96, 97.46)]
        for (t, (x, y)) in zip(measuredTimes, want) {
            assertPoint(along(measuredPath, t, paced: true).point, x, y, accuracy: 0.3)
        }
    }

    func testWithoutKeyframeIndicesEachSegmentGetsAnEqualShare() {
        let lines = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 110, y: 0)]
        assertPoint(along(lines, 0.25, paced: false).point, 5, 0)
        assertPoint(along(lines, 0.75, paced: false).point, 60, 0)
        assertPoint(along(lines, 0.25, paced: true).point, 27.5, 0)
    }

    func testTangentAngleFollowsTheSegment() {
        let corner = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)]
        let first = along(corner, 0.25, paced: true), second = along(corner, 0.75, paced: true)
        assertPoint(first.point, 5, 0)
        XCTAssertEqual(first.tangentAngle, 0)
        assertPoint(second.point, 10, 5)
        XCTAssertEqual(second.tangentAngle, .pi / 2, accuracy: 1e-12)
        XCTAssertEqual(along(corner, 1, paced: true).tangentAngle, .pi / 2, accuracy: 1e-12)
        // Near the end of the measured curve the path runs almost straight down the y axis.
        XCTAssertEqual(along(measuredPath, 0.99, paced: false, keyframes: [1, 201]).tangentAngle, 1.531, accuracy: 0.01)
    }

    func testAutoRotation() {
        XCTAssertEqual(KeyframeEvaluator.autoRotationAngle(tangentAngle: 0.3, reversed: false), 0.3)
        XCTAssertEqual(KeyframeEvaluator.autoRotationAngle(tangentAngle: 0.3, reversed: true), 0.3 + .pi)
    }

    func testDegeneratePolylines() {
        assertPoint(along([], 0.5, paced: true).point, 0, 0)
        let single = along([CGPoint(x: 3, y: 4)], 0.5, paced: false)
        assertPoint(single.point, 3, 4)
        XCTAssertEqual(single.tangentAngle, 0)
        assertPoint(along([CGPoint(x: 3, y: 4), CGPoint(x: 3, y: 4)], 0.5, paced: true).point, 3, 4)
        // A zero-length segment takes the direction of its neighbour.
        let stutter = [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 0), CGPoint(x: 0, y: -5)]
        XCTAssertEqual(along(stutter, 0.1, paced: false).tangentAngle, -.pi / 2, accuracy: 1e-12)
    }

    func testCumulativeLengths() {
        let points = [CGPoint(x: 0, y: 0), CGPoint(x: 3, y: 4), CGPoint(x: 3, y: 10)]
        XCTAssertEqual(KeyframeEvaluator.cumulativeLengths(of: points), [0, 5, 11])
        // Given lengths are used as they are (here deliberately not the real ones);
        // a list of the wrong size is measured afresh.
        let given = KeyframeEvaluator.evaluateAlongPolyline(points: points, cumulativeLengths: [0, 1, 11],
                                                            fraction: 0.5, paced: true)
        assertPoint(given.point, 3, 4 + 6 * 4.5 / 10)
        let wrongSize = KeyframeEvaluator.evaluateAlongPolyline(points: points, cumulativeLengths: [0],
                                                                fraction: 0.5, paced: true)
        assertPoint(wrongSize.point, 3, 4.5)
    }
}
