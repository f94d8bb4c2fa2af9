import XCTest
@testable import QuartzCore

final class FrameSchedulerTests: XCTestCase {
    func testIdleSleepsIndefinitely() {
        let scheduler = FrameScheduler(interval: 0.01)
        XCTAssertEqual(scheduler.nextAction(now: 5), .sleep(until: nil))
    }

    func testCommitRendersOnTheNextTick() {
        var scheduler = FrameScheduler(interval: 0.01)
        scheduler.hasPendingCommit = true
        XCTAssertEqual(scheduler.nextAction(now: 1.001), .sleep(until: 1.01 - 0.0025))
        guard case .render(let time) = scheduler.nextAction(now: 1.008) else { return XCTFail("expected a frame") }
        XCTAssertEqual(time, 1.01, accuracy: 1e-9)
        scheduler.didRender(frameTime: time, wasAnimating: false)
        XCTAssertEqual(scheduler.nextAction(now: 1.011), .sleep(until: nil))
    }

    func testAnimationAsksForEveryTickAndFutureAnimationsWait() {
        var scheduler = FrameScheduler(interval: 0.01)
        scheduler.nextAnimationTime = 2.0
        XCTAssertEqual(scheduler.nextAction(now: 1.0), .sleep(until: 2.0 - 0.0025))
        scheduler.nextAnimationTime = 1.0
        guard case .render(let first) = scheduler.nextAction(now: 1.0) else { return XCTFail() }
        scheduler.didRender(frameTime: first, wasAnimating: true)
        guard case .sleep(let until) = scheduler.nextAction(now: first + 0.001) else { return XCTFail() }
        XCTAssertEqual(until ?? 0, first + 0.01 - 0.0025, accuracy: 1e-9)
    }

    func testMissedTicksCountAsDroppedNotABurst() {
        var scheduler = FrameScheduler(interval: 0.01)
        scheduler.nextAnimationTime = 0
        scheduler.didRender(frameTime: 1.0, wasAnimating: true)
        // The thread was late by three and a half ticks.
        guard case .render(let next) = scheduler.nextAction(now: 1.038) else { return XCTFail() }
        XCTAssertEqual(next, 1.04, accuracy: 1e-9, "the next tick, not the missed ones")
        scheduler.didRender(frameTime: next, wasAnimating: true)
        XCTAssertEqual(scheduler.droppedFrames, 3)
        XCTAssertEqual(scheduler.framesRendered, 2)
    }

    func testWaitsWhileAFrameIsBeingPresented() {
        var scheduler = FrameScheduler(interval: 0.01)
        scheduler.hasPendingCommit = true
        scheduler.isAwaitingPresentation = true
        XCTAssertEqual(scheduler.nextAction(now: 3), .waitForPresentation)
    }

    func testBadIntervalFallsBackTo60Hz() {
        XCTAssertEqual(FrameScheduler(interval: 0).interval, 1.0 / 60)
        XCTAssertEqual(FrameScheduler(interval: .nan).interval, 1.0 / 60)
    }
}
