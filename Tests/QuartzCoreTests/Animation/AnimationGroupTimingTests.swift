import XCTest
@testable import QuartzCore

/// A `CAAnimationGroup` is a node of the timing hierarchy, as Apple's
/// CAMediaTiming model and documentation describe it: its children run in
/// its local time, clipped to its duration, a child with no duration spans
/// it, and its own speed, offset, repeats, autoreverse, timing function and
/// fill apply to what its children see (docs/behaviour.md, Timing).
final class AnimationGroupTimingTests: ModelTestCase {
    private func committedLayer() -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        CATransaction.flush()
        return layer
    }

    /// A linear opacity animation from 0 to 1 with no duration of its own.
    private func fadeWithoutDuration() -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        return fade
    }

    private func group(_ children: [CAAnimation], duration: CFTimeInterval,
                       configure: (CAAnimationGroup) -> Void = { _ in }) -> CALayer {
        let layer = committedLayer()
        let group = CAAnimationGroup()
        group.animations = children
        group.duration = duration
        configure(group)
        layer.add(group, forKey: "group")
        CATransaction.flush()
        return layer
    }

    private func opacity(_ layer: CALayer, after seconds: CFTimeInterval) -> Float {
        clock.advance(by: seconds)
        return layer.presentation()?.opacity ?? .nan
    }

    /// Apple's `CAAnimationGroup` listing: a child with no duration spans
    /// the group's second (not the 0.25 s default).
    func testAChildWithoutDurationSpansTheGroup() {
        let layer = group([fadeWithoutDuration()], duration: 1)
        XCTAssertEqual(opacity(layer, after: 0.5), 0.5, accuracy: 1e-6)
        XCTAssertEqual(opacity(layer, after: 0.4), 0.9, accuracy: 1e-6)
    }

    /// Nested groups: the inner group spans the outer one, its child the inner.
    func testNestedGroupsPassTheirDurationDown() {
        let inner = CAAnimationGroup()
        inner.animations = [fadeWithoutDuration()]
        let layer = group([inner], duration: 2)
        XCTAssertEqual(opacity(layer, after: 1), 0.5, accuracy: 1e-6)
    }

    /// The Core Animation Cookbook: "The animation group's timing function
    /// and duration take precedence": an ease-in group over a linear child.
    func testTheGroupsTimingFunctionShapesItsChildren() {
        let layer = group([fadeWithoutDuration()], duration: 1) { $0.timingFunction = CAMediaTimingFunction(name: .easeIn) }
        let expected = CAMediaTimingFunction(name: .easeIn).evaluate(0.5)
        XCTAssertEqual(Double(opacity(layer, after: 0.5)), expected, accuracy: 1e-6)
        XCTAssertLessThan(expected, 0.4, "ease-in is well behind linear half way")
    }

    func testTheGroupsSpeedAndOffsetApplyToItsChildren() {
        let layer = group([fadeWithoutDuration()], duration: 1) { group in
            group.speed = 2
            group.timeOffset = 0.2
        }
        // Group time = 0.1 s × 2 + 0.2 = 0.4.
        XCTAssertEqual(opacity(layer, after: 0.1), 0.4, accuracy: 1e-6)
    }

    func testTheGroupsRepeatsAndAutoreverseApplyToItsChildren() {
        let layer = group([fadeWithoutDuration()], duration: 1) { group in
            group.repeatCount = 2
            group.autoreverses = true
        }
        XCTAssertEqual(opacity(layer, after: 0.25), 0.25, accuracy: 1e-6)
        XCTAssertEqual(opacity(layer, after: 1.0), 0.75, accuracy: 1e-6, "on the way back")
        XCTAssertEqual(opacity(layer, after: 1.0), 0.25, accuracy: 1e-6, "second repeat, going forward")
    }

    /// A child longer than the group is clipped (Apple: "a 10 second
    /// animation grouped within an animation group with a duration of 5
    /// seconds displays only the first 5 seconds").
    func testALongerChildIsClippedNotScaled() {
        let long = fadeWithoutDuration()
        long.duration = 10
        let layer = group([long], duration: 5)
        XCTAssertEqual(opacity(layer, after: 2.5), 0.25, accuracy: 1e-6, "not scaled into the group")
        XCTAssertEqual(opacity(layer, after: 3), 1, "after the group: the model value")
    }

    /// A shorter child with a forward fill holds its end for the rest of the
    /// group, and the group's forward fill holds it after the group.
    func testFillModesOfChildAndGroup() {
        let short = fadeWithoutDuration()
        short.duration = 0.5
        short.toValue = 0.6
        short.fillMode = .forwards
        let layer = group([short], duration: 1) { group in
            group.fillMode = .forwards
            group.isRemovedOnCompletion = false
        }
        XCTAssertEqual(opacity(layer, after: 0.75), 0.6, accuracy: 1e-6, "the child holds its end")
        XCTAssertEqual(opacity(layer, after: 1), 0.6, accuracy: 1e-6, "the group holds it after its end")
    }
}

/// Small differences from Apple's QuartzCore, each checked against its documentation.
final class AppleDetailTests: ModelTestCase {
    /// Apple's `add(_:forKey:)`: "The special key `transition` is
    /// automatically used for transition animations."
    func testATransitionIsStoredUnderKCATransitionWhateverTheKey() throws {
        let layer = CALayer()
        layer.add(CATransition(), forKey: nil)
        XCTAssertEqual(layer.animationKeys(), [kCATransition])
        let push = CATransition()
        push.type = .push
        layer.add(push, forKey: "slide")
        XCTAssertEqual(layer.animationKeys(), [kCATransition], "one transition at a time, under its key")
        XCTAssertEqual((layer.animation(forKey: kCATransition) as? CATransition)?.type, .push)
    }

    /// `CATransform3DGetAffineTransform` (and `affineTransform()`) keep the
    /// affine part of a transform that is not affine: m11, m12, m21, m22,
    /// m41, m42; Apple calls the result undefined, and its implementation
    /// takes those six entries.
    func testAffineTransformOfATransformThatIsNotAffine() {
        let layer = CALayer()
        layer.transform = CATransform3DMakeScale(2, 3, 4)
        XCTAssertEqual(layer.affineTransform(), CGAffineTransform(scaleX: 2, y: 3), "a z scale is dropped")
        layer.transform = CATransform3DMakeTranslation(5, 6, 7)
        XCTAssertEqual(layer.affineTransform(), CGAffineTransform(translationX: 5, y: 6), "a z translation is dropped")
        layer.transform = CATransform3DMakeRotation(0.5, 1, 0, 0)
        let turned = layer.affineTransform()
        XCTAssertEqual(turned.a, 1)
        XCTAssertEqual(turned.d, cos(0.5), accuracy: 1e-12, "a turn about x foreshortens y")
        XCTAssertEqual(turned.b, 0)
        XCTAssertEqual(turned.c, 0)
    }
}
