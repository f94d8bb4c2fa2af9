import XCTest
@testable import QuartzCore

/// `MediaTiming.phase(atParentTime:)`: Apple's second timing stage (repeats,
/// autoreverse, fill modes, timeOffset) for animations.
final class AnimationTimingTests: XCTestCase {
    private func assertActive(
        _ phase: AnimationPhase, _ iteration: Int, _ fraction: Double,
        accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard case .active(let actualIteration, let actualFraction) = phase else {
            return XCTFail("expected .active(\(iteration), \(fraction)), got \(phase)", file: file, line: line)
        }
        XCTAssertEqual(actualIteration, iteration, "iteration", file: file, line: line)
        XCTAssertEqual(actualFraction, fraction, accuracy: accuracy, "fraction", file: file, line: line)
    }

    // MARK: duration and defaults

    func testSinglePassWindowIsStartInclusiveEndExclusive() {
        let timing = MediaTiming(duration: 1)
        XCTAssertEqual(timing.phase(atParentTime: -0.01), .before)
        assertActive(timing.phase(atParentTime: 0), 0, 0)
        assertActive(timing.phase(atParentTime: 0.5), 0, 0.5)
        assertActive(timing.phase(atParentTime: 0.999), 0, 0.999)
        XCTAssertEqual(timing.phase(atParentTime: 1), .after)
        XCTAssertEqual(timing.phase(atParentTime: 50), .after)
        XCTAssertEqual(timing.activeDuration(), 1)
        XCTAssertEqual(timing.endTime(), 1)
    }

    func testZeroDurationMeansQuarterSecondForAnimations() {
        let timing = MediaTiming()
        XCTAssertEqual(MediaTiming.defaultAnimationDuration, 0.25)
        XCTAssertEqual(timing.basicDuration(), 0.25)
        assertActive(timing.phase(atParentTime: 0.125), 0, 0.5)
        XCTAssertEqual(timing.phase(atParentTime: 0.25), .after)
        XCTAssertEqual(timing.endTime(), 0.25)
    }

    func testDefaultDurationParameterLetsLayersBeInfinite() {
        let timing = MediaTiming()
        XCTAssertEqual(timing.activeDuration(defaultDuration: .infinity), .infinity)
        XCTAssertEqual(timing.endTime(defaultDuration: .infinity), .infinity)
        assertActive(timing.phase(atParentTime: 1e6, defaultDuration: .infinity), 0, 0)
        XCTAssertEqual(MediaTiming(duration: 2).basicDuration(defaultDuration: .infinity), 2)
    }

    func testBeginTimeInTheFuture() {
        let timing = MediaTiming(beginTime: 10, duration: 1)
        XCTAssertEqual(timing.phase(atParentTime: 0), .before)
        XCTAssertEqual(timing.phase(atParentTime: 9.99), .before)
        assertActive(timing.phase(atParentTime: 10), 0, 0)
        assertActive(timing.phase(atParentTime: 10.5), 0, 0.5)
        XCTAssertEqual(timing.phase(atParentTime: 11), .after)
        XCTAssertEqual(timing.endTime(), 11)
    }

    // MARK: fill modes

    func testEveryFillModeBeforeDuringAndAfter() {
        func timing(_ fill: CAMediaTimingFillMode) -> MediaTiming {
            MediaTiming(beginTime: 5, duration: 2, fillMode: fill)
        }
        XCTAssertEqual(timing(.removed).phase(atParentTime: 4), .before)
        XCTAssertEqual(timing(.removed).phase(atParentTime: 8), .after)
        assertActive(timing(.backwards).phase(atParentTime: 4), 0, 0)
        XCTAssertEqual(timing(.backwards).phase(atParentTime: 8), .after)
        XCTAssertEqual(timing(.forwards).phase(atParentTime: 4), .before)
        assertActive(timing(.forwards).phase(atParentTime: 8), 0, 1)
        assertActive(timing(.both).phase(atParentTime: 4), 0, 0)
        assertActive(timing(.both).phase(atParentTime: 8), 0, 1)
        for fill: CAMediaTimingFillMode in [.removed, .forwards, .backwards, .both] {
            assertActive(timing(fill).phase(atParentTime: 6), 0, 0.5)
            XCTAssertEqual(timing(fill).endTime(), 7, "fill never changes when it ends")
        }
    }

