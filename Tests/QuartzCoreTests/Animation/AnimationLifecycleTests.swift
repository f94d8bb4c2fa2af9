import XCTest
@testable import QuartzCore

/// Delegates and completion blocks hear about animations on the main thread,
/// when the animations start and end in media time.
final class AnimationLifecycleTests: ModelTestCase {
    private func committedLayer() -> CALayer {
        let layer = CALayer()
        CATransaction.flush()
        return layer
    }

    private func fade(duration: CFTimeInterval = 1) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = duration
        return animation
    }

    func testDelegateHearsStartAndFinishedStop() throws {
        let layer = committedLayer()
        let delegate = DelegateRecorder()
        let animation = fade()
        animation.delegate = delegate
        layer.add(animation, forKey: "fade")
        let added = try XCTUnwrap(layer.animation(forKey: "fade"))
        CATransaction.flush()
        advance(0)
        XCTAssertEqual(delegate.events, ["start"])
        XCTAssertTrue(delegate.animations.first === added, "the delegate gets the layer's copy, as on Apple")
        advance(0.5)
        XCTAssertEqual(delegate.events, ["start"])
        advance(0.6)
        XCTAssertEqual(delegate.events, ["start", "stop finished"])
        XCTAssertNil(layer.animation(forKey: "fade"), "removed on completion")
    }

    func testAnimationKeptWhenNotRemovedOnCompletion() {
        let layer = committedLayer()
        let animation = fade()
        animation.isRemovedOnCompletion = false
        animation.fillMode = .forwards
        layer.add(animation, forKey: "fade")
        CATransaction.flush()
        advance(2)
        XCTAssertNotNil(layer.animation(forKey: "fade"))
    }

    func testRemovalTellsDelegateNotFinished() {
        let layer = committedLayer()
        let delegate = DelegateRecorder()
        let animation = fade()
        animation.delegate = delegate
        layer.add(animation, forKey: "fade")
        CATransaction.flush()
        advance(0.1)
        layer.removeAnimation(forKey: "fade")
        advance(0)
        XCTAssertEqual(delegate.events, ["start", "stop interrupted"])
        advance(5)
        XCTAssertEqual(delegate.events.count, 2)
    }

    func testReplacingUnderTheSameKeyStopsTheOldOne() {
        let layer = committedLayer()
        let delegate = DelegateRecorder()
        let first = fade()
        first.delegate = delegate
        layer.add(first, forKey: "k")
        CATransaction.flush()
        advance(0.1)
        layer.add(fade(), forKey: "k")
        advance(0)
        XCTAssertEqual(delegate.events, ["start", "stop interrupted"])
    }

    func testDelayedStartIsDeliveredAtBeginTime() {
        let layer = committedLayer()
        let delegate = DelegateRecorder()
        let animation = fade()
        animation.beginTime = CACurrentMediaTime() + 2
        animation.delegate = delegate
        layer.add(animation, forKey: nil)
        CATransaction.flush()
        advance(1)
        XCTAssertEqual(delegate.events, [])
        advance(1.5)
        XCTAssertEqual(delegate.events, ["start"])
    }

    func testInfiniteAnimationNeverFinishes() {
        let layer = committedLayer()
        let delegate = DelegateRecorder()
        let animation = fade()
        animation.repeatCount = .infinity
        animation.autoreverses = true
        animation.delegate = delegate
        layer.add(animation, forKey: "pulse")
        CATransaction.flush()
        advance(1000)
        XCTAssertEqual(delegate.events, ["start"])
        XCTAssertNotNil(layer.animation(forKey: "pulse"))
    }

    /// The completion block waits for every animation added after it was set
    /// in the transaction, implicit ones included.
    func testCompletionBlockWaitsForTheTransactionsAnimations() {
        let root = makeVisibleRoot()
        let layer = CALayer()
        root.addSublayer(layer)
        CATransaction.flush()
        var completed = 0
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setCompletionBlock { completed += 1 }
        layer.position = CGPoint(x: 40, y: 40)
        let long = fade(duration: 3)
        layer.add(long, forKey: "long")
        CATransaction.commit()
        XCTAssertEqual(completed, 0)
        advance(1.5)
        XCTAssertEqual(completed, 0, "the 3 s animation is still running")
        advance(2)
        XCTAssertEqual(completed, 1)
        advance(5)
        XCTAssertEqual(completed, 1, "runs once")
    }

    func testCompletionBlockRunsWhenItsAnimationsAreRemoved() {
        let layer = committedLayer()
        var completed = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { completed = true }
        let forever = fade()
        forever.repeatCount = .infinity
        layer.add(forever, forKey: "forever")
        CATransaction.commit()
        advance(10)
        XCTAssertFalse(completed)
        layer.removeAllAnimations()
        XCTAssertTrue(completed)
    }

    /// Animations added before the block was set are not waited for, as
    /// Apple documents ("subsequently added").
    func testCompletionBlockIgnoresAnimationsAddedBeforeIt() {
        let layer = committedLayer()
        var completed = false
        CATransaction.begin()
        layer.add(fade(duration: 10), forKey: "before")
        CATransaction.setCompletionBlock { completed = true }
        CATransaction.commit()
        XCTAssertTrue(completed)
    }

    /// On the main thread, events arrive without anyone calling
    /// `deliverDueEvents`: the lifecycle wakes itself through the main queue.
    func testEventsArriveByThemselvesOnTheMainRunLoop() {
        let layer = committedLayer()
        let stopped = expectation(description: "animationDidStop")
        let delegate = DelegateRecorder()
        delegate.onStop = { stopped.fulfill() }
        let animation = fade(duration: 0.05)
        animation.delegate = delegate
        layer.add(animation, forKey: nil)
        CATransaction.flush()
        clock.advance(by: 0.1)  // the manual clock says it is over; the real timer wakes soon
        wait(for: [stopped], timeout: 2)
    }
}

/// Each thread's lifecycle knows once whether it is the main thread's
/// (`Thread.isMainThread` costs two system calls on Linux).
final class AnimationLifecycleThreadTests: XCTestCase {
    func testEachThreadsLifecycleKnowsWhetherItIsTheMainThreads() {
        XCTAssertTrue(Thread.isMainThread, "XCTest runs tests on the main thread")
        XCTAssertTrue(CATransaction.current.lifecycle.isOnMainThread)
        let answered = expectation(description: "background thread")
        let thread = Thread {
            XCTAssertFalse(CATransaction.current.lifecycle.isOnMainThread)
            answered.fulfill()
        }
        thread.start()
        wait(for: [answered], timeout: 5)
    }
}

final class DelegateRecorder: CAAnimationDelegate {
    var events: [String] = []
    var animations: [CAAnimation] = []
    var onStop: (() -> Void)?
    func animationDidStart(_ anim: CAAnimation) {
        events.append("start")
        animations.append(anim)
    }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        events.append(flag ? "stop finished" : "stop interrupted")
        onStop?()
    }
}
