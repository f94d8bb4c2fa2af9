import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// `CAAnimation.preferredFrameRateRange`: while every running animation asks
/// for a lower rate, the render loop draws animation frames on every n-th
/// display tick, as a display would run them (`FrameScheduler`).
final class FrameRateTests: ModelTestCase {
    func testTheSchedulerPutsAnimationFramesOnEveryNthTick() {
        var scheduler = FrameScheduler(interval: 0.01)
        scheduler.ticksPerAnimationFrame = 2
        scheduler.nextAnimationTime = 1.001
        XCTAssertEqual(scheduler.nextAction(now: 1.001), .sleep(until: 1.02 - 0.0025), "the next even tick")
        scheduler.didRender(frameTime: 1.02, wasAnimating: true)
        scheduler.nextAnimationTime = 1.021
        guard case .sleep(let until) = scheduler.nextAction(now: 1.021), let wake = until else {
            return XCTFail("it waits for the tick after next")
        }
        XCTAssertEqual(wake, 1.04 - 0.0025, accuracy: 1e-9)
        scheduler.didRender(frameTime: 1.04, wasAnimating: true)
        XCTAssertEqual(scheduler.droppedFrames, 0, "ticks left out on purpose are not dropped")
        scheduler.hasPendingCommit = true
        XCTAssertEqual(scheduler.nextAction(now: 1.041), .sleep(until: 1.05 - 0.0025), "a commit shows at the next tick")
    }

    /// The frames a pulse gets over a second of display ticks, pumped as
    /// the render server pumps its loop.
    private func framesInASecond(preferring ranges: [CAFrameRateRange]) -> Int {
        let host = InlineRenderHost(width: 40, height: 40)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.attach(to: host)
        for range in ranges {
            let square = CALayer()
            square.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSublayer(square)
            let pulse = CABasicAnimation(keyPath: "opacity")
            pulse.fromValue = 0.2
            pulse.toValue = 1
            pulse.duration = 0.5
            pulse.autoreverses = true
            pulse.repeatCount = .infinity
            pulse.preferredFrameRateRange = range
            square.add(pulse, forKey: "pulse")
        }
        CATransaction.flush()
        let interval = host.loop.scheduler.interval
        let start = (CACurrentMediaTime() / interval).rounded(.up) * interval
        var frames = 0
        for tick in 0..<60 {
            let now = start + Double(tick) * interval
            if case .render(let frameTime) = host.loop.nextAction(now: now) {
                _ = host.loop.renderFrame(at: frameTime)
                frames += 1
            }
        }
        withExtendedLifetime(root) {}
        return frames
    }

    func testAPulseAskingForThirtyGetsHalfTheFrames() {
        XCTAssertEqual(framesInASecond(preferring: [.default]), 60)
        let thirty = framesInASecond(preferring: [CAFrameRateRange(minimum: 15, maximum: 30, preferred: 30)])
        XCTAssertEqual(thirty, 30, accuracy: 1)
        XCTAssertEqual(framesInASecond(preferring: [CAFrameRateRange(minimum: 10, maximum: 20, preferred: 20)]), 20, accuracy: 1)
        XCTAssertEqual(framesInASecond(preferring: [CAFrameRateRange(minimum: 15, maximum: 30, preferred: 30), .default]), 60,
                       "one animation at the display's rate keeps every frame")
    }

    func testAnimationSnapshotsCarryTheirPreferredRate() {
        let animation = CABasicAnimation(keyPath: "opacity")
        XCTAssertNil(animation.snapshot(reportingOn: nil).preferredFrameRate)
        animation.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 30, preferred: 24)
        XCTAssertEqual(animation.snapshot(reportingOn: nil).preferredFrameRate, 24)
        animation.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 30)
        XCTAssertEqual(animation.snapshot(reportingOn: nil).preferredFrameRate, 30, "no preferred: the maximum")
        XCTAssertEqual((animation.copy() as? CAAnimation)?.preferredFrameRateRange, animation.preferredFrameRateRange)
    }
}
