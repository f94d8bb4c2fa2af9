import XCTest
@testable import QuartzCore
import LaminaTestSupport

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

    /// An animation that starts after an idle spell: the spell's ticks were
    /// never due, so its first frame drops nothing (the profiler and the exit
    /// summary once counted every idle tick of a demo that waits for keys).
    func testTicksWhileIdleAreNotDropped() {
        var scheduler = FrameScheduler(interval: 0.01)
        scheduler.didRender(frameTime: 1.0, wasAnimating: true)  // the last frame of an animation
        scheduler.noteSceneIdle()                                 // then nothing runs
        scheduler.didRender(frameTime: 3.0, wasAnimating: true)  // a new animation, two seconds later
        XCTAssertEqual(scheduler.droppedFrames, 0)
        // Running on from there, a late frame is a drop again.
        scheduler.didRender(frameTime: 3.03, wasAnimating: true)
        XCTAssertEqual(scheduler.droppedFrames, 2)
    }

    /// While an animation is drawn at every tick, a commit arriving in the
    /// sleep before the next one would be drawn at that tick anyway: it
    /// waits for the thread to wake, rather than waking it early.
    func testCommitsWaitForTheNextFrameOnlyWhenItIsTheirs() {
        var scheduler = FrameScheduler(interval: 0.01)
        XCTAssertFalse(scheduler.commitsWaitForNextFrame(now: 1.003), "nothing animates: a commit must wake the thread")
        scheduler.nextAnimationTime = 0
        scheduler.didRender(frameTime: 1.0, wasAnimating: true)
        XCTAssertEqual(scheduler.nextAction(now: 1.003), .sleep(until: 1.01 - 0.0025))
        XCTAssertTrue(scheduler.commitsWaitForNextFrame(now: 1.003))
        // A commit arriving during that sleep gets the same tick.
        scheduler.hasPendingCommit = true
        XCTAssertEqual(scheduler.nextAction(now: 1.005), .sleep(until: 1.01 - 0.0025))
        XCTAssertTrue(scheduler.commitsWaitForNextFrame(now: 1.005))
        scheduler.hasPendingCommit = false
        // Animations drawn at every other tick: the next is at 1.02, a commit's at 1.01.
        scheduler.ticksPerAnimationFrame = 2
        XCTAssertEqual(scheduler.nextAction(now: 1.003), .sleep(until: 1.02 - 0.0025))
        XCTAssertFalse(scheduler.commitsWaitForNextFrame(now: 1.003))
        scheduler.ticksPerAnimationFrame = 1
        // An animation that starts later: a commit's tick comes first.
        scheduler.nextAnimationTime = 1.5
        XCTAssertFalse(scheduler.commitsWaitForNextFrame(now: 1.003))
        // About to render: no sleep to wait through.
        scheduler.nextAnimationTime = 0
        XCTAssertEqual(scheduler.nextAction(now: 1.008), .render(frameTime: 1.01))
        XCTAssertFalse(scheduler.commitsWaitForNextFrame(now: 1.008))
    }

    func testBadIntervalFallsBackTo60Hz() {
        XCTAssertEqual(FrameScheduler(interval: 0).interval, 1.0 / 60)
        XCTAssertEqual(FrameScheduler(interval: .nan).interval, 1.0 / 60)
    }
}

/// The render loop marks idle spells itself, as the render server pumps it.
final class RenderLoopDroppedFrameTests: ModelTestCase {
    func testAnIdleSpellBetweenTwoAnimationsDropsNothing() throws {
        let host = InlineRenderHost(width: 40, height: 40)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.attach(to: host)
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(square)
        CATransaction.flush()
        let interval = host.loop.scheduler.interval

        func fade(_ key: String) {
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.fromValue = 0
            animation.toValue = 1
            animation.duration = 0.1
            square.add(animation, forKey: key)
            CATransaction.flush()
        }
        /// Renders `count` frames on consecutive ticks from now, as the
        /// render server would: asking the loop first, then drawing.
        func renderTicks(_ count: Int) -> Int {
            var dropped = 0
            let start = CACurrentMediaTime()
            for k in 0..<count {
                let time = start + Double(k) * interval
                _ = host.loop.nextAction(now: time)
                dropped = host.loop.renderFrame(at: time).droppedFramesSoFar
            }
            return dropped
        }

        fade("first")
        XCTAssertEqual(renderTicks(10), 0)
        // Two idle seconds: the loop is asked and finds nothing to do.
        for step in 1...20 {
            XCTAssertEqual(host.loop.nextAction(now: CACurrentMediaTime() + 0.2 + Double(step) * 0.1), .sleep(until: nil))
        }
        clock.advance(by: 2.5)
        fade("second")
        XCTAssertEqual(renderTicks(10), 0, "the idle ticks between the animations were never due")
    }
}
