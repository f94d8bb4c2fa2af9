import Foundation
import XCTest
@testable import QuartzCore

/// The render server's sleep (`MonotonicCondition`): timed waits on the
/// monotonic clock, ended early by a broadcast; no time, a negative one or
/// NaN never wait.
final class MonotonicConditionTests: XCTestCase {
    func testATimedWaitLastsAtLeastItsTime() {
        let condition = MonotonicCondition()
        condition.lock()
        let start = MediaClock.monotonicNow()
        var elapsed = 0.0
        // A spurious wake-up may end a wait early: wait again for what is left.
        while elapsed < 0.05 {
            condition.wait(seconds: 0.05 - elapsed)
            elapsed = MediaClock.monotonicNow() - start
        }
        condition.unlock()
        XCTAssertGreaterThanOrEqual(elapsed, 0.05)
    }

    func testABroadcastEndsAWait() {
        let condition = MonotonicCondition()
        let woken = LockedValue(false)
        let waiter = Thread {
            condition.lock()
            condition.wait(seconds: 20)
            condition.unlock()
            woken.withLock { $0 = true }
        }
        waiter.start()
        let deadline = MediaClock.monotonicNow() + 10
        while !woken.withLock({ $0 }), MediaClock.monotonicNow() < deadline {
            condition.lock()
            condition.broadcast()
            condition.unlock()
            usleep(10_000)
        }
        XCTAssertTrue(woken.withLock { $0 }, "the waiter was not woken by a broadcast")
    }

    func testNoTimeNegativeTimeAndNaNDoNotWait() {
        let condition = MonotonicCondition()
        condition.lock()
        let start = MediaClock.monotonicNow()
        for seconds: Double in [0, -1, -.infinity, .nan] { condition.wait(seconds: seconds) }
        condition.unlock()
        XCTAssertLessThan(MediaClock.monotonicNow() - start, 1, "returned at once")
    }
}