    func testFillModeRawValuesAndDefault() {
        XCTAssertEqual(CAMediaTimingFillMode.removed.rawValue, "removed")
        XCTAssertEqual(CAMediaTimingFillMode.forwards.rawValue, "forwards")
        XCTAssertEqual(CAMediaTimingFillMode.backwards.rawValue, "backwards")
        XCTAssertEqual(CAMediaTimingFillMode.both.rawValue, "both")
        XCTAssertEqual(MediaTiming().fillMode, .removed)
        XCTAssertTrue(CAMediaTimingFillMode.both.fillsForwards && CAMediaTimingFillMode.both.fillsBackwards)
        XCTAssertFalse(CAMediaTimingFillMode.removed.fillsForwards || CAMediaTimingFillMode.removed.fillsBackwards)
        // An unknown mode behaves like .removed.
        let odd = MediaTiming(duration: 1, fillMode: CAMediaTimingFillMode(rawValue: "frozen"))
        XCTAssertEqual(odd.phase(atParentTime: 2), .after)
    }

    // MARK: repeats

    func testFractionalRepeatCountPlaysPartOfTheLastPass() {
        let timing = MediaTiming(duration: 1, repeatCount: 2.5, fillMode: .forwards)
        XCTAssertEqual(timing.activeDuration(), 2.5)
        assertActive(timing.phase(atParentTime: 0.25), 0, 0.25)
        assertActive(timing.phase(atParentTime: 1.25), 1, 0.25)
        assertActive(timing.phase(atParentTime: 2.25), 2, 0.25)
        assertActive(timing.phase(atParentTime: 2.5), 2, 0.5, accuracy: 1e-12)
        assertActive(timing.phase(atParentTime: 99), 2, 0.5, accuracy: 1e-12)
        XCTAssertEqual(MediaTiming(duration: 1, repeatCount: 2.5).phase(atParentTime: 2.5), .after)
    }

    func testRepeatCountBelowOnePlaysPartOfOnePass() {
        let timing = MediaTiming(duration: 2, repeatCount: 0.5, fillMode: .forwards)
        XCTAssertEqual(timing.activeDuration(), 1)
        assertActive(timing.phase(atParentTime: 5), 0, 0.5)
    }

    func testIntegerRepeatsEndOnTheFinalFrameDespiteRounding() {
        // 3 × 0.1 is not exactly 0.3 in binary; the final frame must still
        // be the end of the third pass, not the start of a fourth.
        let timing = MediaTiming(duration: 0.1, repeatCount: 3, fillMode: .forwards)
        assertActive(timing.phase(atParentTime: 0.15), 1, 0.5)
        assertActive(timing.phase(atParentTime: 10), 2, 1)
        assertActive(timing.phase(atParentTime: timing.activeDuration() - 1e-13), 2, 1, accuracy: 1e-9)
        let longer = MediaTiming(duration: 0.7, repeatCount: 7, fillMode: .forwards)
        assertActive(longer.phase(atParentTime: 100), 6, 1)
    }

    func testIterationCountsRepeatsForCumulativeAnimations() {
        let timing = MediaTiming(duration: 1, repeatCount: 4)
        for pass in 0..<4 {
            assertActive(timing.phase(atParentTime: Double(pass) + 0.5), pass, 0.5)
        }
    }

    func testInfiniteRepeatCountNeverEnds() {
        for count: Float in [.infinity, .greatestFiniteMagnitude] {
            let timing = MediaTiming(duration: 1, repeatCount: count)
            XCTAssertEqual(timing.activeDuration(), .infinity)
            XCTAssertEqual(timing.endTime(), .infinity)
            assertActive(timing.phase(atParentTime: 1e9 + 0.25), 1_000_000_000, 0.25)
            guard case .active(_, let fraction) = timing.phase(atParentTime: .infinity) else {
                return XCTFail("a forever animation is active at +infinity")
            }
            XCTAssertTrue((0...1).contains(fraction))
        }
    }

