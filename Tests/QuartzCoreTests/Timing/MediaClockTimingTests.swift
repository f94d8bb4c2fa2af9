import XCTest
@testable import QuartzCore

/// `CACurrentMediaTime()` and the manual clock tests use instead of sleeping.
/// These tests install a process-global override; XCTest runs them serially.
final class MediaClockTimingTests: XCTestCase {
    private struct Boom: Error {}

    func testCurrentMediaTimeIsMonotonic() {
        var previous = CACurrentMediaTime()
        XCTAssertGreaterThan(previous, 0)
        for _ in 0..<10_000 {
            let now = CACurrentMediaTime()
            XCTAssertGreaterThanOrEqual(now, previous)
            previous = now
        }
    }

    func testCurrentMediaTimeAdvancesInSeconds() {
        let start = CACurrentMediaTime()
        usleep(20_000)
        let elapsed = CACurrentMediaTime() - start
        XCTAssertGreaterThanOrEqual(elapsed, 0.019)
        XCTAssertLessThan(elapsed, 5, "seconds, not nanoseconds")
        XCTAssertEqual(MediaClock.monotonicNow(), CACurrentMediaTime(), accuracy: 0.5)
    }

    func testManualClockOverridesAndRestores() {
        MediaClock.withManualTime(1000) { clock in
            XCTAssertEqual(CACurrentMediaTime(), 1000)
            XCTAssertEqual(CACurrentMediaTime(), 1000, "does not move on its own")
            XCTAssertEqual(clock.advance(by: 0.5), 1000.5)
            XCTAssertEqual(CACurrentMediaTime(), 1000.5)
            clock.set(42)
            XCTAssertEqual(CACurrentMediaTime(), 42)
            XCTAssertEqual(MediaClock.now(), 42)
        }
        XCTAssertEqual(CACurrentMediaTime(), MediaClock.monotonicNow(), accuracy: 0.5)
    }

    func testManualClocksNestAndRestoreOnThrow() throws {
        try MediaClock.withManualTime(1) { _ in
            MediaClock.withManualTime(2) { _ in
                XCTAssertEqual(CACurrentMediaTime(), 2)
            }
            XCTAssertEqual(CACurrentMediaTime(), 1)
            XCTAssertThrowsError(try MediaClock.withManualTime(3) { _ in throw Boom() })
            XCTAssertEqual(CACurrentMediaTime(), 1)
        }
        let value = MediaClock.withManualTime(5) { clock in clock.now() * 2 }
        XCTAssertEqual(value, 10)
    }

    func testManualTimeIsSeenFromOtherThreads() {
        MediaClock.withManualTime(7) { clock in
            // The render thread under test must see the same manual clock.
            let seen = DispatchSemaphore(value: 0)
            let box = ResultBox()
            Thread.detachNewThread {
                box.set(CACurrentMediaTime())
                seen.signal()
            }
            seen.wait()
            XCTAssertEqual(box.get(), 7)
            clock.advance(by: 1)
        }
    }

    func testAnUninstalledManualClockDoesNotOverride() {
        let clock = ManualClock(10)
        clock.advance(by: 1.0 / 60)
        XCTAssertEqual(clock.now(), 10 + 1.0 / 60)
        XCTAssertNotEqual(CACurrentMediaTime(), clock.now(), "an uninstalled clock does not override")
    }

    func testDrivingAnAnimationWithTheManualClock() {
        MediaClock.withManualTime(500) { clock in
            let animation = MediaTiming(beginTime: CACurrentMediaTime(), duration: 1, fillMode: .forwards)
            clock.advance(by: 0.25)
            XCTAssertEqual(animation.phase(atParentTime: CACurrentMediaTime()), .active(iteration: 0, fraction: 0.25))
            clock.advance(by: 5)
            XCTAssertEqual(animation.phase(atParentTime: CACurrentMediaTime()), .active(iteration: 0, fraction: 1))
            XCTAssertGreaterThanOrEqual(CACurrentMediaTime(), animation.endTime())
        }
    }
}

/// A lock-protected cell for handing a value back from a thread.
private final class ResultBox: Sendable {
    private let value = LockedValue<Double?>(nil)
    func set(_ newValue: Double) { value.withLock { $0 = newValue } }
    func get() -> Double? { value.withLock { $0 } }
}
