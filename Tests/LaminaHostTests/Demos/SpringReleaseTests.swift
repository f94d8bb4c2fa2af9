import DemoSupport
@testable import QuartzCore
import XCTest

/// `CASpringAnimation.initialVelocity(for:from:to:)`: a drag's release
/// velocity (points a second) as Apple's `initialVelocity`.
///
/// What Apple documents, checked against its pages: `CASpringAnimation`'s
/// `initialVelocity` gives only the sign ("Negative values represent the
/// object moving away from the spring attachment point, positive values
/// represent the object moving towards the spring attachment point"). The
/// unit is UIKit's for its springs: `UIView.animate(withDuration:delay:
/// usingSpringWithDamping:initialSpringVelocity:...)` says "A value of 1
/// corresponds to the total animation distance traversed in one second. For
/// example, if the total animation distance is 200 points and you want the
/// start of the animation to match a view velocity of 100 pt/s, use a value
/// of 0.5"; `UISpringTimingParameters.initialVelocity` is the rate
/// "normalized to the total distance of the animation". Lamina's spring
/// (SpringSolver) follows that unit, as measured on Apple.
final class SpringReleaseTests: XCTestCase {
    func testApplesExampleTwoHundredPointsAtOneHundredAPointSecondIsOneHalf() {
        let from = CGPoint(x: 0, y: 0), to = CGPoint(x: 200, y: 0)
        XCTAssertEqual(CASpringAnimation.initialVelocity(for: CGPoint(x: 100, y: 0), from: from, to: to), 0.5, accuracy: 1e-12)
    }

    func testTowardTheTargetIsPositiveAndAwayIsNegative() {
        let from = CGPoint(x: 300, y: 100), to = CGPoint(x: 100, y: 100)
        XCTAssertEqual(CASpringAnimation.initialVelocity(for: CGPoint(x: -400, y: 0), from: from, to: to), 2, accuracy: 1e-12)
        XCTAssertEqual(CASpringAnimation.initialVelocity(for: CGPoint(x: 400, y: 0), from: from, to: to), -2, accuracy: 1e-12)
    }

    /// Only the velocity along the way back counts: 3-4-5, the way back is
    /// (−3, −4) × 20 = 100 points; a velocity of (−60, −80) is 100 pt/s along
    /// it (1 a second), and one across it, (80, −60), is nothing.
    func testOnlyTheComponentAlongTheWayCounts() {
        let from = CGPoint(x: 60, y: 80), to = CGPoint.zero
        XCTAssertEqual(CASpringAnimation.initialVelocity(for: CGPoint(x: -60, y: -80), from: from, to: to), 1, accuracy: 1e-12)
        XCTAssertEqual(CASpringAnimation.initialVelocity(for: CGPoint(x: 80, y: -60), from: from, to: to), 0, accuracy: 1e-12)
    }

    func testNoDistanceOrBadInputGivesZero() {
        let point = CGPoint(x: 5, y: 5)
        XCTAssertEqual(CASpringAnimation.initialVelocity(for: CGPoint(x: 900, y: 0), from: point, to: point), 0)
        XCTAssertEqual(CASpringAnimation.initialVelocity(for: CGPoint(x: CGFloat.nan, y: 0), from: .zero, to: point), 0)
        XCTAssertEqual(CASpringAnimation.initialVelocity(for: CGPoint(x: CGFloat.infinity, y: 0), from: .zero, to: point), 0)
    }

    /// The point of it: the spring, so started, leaves at the release speed.
    /// Over the first 10 µs the layer covers velocity × 10 µs (the spring's
    /// pull adds ½ · stiffness · distance · t², a few hundredths of a point
    /// a second here).
    func testTheSpringLeavesAtTheReleaseVelocity() {
        let from = CGPoint(x: 400, y: 300), to = CGPoint(x: 100, y: 200)
        for velocity in [CGPoint(x: -900, y: -300), CGPoint(x: 600, y: 200), CGPoint(x: -30, y: -10)] {
            let spring = CASpringAnimation(keyPath: "position")
            spring.initialVelocity = CASpringAnimation.initialVelocity(for: velocity, from: from, to: to)
            let dt = 0.00001
            let progress = CGFloat(spring.solver.value(at: dt))
            let moved = CGPoint(x: (to.x - from.x) * progress, y: (to.y - from.y) * progress)
            XCTAssertEqual(moved.x / CGFloat(dt), velocity.x, accuracy: abs(velocity.x) * 0.01 + 0.5, "\(velocity)")
            XCTAssertEqual(moved.y / CGFloat(dt), velocity.y, accuracy: abs(velocity.y) * 0.01 + 0.5, "\(velocity)")
        }
    }
}
