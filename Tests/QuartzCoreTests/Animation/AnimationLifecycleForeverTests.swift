import XCTest
@testable import QuartzCore

/// Animations that repeat forever: the lifecycle skips their timing work on
/// every frame but still hears their start and their removal.
final class AnimationLifecycleForeverTests: ModelTestCase {
    private func pulse(repeatCount: Float = .greatestFiniteMagnitude) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 1
        animation.autoreverses = true
        animation.repeatCount = repeatCount
        return animation
    }

    func testOnlyCommittedForwardForeverAnimationsNeverFinish() throws {
        let layer = CALayer()
        CATransaction.flush()
        layer.add(pulse(), forKey: "forever")
        layer.add(pulse(repeatCount: 3), forKey: "three")
        let reversed = pulse()
        reversed.speed = -1
        layer.add(reversed, forKey: "reversed")
        let entries = layer.animationEntries
        XCTAssertFalse(try XCTUnwrap(entries.first { $0.key == "forever" }).neverFinishes, "not committed yet")
        CATransaction.flush()
        XCTAssertTrue(try XCTUnwrap(entries.first { $0.key == "forever" }).neverFinishes)
        XCTAssertFalse(try XCTUnwrap(entries.first { $0.key == "three" }).neverFinishes)
        XCTAssertFalse(try XCTUnwrap(entries.first { $0.key == "reversed" }).neverFinishes,
                       "a reversed animation finishes when it reaches its start")
    }

    func testForeverAnimationStartsKeepsRunningAndStopsWhenRemoved() {
        let layer = CALayer()
        CATransaction.flush()
        let delegate = DelegateRecorder()
        let animation = pulse()
        animation.delegate = delegate
        layer.add(animation, forKey: "pulse")
        CATransaction.flush()
        advance(0)
        XCTAssertEqual(delegate.events, ["start"])
        for _ in 0..<5 { advance(10) }
        XCTAssertEqual(delegate.events, ["start"], "it never finishes")
        XCTAssertNotNil(layer.animation(forKey: "pulse"))
        layer.removeAnimation(forKey: "pulse")
        advance(0)
        XCTAssertEqual(delegate.events, ["start", "stop interrupted"])
        advance(1)
        XCTAssertEqual(delegate.events, ["start", "stop interrupted"], "stopped once")
    }
}
