import XCTest
@testable import QuartzCore

/// The profiler's arithmetic: percentiles, the frame history, the exit
/// summary, and the debug settings read from the environment.
final class ProfilerStatisticsTests: ModelTestCase {
    /// A frame of `work` seconds (all compositing) ending at `end`.
    private func frame(endingAt end: Double, work: Double = 0.004, dropped: Int = 0) -> FrameStatistics {
        FrameStatistics(frameTime: end, compositing: work, damagedPixels: 25, targetPixels: 100, layerCount: 7,
                        droppedFramesSoFar: dropped, runningAnimations: 2, startedAt: end - work, finishedAt: end)
    }

    func testPercentilesAreNearestRank() throws {
        let hundred = try XCTUnwrap(FrameTimePercentiles((1...100).reversed().map(Double.init)))
        XCTAssertEqual([hundred.p50, hundred.p95, hundred.p99, hundred.maximum], [50, 95, 99, 100])
        XCTAssertEqual(hundred.count, 100)
        let four = try XCTUnwrap(FrameTimePercentiles([4, 1, 3, 2]))
        XCTAssertEqual([four.p50, four.p95, four.p99, four.maximum], [2, 4, 4, 4], "always one of the samples")
        let one = try XCTUnwrap(FrameTimePercentiles([7]))
        XCTAssertEqual([one.p50, one.p99, one.maximum], [7, 7, 7])
        let ten = try XCTUnwrap(FrameTimePercentiles([1, 1, 1, 1, 1, 1, 1, 1, 1, 30]))
        XCTAssertEqual([ten.p50, ten.p95, ten.maximum], [1, 30, 30], "one slow frame in ten is the 95th percentile")
        XCTAssertNil(FrameTimePercentiles([Double]()))
        XCTAssertEqual(FrameTimePercentiles([.nan, 2])?.count, 1, "NaN samples are left out")
    }

    func testHistogramPercentilesAreRightToTheirBucket() throws {
        var histogram = DurationHistogram()
        XCTAssertNil(histogram.percentiles)
        for millisecond in 1...100 { histogram.add(Double(millisecond) / 1000) }
        let p = try XCTUnwrap(histogram.percentiles)
        XCTAssertEqual(p.p50, 0.050, accuracy: DurationHistogram.fineWidth)
        XCTAssertEqual(p.p95, 0.095, accuracy: DurationHistogram.fineWidth)
        XCTAssertEqual(p.p99, 0.099, accuracy: DurationHistogram.fineWidth)
        XCTAssertEqual(p.maximum, 0.1, "the maximum is exact")
        XCTAssertEqual(p.count, 100)

        var steady = DurationHistogram()
        for _ in 0..<1000 { steady.add(1.0 / 60) }
        steady.add(5)
        XCTAssertEqual(steady.percentile(50), 1.0 / 60, "equal durations report themselves")
        XCTAssertEqual(steady.percentile(100), 5, "beyond the buckets: the maximum")
        steady.add(.nan)
        XCTAssertEqual(steady.count, 1001)
    }

    func testHistoryKeepsTheLastFramesAndCountsTheLastSecond() throws {
        var history = FrameHistory()
        for index in 1...300 { history.record(frame(endingAt: Double(index) / 60, work: Double(index) / 100_000)) }
        XCTAssertEqual(history.frames.count, FrameHistory.capacity)
        XCTAssertEqual(history.frames.first?.finishedAt, 61.0 / 60, "the oldest kept is the 61st")
        XCTAssertEqual(history.latest?.finishedAt, 5)
        XCTAssertEqual(history.framesInLastSecond, 60)
        XCTAssertEqual(history.intervals.count, FrameHistory.capacity - 1)
        for interval in history.intervals { XCTAssertEqual(interval, 1.0 / 60, accuracy: 1e-9) }
        let work = try XCTUnwrap(history.workPercentiles)
        XCTAssertEqual(work.maximum, 0.003, accuracy: 1e-12)
        XCTAssertEqual(work.p50, 0.0018, accuracy: 1e-12, "the 120th of frames 61...300")
        XCTAssertEqual(history.repaintedShare, 0.25)
    }

    func testIdleTimeIsTheGapLessTheCommitsApplied() throws {
        var history = FrameHistory()
        XCTAssertNil(history.latestIdleTime)
        history.record(frame(endingAt: 1))
        XCTAssertNil(history.latestIdleTime, "one frame has no gap before it")
        var next = frame(endingAt: 1.1, work: 0.01)
        next.applyingCommits = 0.02
        history.record(next)
        XCTAssertEqual(try XCTUnwrap(history.latestIdleTime), 0.1 - 0.01 - 0.02, accuracy: 1e-9)
    }

