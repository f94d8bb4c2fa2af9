import DemoSupport
import LaminaHost
@testable import QuartzCore
import XCTest

/// The flick arithmetic cover-flow settles with (demos/DemoSupport/SnappingFlick.swift),
/// without a display.
final class SnappingFlickTests: XCTestCase {
    // MARK: The spring's initial velocity

    /// Apple gives a spring's initial velocity as a share of the animated
    /// distance a second. UIKit's documentation of `initialSpringVelocity`
    /// says: "A value of 1 corresponds to the total animation distance
    /// traversed in one second. For example, if the total animation
    /// distance is 200 points and you want the start of the animation to
    /// match a view velocity of 100 pt/s, use a value of 0.5."
    /// `UISpringTimingParameters.initialVelocity` is "normalized to the
    /// total distance of the animation", and `CASpringAnimation`'s is
    /// positive "moving towards the spring attachment point".
    func testInitialVelocityIsTheVelocityOverTheDistanceAsApplesExampleSays() {
        XCTAssertEqual(SnappingFlick.springInitialVelocity(100, from: 0, to: 200), 0.5)
        XCTAssertEqual(SnappingFlick.springInitialVelocity(-100, from: 200, to: 0), 0.5, "toward the target, leftward")
    }

    func testMovingAwayFromTheTargetIsNegative() {
        XCTAssertEqual(SnappingFlick.springInitialVelocity(-3, from: 4.6, to: 5), -7.5, accuracy: 1e-9)
    }

    func testNoDistanceOrNoNumberGivesZero() {
        XCTAssertEqual(SnappingFlick.springInitialVelocity(5, from: 3, to: 3), 0)
        XCTAssertEqual(SnappingFlick.springInitialVelocity(.nan, from: 0, to: 1), 0)
        XCTAssertEqual(SnappingFlick.springInitialVelocity(.infinity, from: 0, to: 1), 0)
    }

    /// The spring CoverFlow builds starts at the finger's speed: its
    /// motion's slope at the start, times the distance, is the velocity
    /// the finger let go with.
    func testTheSpringStartsAtTheFingersSpeed() {
        let (from, to, velocity): (CGFloat, CGFloat, CGFloat) = (2.3, 5, 4.2)
        let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.12)
        spring.initialVelocity = SnappingFlick.springInitialVelocity(velocity, from: from, to: to)
        let step = 1e-5
        let startSlope = spring.solver.value(at: step) / step
        XCTAssertEqual(startSlope * Double(to - from), Double(velocity), accuracy: 0.01)
    }

    // MARK: Where a flick comes to rest

    /// UIScrollView's normal deceleration keeps 0.998 of the velocity each
    /// millisecond: a coast of v/1000 · 0.998 / 0.002, about half a second's
    /// worth of the velocity.
    func testTheNormalCoastIsAboutHalfASecondOfTheVelocity() {
        let flick = SnappingFlick()
        XCTAssertEqual(flick.coastDistance(velocity: 1000), 499, accuracy: 1e-9)
        XCTAssertEqual(flick.coastDistance(velocity: -2), -0.998, accuracy: 1e-12)
        XCTAssertEqual(SnappingFlick(decelerationRate: SnappingFlick.fastDecelerationRate).coastDistance(velocity: 1000),
                       99, accuracy: 1e-9)
        XCTAssertEqual(flick.coastDistance(velocity: .nan), 0)
    }

    func testWithoutVelocityTheNearestPageWins() {
        let flick = SnappingFlick()
        XCTAssertEqual(flick.targetPage(from: 2.4, velocity: 0, count: 9), 2)
        XCTAssertEqual(flick.targetPage(from: 2.6, velocity: 0, count: 9), 3)
    }

    func testAFlickCarriesOnPastWhereTheFingerLifted() {
        let flick = SnappingFlick()
        // Lifted 0.4 past cover 2, still moving at half a cover a second: a quarter more.
        XCTAssertEqual(flick.targetPage(from: 2.4, velocity: 0.5, count: 9), 3)
        // Three covers a second carries it about one and a half covers on.
        XCTAssertEqual(flick.targetPage(from: 2.2, velocity: 3, count: 9), 4)
        // The same flick backwards from the same place.
        XCTAssertEqual(flick.targetPage(from: 2.2, velocity: -3, count: 9), 1)
    }

    func testTheEndsHoldTheFlick() {
        let flick = SnappingFlick()
        XCTAssertEqual(flick.targetPage(from: 7, velocity: 40, count: 9), 8)
        XCTAssertEqual(flick.targetPage(from: 1, velocity: -40, count: 9), 0)
        XCTAssertEqual(flick.targetPage(from: 1, velocity: .greatestFiniteMagnitude, count: 9), 8, "no Int overflow")
        XCTAssertEqual(flick.targetPage(from: .nan, velocity: 1, count: 9), 0)
        XCTAssertEqual(flick.targetPage(from: 3, velocity: 1, count: 0), 0)
    }

    /// A drag as the tracker sees it, to the page it settles on: 600 points
    /// a second leftward over covers 144 points apart is 4.17 covers a
    /// second forward, about two covers' coast.
    func testADragsTrackerVelocityToThePage() {
        var tracker = LaminaVelocityTracker()
        for step in 0...8 { tracker.add(CGPoint(x: 400 - Double(step) * 10, y: 200), at: 5 + Double(step) / 60) }
        let coversPerSecond = -tracker.velocity(at: 5 + 8.0 / 60).x / 144
        XCTAssertEqual(coversPerSecond, 600.0 / 144, accuracy: 1e-6)
        // The drag moved the row 80 / 144 covers on from cover 4.
        let lifted = 4 + 80.0 / 144
        XCTAssertEqual(SnappingFlick().targetPage(from: lifted, velocity: coversPerSecond, count: 9), 7)
    }

    // MARK: The rubber band

    func testInsideTheRangeTheRowFollowsExactly() {
        XCTAssertEqual(SnappingFlick.rubberBanded(3.7, in: 0...8), 3.7)
        XCTAssertEqual(SnappingFlick.rubberBanded(0, in: 0...8), 0)
    }

    func testPastAnEndTheRowFollowsLessAndNeverBeyondTheLimit() {
        // UIScrollView's curve: one limit's worth of pull shows 1 − 1/1.55 of it.
        XCTAssertEqual(SnappingFlick.rubberBanded(9, in: 0...8, limit: 1), 8 + (1 - 1 / 1.55), accuracy: 1e-9)
        XCTAssertEqual(SnappingFlick.rubberBanded(-1, in: 0...8, limit: 1), -(1 - 1 / 1.55), accuracy: 1e-9)
        var previous: CGFloat = 8
        for pull in stride(from: 8.5, through: 1000, by: 50) {
            let shown = SnappingFlick.rubberBanded(pull, in: 0...8, limit: 0.5)
            XCTAssertGreaterThan(shown, previous, "further pull, further shown")
            XCTAssertLessThan(shown, 8.5, "never more than the limit past the end")
            previous = shown
        }
    }
}
