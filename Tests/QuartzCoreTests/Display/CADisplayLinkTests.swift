import XCTest
@testable import QuartzCore

/// `CADisplayLink` on a real run loop and the real media clock: calls on the
/// display's ticks, timestamps on `CACurrentMediaTime()`'s clock, nothing
/// while paused or after removal, the target let go at `invalidate()`.
final class CADisplayLinkTests: XCTestCase {
    /// Counts calls and keeps what each saw.
    private final class Stepper {
        var calls: [(timestamp: Double, target: Double, duration: Double, now: Double)] = []
        var plainCalls = 0
        func step(_ link: CADisplayLink) {
            calls.append((link.timestamp, link.targetTimestamp, link.duration, CACurrentMediaTime()))
        }
        func tick() { plainCalls += 1 }
    }

    private func run(for seconds: TimeInterval) {
        RunLoop.current.run(until: Date(timeIntervalSinceNow: seconds))
    }

    override func setUp() {
        super.setUp()
        DisplayRefresh.setInterval(1.0 / 60)
    }

    func testCallsOnEveryDisplayTickWithTimestampsOnTheMediaClock() {
        let stepper = Stepper()
        let link = CADisplayLink(target: stepper, selector: Stepper.step)
        let added = CACurrentMediaTime()
        link.add(to: .current, forMode: .default)
        run(for: 0.5)
        link.invalidate()
        let calls = stepper.calls
        // About thirty ticks in half a second; a loaded machine may miss some, never double one.
        XCTAssertGreaterThan(calls.count, 15)
        XCTAssertLessThanOrEqual(calls.count, 31)
        let interval = 1.0 / 60
        for (index, call) in calls.enumerated() {
            XCTAssertEqual(call.duration, interval, accuracy: 1e-9, "a tick apart (media times of a machine up for hours keep only about 1e-11 s)")
            XCTAssertEqual(call.target - call.timestamp, interval, accuracy: 1e-9, "the frame after the tick")
            let ticks = call.timestamp / interval
            XCTAssertEqual(ticks, ticks.rounded(), accuracy: 1e-6, "on the display's tick grid")
            XCTAssertLessThanOrEqual(call.timestamp, call.now, "a tick that has come")
            XCTAssertGreaterThan(call.timestamp, added, "the first call is for a tick after adding")
            if index > 0 { XCTAssertGreaterThan(call.timestamp, calls[index - 1].timestamp, "never a tick twice") }
        }
    }

    func testAMethodWithoutArgumentsCanBeTheSelector() {
        let stepper = Stepper()
        let link = CADisplayLink(target: stepper, selector: Stepper.tick)
        link.add(to: .current, forMode: .common)
        run(for: 0.2)
        link.invalidate()
        XCTAssertGreaterThan(stepper.plainCalls, 3, "the common modes include the default one")
    }

    func testNothingWhilePausedOrAfterRemoval() {
        let stepper = Stepper()
        let link = CADisplayLink(target: stepper, selector: Stepper.step)
        link.isPaused = true
        link.add(to: .current, forMode: .default)
        run(for: 0.2)
        XCTAssertEqual(stepper.calls.count, 0, "paused from the start")
        link.isPaused = false
        run(for: 0.2)
        let running = stepper.calls.count
        XCTAssertGreaterThan(running, 3)
        link.remove(from: .current, forMode: .default)
        run(for: 0.2)
        XCTAssertEqual(stepper.calls.count, running, "removed from its only mode")
        link.invalidate()
    }

    /// A lower preferred rate calls every few ticks: 30 a second on a 60 Hz display.
    func testAPreferredRateCallsEveryFewTicks() {
        let stepper = Stepper()
        let link = CADisplayLink(target: stepper, selector: Stepper.step)
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 20, maximum: 30, preferred: 30)
        link.add(to: .current, forMode: .default)
        run(for: 0.5)
        link.invalidate()
        let calls = stepper.calls
        XCTAssertGreaterThan(calls.count, 8)
        XCTAssertLessThanOrEqual(calls.count, 16)
        for call in calls {
            XCTAssertEqual(call.target - call.timestamp, 2.0 / 60, accuracy: 1e-9)
            let ticks = call.timestamp / (2.0 / 60)
            XCTAssertEqual(ticks, ticks.rounded(), accuracy: 1e-6, "every second tick")
        }
        XCTAssertEqual(link.preferredFramesPerSecond, 30)
        link.preferredFramesPerSecond = 0
        XCTAssertEqual(link.preferredFrameRateRange, .default)
    }

    /// The deprecated `frameInterval` still slows a link: every third tick
    /// for 3. (Marked deprecated so calling it is not a warning.)
    @available(*, deprecated)
    func testFrameIntervalCallsEveryNthTick() {
        let stepper = Stepper()
        let link = CADisplayLink(target: stepper, selector: Stepper.step)
        XCTAssertEqual(link.frameInterval, 1)
        link.frameInterval = 0
        XCTAssertEqual(link.frameInterval, 1, "below 1 is taken as 1")
        link.frameInterval = 3
        link.add(to: .current, forMode: .default)
        run(for: 0.5)
        link.invalidate()
        XCTAssertGreaterThan(stepper.calls.count, 5)
        XCTAssertLessThanOrEqual(stepper.calls.count, 11)
        for call in stepper.calls {
            XCTAssertEqual(call.target - call.timestamp, 3.0 / 60, accuracy: 1e-9)
        }
    }

    /// The link keeps its target until `invalidate()`, and the run loop
    /// keeps the link while it is added, as Apple documents.
    func testTheTargetIsKeptUntilInvalidate() {
        weak var weakTarget: Stepper?
        weak var weakLink: CADisplayLink?
        do {
            let stepper = Stepper()
            weakTarget = stepper
            let link = CADisplayLink(target: stepper, selector: Stepper.step)
            weakLink = link
            link.add(to: .current, forMode: .default)
        }
        run(for: 0.05)
        XCTAssertNotNil(weakLink, "the run loop keeps an added link")
        XCTAssertNotNil(weakTarget, "the link keeps its target")
        weakLink?.invalidate()
        run(for: 0.05)
        XCTAssertNil(weakTarget, "let go at invalidate()")
        XCTAssertNil(weakLink, "and the run loop lets the link go")
    }

    func testFrameRateRanges() {
        XCTAssertNil(CAFrameRateRange.default.preferred)
        XCTAssertEqual(CAFrameRateRange(minimum: 10, maximum: 60, preferred: 30).preferred, 30)
        XCTAssertEqual(FrameRateDivisor.ticks(for: 30, displayInterval: 1.0 / 60), 2)
        XCTAssertEqual(FrameRateDivisor.ticks(for: 30, displayInterval: 1.0 / 59.94), 2, "a measured 59.94 Hz still halves")
        XCTAssertEqual(FrameRateDivisor.ticks(for: 24, displayInterval: 1.0 / 60), 2, "30 is at least 24")
        XCTAssertEqual(FrameRateDivisor.ticks(for: 40, displayInterval: 1.0 / 60), 1)
        XCTAssertEqual(FrameRateDivisor.ticks(for: nil, displayInterval: 1.0 / 60), 1)
        XCTAssertEqual(FrameRateDivisor.ticks(for: .nan, displayInterval: 1.0 / 60), 1)
        XCTAssertEqual(FrameRateDivisor.ticks(for: 0.001, displayInterval: 1.0 / 60), 120, "bounded")
    }
}