    func testReadoutFigures() {
        var history = FrameHistory()
        for index in 1...10 { history.record(frame(endingAt: Double(index) / 60, dropped: index / 5)) }
        let readout = ProfilerReadout(history: history, displayInterval: 1.0 / 60)
        XCTAssertEqual(readout.headline, "10 fps  (display 60 Hz)")
        XCTAssertEqual(readout.lines[0], "work p50 4.0 p95 4.0 p99 4.0 max 4.0 ms")
        XCTAssertEqual(readout.lines[1], "gap  p50 16.7 p95 16.7 p99 16.7 max 16.7 ms")
        XCTAssertEqual(readout.lines[2], "last commit 0.0 anim 0.0 comp 4.0 pres 0.0 idle 12.7 ms")
        XCTAssertEqual(readout.lines[3], "dropped 2  repainted 25%  layers 7  anims 2")
        XCTAssertEqual(readout.workTimes.count, 10)
        XCTAssertNil(readout.intervals.first!, "no interval before the first frame kept")
    }

    func testNumberFormatting() {
        XCTAssertEqual(ProfilerReadout.format(1.25, decimals: 1), "1.3")
        XCTAssertEqual(ProfilerReadout.format(0.04, decimals: 1), "0.0")
        XCTAssertEqual(ProfilerReadout.format(9.96, decimals: 1), "10.0")
        XCTAssertEqual(ProfilerReadout.format(-2.5, decimals: 2), "-2.50")
        XCTAssertEqual(ProfilerReadout.format(59.6, decimals: 0), "60")
        XCTAssertEqual(ProfilerReadout.format(.nan, decimals: 1), "—")
        XCTAssertEqual(ProfilerReadout.ms(0.25), "250")
    }

    func testExitSummaryLeavesIdleTimeOutOfTheRate() throws {
        var summary = FrameSummary(displayInterval: 1.0 / 60)
        for index in 0..<31 { summary.add(frame(endingAt: 10 + Double(index) / 60)) }
        for index in 0..<31 { summary.add(frame(endingAt: 20 + Double(index) / 30, work: 0.02, dropped: 15)) }
        XCTAssertEqual(summary.frames, 62)
        XCTAssertEqual(summary.droppedFrames, 15)
        // 30 intervals of 1/60 s, 30 of 1/30 s; the 9.5 s idle gap is not counted.
        XCTAssertEqual(try XCTUnwrap(summary.achievedRate), 60 / (30.0 / 60 + 30.0 / 30), accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(summary.intervalPercentiles).maximum, 20 - (10 + 30.0 / 60), accuracy: 1e-9)
        let report = summary.report
        XCTAssertTrue(report.hasPrefix("Lamina: 62 frames in 11.0 s, 40.0 fps while drawing (display 60 Hz), 15 dropped"),
                      report)
        XCTAssertTrue(report.contains("frame work     p50 4.0 p95 20.0 p99 20.0 max 20.0 ms"), report)
        XCTAssertEqual(FrameSummary().report.components(separatedBy: "\n").first,
                       "Lamina: 0 frames in 0.0 s, no steady rate (display 60 Hz), 0 dropped")
    }

    /// Drops in the first half second after the first frame (a first full
    /// frame drawing every bitmap) are counted, and said apart.
    func testStartupDropsAreSaidApart() {
        var summary = FrameSummary(displayInterval: 1.0 / 60)
        summary.add(frame(endingAt: 1.022, work: 0.022))  // the first frame, 22 ms
        summary.add(frame(endingAt: 1.05, dropped: 1))  // the tick it overran
        for index in 1...30 { summary.add(frame(endingAt: 1.05 + Double(index) / 60, dropped: 1)) }
        summary.add(frame(endingAt: 1.6 + 2.0 / 60, dropped: 3))  // two dropped 0.6 s in: steady state
        XCTAssertEqual(summary.droppedFrames, 3)
        XCTAssertEqual(summary.startupDroppedFrames, 1)
        XCTAssertTrue(summary.report.contains(", 3 dropped (1 in the first 0.5 s)\n"), summary.report)
        var steady = FrameSummary(displayInterval: 1.0 / 60)
        for index in 0..<40 { steady.add(frame(endingAt: Double(index) / 60, dropped: index < 35 ? 0 : 1)) }
        XCTAssertEqual(steady.startupDroppedFrames, 0, "dropped 0.58 s in")
        XCTAssertTrue(steady.report.contains(", 1 dropped\n"), "no start-up part when none: \(steady.report)")
    }