    func testRepeatDuration() {
        let timing = MediaTiming(duration: 1, repeatDuration: 2.5, fillMode: .forwards)
        XCTAssertEqual(timing.activeDuration(), 2.5)
        assertActive(timing.phase(atParentTime: 1.75), 1, 0.75)
        assertActive(timing.phase(atParentTime: 3), 2, 0.5)
        // Both set is undefined by Apple; repeatDuration wins here.
        XCTAssertEqual(MediaTiming(duration: 1, repeatCount: 10, repeatDuration: 2.5).activeDuration(), 2.5)
        XCTAssertEqual(MediaTiming(duration: 1, repeatDuration: .infinity).endTime(), .infinity)
    }

    // MARK: autoreverses

    func testAutoreverseDoublesEachPass() {
        let timing = MediaTiming(duration: 1, autoreverses: true, fillMode: .forwards)
        XCTAssertEqual(timing.activeDuration(), 2)
        assertActive(timing.phase(atParentTime: 0.25), 0, 0.25)
        assertActive(timing.phase(atParentTime: 1), 0, 1)
        assertActive(timing.phase(atParentTime: 1.25), 0, 0.75)
        assertActive(timing.phase(atParentTime: 1.75), 0, 0.25)
        assertActive(timing.phase(atParentTime: 2), 0, 0, accuracy: 1e-12)
        XCTAssertEqual(timing.endTime(), 2)
    }

    func testAutoreverseWithRepeats() {
        let twice = MediaTiming(duration: 1, repeatCount: 2, autoreverses: true, fillMode: .forwards)
        XCTAssertEqual(twice.activeDuration(), 4)
        assertActive(twice.phase(atParentTime: 2.5), 1, 0.5)
        assertActive(twice.phase(atParentTime: 3.75), 1, 0.25)
        assertActive(twice.phase(atParentTime: 5), 1, 0, accuracy: 1e-12)

        // A fractional count stops part-way through a forward-and-back pass.
        let oneAndAHalf = MediaTiming(duration: 1, repeatCount: 1.5, autoreverses: true, fillMode: .forwards)
        XCTAssertEqual(oneAndAHalf.activeDuration(), 3)
        assertActive(oneAndAHalf.phase(atParentTime: 10), 1, 1, accuracy: 1e-12)
        let twoAndAQuarter = MediaTiming(duration: 1, repeatCount: 2.25, autoreverses: true, fillMode: .forwards)
        assertActive(twoAndAQuarter.phase(atParentTime: 10), 2, 0.5, accuracy: 1e-12)
    }

    // MARK: speed

    func testSpeedTwoPlaysTwiceAsFast() {
        let timing = MediaTiming(beginTime: 1, duration: 1, speed: 2)
        assertActive(timing.phase(atParentTime: 1.25), 0, 0.5)
        XCTAssertEqual(timing.phase(atParentTime: 1.5), .after)
        XCTAssertEqual(timing.endTime(), 1.5)
        XCTAssertEqual(timing.activeDuration(), 1, "activeDuration is in active local time")
    }

    func testSpeedZeroShowsTheFrameAtTimeOffset() {
        let timing = MediaTiming(beginTime: 50, duration: 1, speed: 0, timeOffset: 0.4)
        for t in [-100.0, 0, 50, 100, .infinity, -.infinity, .nan] {
            assertActive(timing.phase(atParentTime: t), 0, 0.4)
        }
        XCTAssertEqual(timing.endTime(), .infinity, "a paused animation never finishes")
        // timeOffset == duration wraps to the first frame, as Apple does
        // (scrubbers use duration minus a little, or fill forwards).
        assertActive(MediaTiming(duration: 1, speed: 0, timeOffset: 1).phase(atParentTime: 3), 0, 0)
    }

