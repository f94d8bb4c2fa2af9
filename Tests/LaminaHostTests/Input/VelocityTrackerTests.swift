import Foundation
@testable import LaminaHost
import QuartzCore
import XCTest

/// A drag's velocity at its release, as a flick needs it.
final class VelocityTrackerTests: XCTestCase {
    func testASteadyDragGivesItsSpeed() {
        var tracker = LaminaVelocityTracker()
        for step in 0...20 {
            tracker.add(CGPoint(x: 100 + Double(step) * 8, y: 50 - Double(step) * 2), at: 10 + Double(step) * 0.016)
        }
        let velocity = tracker.velocity()
        XCTAssertEqual(velocity.x, 500, accuracy: 1e-6, "8 points every 16 ms")
        XCTAssertEqual(velocity.y, -125, accuracy: 1e-6)
    }

    func testOnlyTheLastMovementCounts() {
        var tracker = LaminaVelocityTracker(window: 0.1)
        // Fast to the right for half a second, then slowly back to the left.
        var time = 0.0, x = 0.0
        for _ in 0..<30 { time += 0.016; x += 20; tracker.add(CGPoint(x: x, y: 0), at: time) }
        for _ in 0..<10 { time += 0.016; x -= 1; tracker.add(CGPoint(x: x, y: 0), at: time) }
        XCTAssertEqual(tracker.velocity().x, -62.5, accuracy: 1, "the slow movement of the last 0.1 s")
    }

    func testAFingerThatStoppedBeforeLiftingGivesZero() {
        var tracker = LaminaVelocityTracker(window: 0.1)
        for step in 0...10 { tracker.add(CGPoint(x: Double(step) * 10, y: 0), at: Double(step) * 0.016) }
        XCTAssertGreaterThan(tracker.velocity(at: 0.2).x, 0, "released 40 ms after the last move: still moving")
        XCTAssertEqual(tracker.velocity(at: 0.5), .zero, "released 340 ms after it: it had stopped")
    }

    /// Held still for seconds, then flicked: the sample from before the rest
    /// must not stretch the fit over the pause (it gave ~0 when it did).
    func testAFlickAfterARestGivesTheFlicksSpeed() {
        var tracker = LaminaVelocityTracker(window: 0.1)
        for step in 0...5 { tracker.add(CGPoint(x: Double(step) * 10, y: 0), at: Double(step) * 0.016) }
        for step in 1...6 { tracker.add(CGPoint(x: 50 - Double(step) * 25, y: 0), at: 5 + Double(step) * 0.016) }
        XCTAssertEqual(tracker.velocity().x, -25 / 0.016, accuracy: 1, "25 points every 16 ms to the left")
    }

    func testJitterIsSmoothedByTheFit() {
        var tracker = LaminaVelocityTracker(window: 0.1)
        let jitter: [Double] = [0, 3, -3, 2, -2, 3, -3, 1]
        for (step, noise) in jitter.enumerated() {
            tracker.add(CGPoint(x: Double(step) * 10 + noise, y: 0), at: Double(step) * 0.0125)
        }
        XCTAssertEqual(tracker.velocity().x, 800, accuracy: 120, "10 points every 12.5 ms, give or take the noise")
    }

    func testTooFewSamplesBadInputAndResetGiveZero() {
        var tracker = LaminaVelocityTracker()
        XCTAssertEqual(tracker.velocity(), .zero)
        tracker.add(CGPoint(x: 5, y: 5), at: 1)
        XCTAssertEqual(tracker.velocity(), .zero, "one sample has no speed")
        tracker.add(CGPoint(x: CGFloat.nan, y: 5), at: 1.01)
        tracker.add(CGPoint(x: 5, y: 5), at: .infinity)
        XCTAssertEqual(tracker.velocity(), .zero, "non-finite samples are ignored")
        tracker.add(CGPoint(x: 15, y: 5), at: 1.01)
        XCTAssertEqual(tracker.velocity().x, 1000, accuracy: 1e-6)
        tracker.add(CGPoint(x: 0, y: 0), at: 0.5)
        XCTAssertEqual(tracker.velocity(), .zero, "time going back starts afresh")
        tracker.add(CGPoint(x: 10, y: 0), at: 0.51)
        tracker.reset()
        XCTAssertEqual(tracker.velocity(), .zero)
    }
}
