import Foundation
import XCTest
@testable import QuartzCore

/// The render thread's sleep between frames (`WakeSignal`): a timed wait on
/// the monotonic clock that a signal from another thread ends, a signal
/// given before the wait kept rather than lost, and no time, a negative
/// one or NaN never waiting.
final class WakeSignalTests: XCTestCase {
    func testATimedWaitLastsAtLeastItsTime() {
        let wake = WakeSignal()
        XCTAssertTrue(wake.isInterruptible)
        let start = MediaClock.monotonicNow()
        XCTAssertFalse(wake.wait(seconds: 0.05), "nothing signalled")
        XCTAssertGreaterThanOrEqual(MediaClock.monotonicNow() - start, 0.05)
    }

    func testASignalFromAnotherThreadEndsAWaitWithoutLimit() {
        let wake = WakeSignal()
        let woken = LockedValue<Bool?>(nil)
        let sleeper = Thread { woken.withLock { $0 = wake.wait(seconds: nil) } }
        sleeper.start()
        usleep(20_000)  // most likely asleep by now; either way the signal is kept
        wake.signal()
        let deadline = MediaClock.monotonicNow() + 10
        while woken.withLock({ $0 }) == nil, MediaClock.monotonicNow() < deadline { usleep(1_000) }
        XCTAssertEqual(woken.withLock { $0 }, true, "the sleeper was not woken")
    }

    func testASignalBeforeTheWaitIsKeptAndTakenOnce() {
        let wake = WakeSignal()
        wake.signal()
        wake.signal()  // two signals are one wake-up
        let start = MediaClock.monotonicNow()
        XCTAssertTrue(wake.wait(seconds: 20), "the signal given before the wait was lost")
        XCTAssertLessThan(MediaClock.monotonicNow() - start, 10)
        XCTAssertFalse(wake.wait(seconds: 0.01), "the wake-up was taken by the first wait")
    }

    func testNoTimeNegativeTimeAndNaNDoNotWait() {
        let wake = WakeSignal()
        let start = MediaClock.monotonicNow()
        for seconds: Double in [0, -1, -.infinity, .nan] { XCTAssertFalse(wake.wait(seconds: seconds)) }
        XCTAssertLessThan(MediaClock.monotonicNow() - start, 1, "returned at once")
        wake.signal()
        XCTAssertTrue(wake.wait(seconds: 0), "a zero wait still takes a waiting signal")
    }

    func testAnEndlessTimeIsCappedNotRefused() {
        // +infinity is no NaN: it waits (here, until the signal already given).
        let wake = WakeSignal()
        wake.signal()
        XCTAssertTrue(wake.wait(seconds: .infinity))
    }
}