    func testNegativeSpeedPlaysBackwards() {
        let timing = MediaTiming(duration: 1, speed: -1)
        assertActive(timing.phase(atParentTime: 0), 0, 1)
        assertActive(timing.phase(atParentTime: 0.25), 0, 0.75)
        assertActive(timing.phase(atParentTime: 0.75), 0, 0.25)
        XCTAssertEqual(timing.phase(atParentTime: 1), .after)
        XCTAssertEqual(timing.phase(atParentTime: -1), .before)
        XCTAssertEqual(timing.endTime(), 1)

        var filling = timing
        filling.fillMode = .both
        assertActive(filling.phase(atParentTime: -1), 0, 1)  // first frame shown = end
        assertActive(filling.phase(atParentTime: 2), 0, 0)  // last frame shown = start

        let faster = MediaTiming(beginTime: 1, duration: 1, speed: -2)
        assertActive(faster.phase(atParentTime: 1.25), 0, 0.5)
        XCTAssertEqual(faster.endTime(), 1.5)
    }

    func testNegativeSpeedWithRepeats() {
        let timing = MediaTiming(duration: 1, speed: -1, repeatCount: 2)
        assertActive(timing.phase(atParentTime: 0), 1, 1)
        assertActive(timing.phase(atParentTime: 0.25), 1, 0.75)
        assertActive(timing.phase(atParentTime: 1.25), 0, 0.75)
        XCTAssertEqual(timing.phase(atParentTime: 2), .after)
        // Forever backwards: stays finite and cycles.
        let forever = MediaTiming(duration: 1, speed: -1, repeatCount: .infinity)
        guard case .active(_, let fraction) = forever.phase(atParentTime: 10.25) else {
            return XCTFail("active forever")
        }
        XCTAssertEqual(fraction, 0.75, accuracy: 1e-9)
    }

    // MARK: timeOffset

    func testTimeOffsetStartsPartWayAndWrapsAround() {
        // Duration 3, offset 1: starts 1 s in, plays to the end, wraps to 0,
        // ends 1 s in, still taking 3 s in total.
        let timing = MediaTiming(duration: 3, timeOffset: 1, fillMode: .both)
        assertActive(timing.phase(atParentTime: -5), 0, 1.0 / 3)
        assertActive(timing.phase(atParentTime: 0), 0, 1.0 / 3)
        assertActive(timing.phase(atParentTime: 1.5), 0, 2.5 / 3)
        assertActive(timing.phase(atParentTime: 2), 0, 0)
        assertActive(timing.phase(atParentTime: 2.5), 0, 0.5 / 3)
        assertActive(timing.phase(atParentTime: 2.999), 0, 0.999 / 3)
        assertActive(timing.phase(atParentTime: 3), 0, 1.0 / 3)
        assertActive(timing.phase(atParentTime: 10), 0, 1.0 / 3)
        XCTAssertEqual(timing.endTime(), 3, "timeOffset does not delay the end")
        XCTAssertEqual(MediaTiming(duration: 3, timeOffset: 1).phase(atParentTime: 3), .after)
    }

    func testTimeOffsetWrapsOverTheWholeActiveDuration() {
        let timing = MediaTiming(duration: 1, timeOffset: 0.5, repeatCount: 2, fillMode: .forwards)
        assertActive(timing.phase(atParentTime: 0), 0, 0.5)
        assertActive(timing.phase(atParentTime: 0.5), 1, 0)
        assertActive(timing.phase(atParentTime: 1.25), 1, 0.75)
        assertActive(timing.phase(atParentTime: 1.6), 0, 0.1)
        assertActive(timing.phase(atParentTime: 5), 0, 0.5)
    }