    /// A rest shorter than `idleGap` with nothing to draw (cover flow's
    /// 0.1 s between moves) is not drawing time; ticks overrun by a slow
    /// frame, which it drops, are.
    func testShortRestsAreIdleAndSlowFramesAreNot() throws {
        var resting = FrameSummary(displayInterval: 1.0 / 60)
        for move in 0..<4 {
            let start = Double(move) * 0.5
            for index in 0..<24 { resting.add(frame(endingAt: start + Double(index) / 60)) }  // 0.4 s of frames, 0.1 s rest
        }
        XCTAssertEqual(try XCTUnwrap(resting.achievedRate), 60, accuracy: 1e-6, "the rests left out")
        var slow = FrameSummary(displayInterval: 1.0 / 60)
        for index in 0..<20 { slow.add(frame(endingAt: Double(index) * 3 / 60, dropped: 2 * index)) }
        XCTAssertEqual(try XCTUnwrap(slow.achievedRate), 20, accuracy: 1e-6, "three ticks a frame, two dropped: drawing at 20")
        var halfRate = FrameSummary(displayInterval: 1.0 / 60)
        for index in 0..<20 { halfRate.add(frame(endingAt: Double(index) * 2 / 60)) }
        XCTAssertEqual(try XCTUnwrap(halfRate.achievedRate), 30, accuracy: 1e-6, "an animation asking for 30 a second")
    }

    func testDebugSettingsFromTheEnvironment() {
        XCTAssertEqual(DebugSettings(environment: LaminaEnvironment([:])), DebugSettings())
        let on = DebugSettings(environment: LaminaEnvironment(["LAMINA_PROFILER": "1", "LAMINA_FLASH_REPAINTS": "Yes"]))
        XCTAssertEqual(on, DebugSettings(showsProfiler: true, flashesRepaints: true))
        let off = DebugSettings(environment: LaminaEnvironment(["LAMINA_PROFILER": "0", "LAMINA_FLASH_REPAINTS": ""]))
        XCTAssertEqual(off, DebugSettings())
        XCTAssertFalse(DebugSettings(environment: LaminaEnvironment(["LAMINA_PROFILER": "maybe"])).showsProfiler)
        XCTAssertTrue(diagnostics.contains("LAMINA_PROFILER=maybe"), "\(diagnostics.all)")
    }
}

/// The one reader of the `LAMINA_*` variables, with one grammar for every flag.
final class LaminaEnvironmentTests: ModelTestCase {
    func testEveryFlagTakesTheSameWords() {
        for variable in [LaminaEnvironment.Variable.profiler, .flashRepaints, .inspector, .noSharedMemory] {
            for word in ["1", "true", "YES", "On"] {
                XCTAssertTrue(LaminaEnvironment([variable.rawValue: word]).flag(variable), "\(variable) \(word)")
            }
            for word in ["0", "false", "No", "OFF", ""] {
                XCTAssertFalse(LaminaEnvironment([variable.rawValue: word]).flag(variable), "\(variable) \(word)")
            }
            XCTAssertFalse(LaminaEnvironment([:]).flag(variable), "unset is off")
            XCTAssertFalse(LaminaEnvironment([variable.rawValue: "2"]).flag(variable), "anything else is off")
            XCTAssertTrue(diagnostics.contains("\(variable.rawValue)=2 is not a flag"), "and said: \(diagnostics.all)")
        }
    }

    func testPathsAreAnyNonEmptyValue() {
        XCTAssertEqual(LaminaEnvironment(["LAMINA_TRACE": "/tmp/lamina.json"]).path(.trace), "/tmp/lamina.json")
        XCTAssertNil(LaminaEnvironment(["LAMINA_TRACE": ""]).path(.trace))
        XCTAssertNil(LaminaEnvironment([:]).path(.trace))
    }

    func testFactorsAreNumbersFromAHundredthToAThousand() {
        XCTAssertEqual(LaminaEnvironment(["LAMINA_SLOW_ANIMATIONS": "10"]).factor(.slowAnimations), 10)
        XCTAssertEqual(LaminaEnvironment(["LAMINA_SLOW_ANIMATIONS": "0.5"]).factor(.slowAnimations), 0.5)
        XCTAssertEqual(LaminaEnvironment([:]).factor(.slowAnimations), 1, "unset is real time")
        for bad in ["0", "-3", "fast", "nan", "inf", "5000"] {
            XCTAssertEqual(LaminaEnvironment(["LAMINA_SLOW_ANIMATIONS": bad]).factor(.slowAnimations), 1, bad)
            XCTAssertTrue(diagnostics.contains("LAMINA_SLOW_ANIMATIONS=\(bad) is not a factor"), bad)
        }
    }

    func testCountsAreWholeNumbersFromOneToSixtyFour() {
        XCTAssertEqual(LaminaEnvironment(["LAMINA_RENDER_THREADS": "2"]).count(.renderThreads), 2)
        XCTAssertEqual(LaminaEnvironment(["LAMINA_RENDER_THREADS": "1"]).count(.renderThreads), 1, "1: the render thread alone")
        XCTAssertNil(LaminaEnvironment([:]).count(.renderThreads), "unset: the default, one a core")
        for bad in ["0", "-1", "65", "2.5", "many"] {
            XCTAssertNil(LaminaEnvironment(["LAMINA_RENDER_THREADS": bad]).count(.renderThreads), bad)
            XCTAssertTrue(diagnostics.contains("LAMINA_RENDER_THREADS=\(bad) is not a count from 1 to 64; ignored"), bad)
        }
    }
}