    func testNegativeAndLargeTimeOffsets() {
        assertActive(MediaTiming(duration: 1, timeOffset: -0.25).phase(atParentTime: 0), 0, 0.75)
        assertActive(MediaTiming(duration: 1, timeOffset: 7.25).phase(atParentTime: 0), 0, 0.25)
        let autoreversing = MediaTiming(duration: 1, timeOffset: 1.5, autoreverses: true)
        assertActive(autoreversing.phase(atParentTime: 0), 0, 0.5)
        assertActive(autoreversing.phase(atParentTime: 0.75), 0, 0.25)  // 2.25 wraps to 0.25
    }

    func testTimeOffsetWithNegativeSpeed() {
        // Backwards from the end, shifted by the offset: position = 3 - t + 1.
        let timing = MediaTiming(duration: 3, speed: -1, timeOffset: 1, fillMode: .both)
        assertActive(timing.phase(atParentTime: 0), 0, 1.0 / 3)
        assertActive(timing.phase(atParentTime: 0.5), 0, 0.5 / 3)
        assertActive(timing.phase(atParentTime: 1.5), 0, 2.5 / 3)
        assertActive(timing.phase(atParentTime: 4), 0, 1.0 / 3)
    }

    // MARK: invalid input

    func testInvalidDurationsFallBackToTheDefault() {
        for duration in [-1.0, .nan, -.infinity] {
            XCTAssertEqual(MediaTiming(duration: duration).basicDuration(), 0.25)
        }
        for fallback in [0.0, -1, .nan] {
            XCTAssertEqual(MediaTiming().basicDuration(defaultDuration: fallback), 0.25)
        }
        let infinite = MediaTiming(duration: .infinity, autoreverses: true)
        assertActive(infinite.phase(atParentTime: 5), 0, 0)
        XCTAssertEqual(infinite.endTime(), .infinity)
    }

    func testInvalidRepeatValuesMeanOnce() {
        for count: Float in [.nan, -3, 0, -.infinity] {
            XCTAssertEqual(MediaTiming(duration: 1, repeatCount: count).activeDuration(), 1, "\(count)")
        }
        for repeatDuration: Double in [.nan, -2, 0, -.infinity] {
            XCTAssertEqual(MediaTiming(duration: 1, repeatDuration: repeatDuration).activeDuration(), 1)
        }
        let tiny = MediaTiming(duration: 1, repeatCount: .leastNonzeroMagnitude, fillMode: .both)
        XCTAssertGreaterThan(tiny.activeDuration(), 0)
        assertActive(tiny.phase(atParentTime: 1), 0, 0, accuracy: 1e-6)
    }

    func testInvalidTimesNeverProduceNaN() {
        let timing = MediaTiming(beginTime: .nan, duration: 1, speed: .nan, timeOffset: .infinity)
        assertActive(timing.phase(atParentTime: 0.5), 0, 0.5)  // read as 0, 1, 0
        XCTAssertEqual(timing.endTime(), 1)

        let plain = MediaTiming(duration: 1)
        XCTAssertEqual(plain.phase(atParentTime: .nan), .before)
        XCTAssertEqual(plain.phase(atParentTime: -.infinity), .before)
        XCTAssertEqual(plain.phase(atParentTime: .infinity), .after)
        let both = MediaTiming(duration: 1, fillMode: .both)
        assertActive(both.phase(atParentTime: .nan), 0, 0)
        assertActive(both.phase(atParentTime: .infinity), 0, 1)

        let infinitelyFast = MediaTiming(duration: 1, speed: .infinity, fillMode: .forwards)
        assertActive(infinitelyFast.phase(atParentTime: 0), 0, 0)
        assertActive(infinitelyFast.phase(atParentTime: 1e-30), 0, 1)
        XCTAssertEqual(infinitelyFast.endTime(), 1 / Double(Float.greatestFiniteMagnitude))

        let huge = MediaTiming(duration: 1e-300, speed: -.greatestFiniteMagnitude, repeatCount: .infinity)
        for t in [1e308, -1e308, Double.greatestFiniteMagnitude] {
            if case .active(_, let fraction) = huge.phase(atParentTime: t) {
                XCTAssertFalse(fraction.isNaN)
            }
        }
    }
}
