import XCTest
@testable import QuartzCore

/// Keyframe, spring and transition animations on a layer's presentation.
final class KeyframeAndSpringLayerTests: ModelTestCase {
    private func committedLayer() -> CALayer {
        let layer = CALayer()
        CATransaction.flush()
        return layer
    }

    func testKeyframeValuesWithKeyTimes() {
        let layer = committedLayer()
        let animation = CAKeyframeAnimation(keyPath: "position.x")
        animation.values = [0, 100, 0]
        animation.keyTimes = [0, 0.25, 1]
        animation.duration = 4
        layer.add(animation, forKey: nil)
        CATransaction.flush()
        clock.advance(by: 0.5)  // fraction 0.125: halfway through the first segment
        XCTAssertEqual(layer.presentation()?.position.x ?? -1, 50, accuracy: 1e-9)
        clock.advance(by: 2)    // fraction 0.625: halfway back
        XCTAssertEqual(layer.presentation()?.position.x ?? -1, 50, accuracy: 1e-9)
    }

    func testDiscreteKeyframesHoldEachValue() {
        let layer = committedLayer()
        let animation = CAKeyframeAnimation(keyPath: "opacity")
        animation.values = [0.1, 0.5, 0.9]
        animation.calculationMode = .discrete
        animation.duration = 3
        layer.add(animation, forKey: nil)
        CATransaction.flush()
        clock.advance(by: 1.5)
        XCTAssertEqual(layer.presentation()?.opacity ?? 0, 0.5, accuracy: 1e-6)
    }

    func testPacedKeyframesSpaceByDistance() {
        let layer = committedLayer()
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 40, y: 0)]
        animation.calculationMode = .paced
        animation.duration = 1
        layer.add(animation, forKey: nil)
        CATransaction.flush()
        clock.advance(by: 0.5)
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 20, y: 0), accuracy: 1e-9)
    }

    /// Along a path, the layer follows the curve and, with `rotationMode`,
    /// turns to its tangent.
    func testPathAnimationWithAutoRotation() {
        let layer = committedLayer()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.rotationMode = .rotateAuto
        animation.duration = 2
        layer.add(animation, forKey: nil)
        CATransaction.flush()
        clock.advance(by: 0.5)  // each element gets half the time: a quarter is halfway along the first
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 50, y: 0), accuracy: 1e-6)
        XCTAssertEqual(layer.presentation()?.transform.m11 ?? 0, 1, accuracy: 1e-6, "heading along +x")
        clock.advance(by: 1)
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 100, y: 50), accuracy: 1e-6)
        let turned = layer.presentation()?.transform ?? CATransform3DIdentity
        XCTAssertEqual(turned.m12, 1, accuracy: 1e-6, "heading along +y: a quarter turn")
    }

    /// NVActivityIndicatorView's Orbit: a satellite on an arc of two whole
    /// turns (1.5π → 5.5π), its duration doubled for them. Each of the 8
    /// quarter-turn curves gets an equal share of the time, so half way
    /// through the first turn is done and the satellite is back at the start.
    func testPathAnimationAlongATwoTurnArcIsBackAtTheStartHalfWay() {
        let layer = committedLayer()
        let centre = CGPoint(x: 50, y: 50), radius: CGFloat = 20, start = 1.5 * CGFloat.pi
        let path = CGMutablePath()
        path.addArc(center: centre, radius: radius, startAngle: start, endAngle: start + 4 * .pi, clockwise: false)
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.duration = 4
        layer.add(animation, forKey: nil)
        CATransaction.flush()
        let top = CGPoint(x: centre.x, y: centre.y - radius), bottom = CGPoint(x: centre.x, y: centre.y + radius)
        clock.advance(by: 1)    // a quarter: half of the first turn
        XCTAssertEqual(layer.presentation()?.position, bottom, accuracy: 1e-6)
        clock.advance(by: 1)    // half: the first turn is done
        XCTAssertEqual(layer.presentation()?.position, top, accuracy: 1e-6)
        clock.advance(by: 1)    // three quarters: half of the second turn
        XCTAssertEqual(layer.presentation()?.position, bottom, accuracy: 1e-6)
    }

    /// Two lines: (0,0) to (100,0) to (100,100); three keyframe points.
    private func lShapedPathAnimation(duration: Double = 1) -> CAKeyframeAnimation {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.duration = duration
        return animation
    }

    /// Apple: "Any timing values you specify for the animation are applied
    /// to the points used to create the path" — keyTimes time the elements.
    func testKeyTimesTimeAPathsElements() {
        let layer = committedLayer()
        let animation = lShapedPathAnimation()
        animation.keyTimes = [0, 0.8, 1]
        layer.add(animation, forKey: nil)
        CATransaction.flush()
        clock.advance(by: 0.4)  // half of the first element's 0.8
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 50, y: 0), accuracy: 1e-6)
        clock.advance(by: 0.5)  // 0.9: half of the second element's 0.2
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 100, y: 50), accuracy: 1e-6)
    }

    /// `discrete` along a path jumps from keyframe point to keyframe point:
    /// the start, then each element's end, each for an equal share.
    func testDiscretePathAnimationJumpsBetweenElementEnds() {
        let layer = committedLayer()
        let animation = lShapedPathAnimation(duration: 3)
        animation.calculationMode = .discrete
        layer.add(animation, forKey: nil)
        CATransaction.flush()
        clock.advance(by: 0.5)
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 0, y: 0), accuracy: 1e-6)
        clock.advance(by: 1)    // 1.5 s: the second third
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 100, y: 0), accuracy: 1e-6)
        clock.advance(by: 1)    // 2.5 s: the last third
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 100, y: 100), accuracy: 1e-6)
    }

    /// One timing function per element, as for values.
    func testTimingFunctionsShapeEachPathElement() {
        let layer = committedLayer()
        let animation = lShapedPathAnimation(duration: 2)
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        animation.timingFunctions = [easeIn, CAMediaTimingFunction(name: .linear)]
        layer.add(animation, forKey: nil)
        CATransaction.flush()
        clock.advance(by: 0.5)  // half of the first element's second
        let expected = 100 * CGFloat(easeIn.evaluate(0.5))
        XCTAssertEqual(layer.presentation()?.position.x ?? -1, expected, accuracy: 1e-6)
        XCTAssertLessThan(expected, 40, "ease-in is slow at first")
        clock.advance(by: 1)    // half of the second element, linear
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 100, y: 50), accuracy: 1e-6)
    }

    func testMismatchedKeyframeArraysAreReportedAndDoNotCrash() {
        let layer = committedLayer()
        layer.name = "bad"
        let animation = CAKeyframeAnimation(keyPath: "opacity")
        animation.values = [0, 1, 0.5]
        animation.keyTimes = [0, 1]
        animation.timingFunctions = [CAMediaTimingFunction(name: .linear)]
        layer.add(animation, forKey: nil)
        let empty = CAKeyframeAnimation(keyPath: "opacity")
        empty.values = []
        layer.add(empty, forKey: "empty")
        let mixed = CAKeyframeAnimation(keyPath: "opacity")
        mixed.values = [0, CGPoint.zero]
        layer.add(mixed, forKey: "mixed")
        CATransaction.flush()
        clock.advance(by: 0.1)
        _ = layer.presentation()
        XCTAssertTrue(diagnostics.contains("layer \"bad\""))
        XCTAssertTrue(diagnostics.contains("empty"))
    }

    /// A zero duration means Apple's default of 0.25 s.
    func testZeroDurationMeansDefaultDuration() {
        let layer = committedLayer()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        layer.add(animation, forKey: nil)
        CATransaction.flush()
        clock.advance(by: 0.125)
        XCTAssertEqual(layer.presentation()?.opacity ?? 0, 0.5, accuracy: 1e-6)
    }

    func testSpringOvershootsAndSettles() {
        let layer = committedLayer()
        let spring = CASpringAnimation(keyPath: "position.y")
        spring.fromValue = 0
        spring.toValue = 100
        spring.damping = 5
        spring.duration = spring.settlingDuration
        layer.add(spring, forKey: nil)
        CATransaction.flush()
        let samples = (1...40).map { _ -> CGFloat in
            clock.advance(by: 0.05)
            return layer.presentation()?.position.y ?? 0
        }
        XCTAssertGreaterThan(samples.max() ?? 0, 100, "an underdamped spring overshoots")
        XCTAssertEqual(samples.last ?? 0, CGFloat(100 * spring.solver.value(at: 2.0)), accuracy: 1e-6)
        XCTAssertEqual(spring.settlingDuration, SpringSolver(damping: 5).settlingDuration)
    }

    func testPerceptualSpringInitializer() {
        let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        XCTAssertEqual(spring.stiffness, pow(2 * .pi / 0.5, 2), accuracy: 1e-6)
        XCTAssertEqual(spring.damping, (1 - 0.3) * 4 * .pi / 0.5, accuracy: 1e-6)
        XCTAssertEqual(spring.perceptualDuration, 0.5)
        XCTAssertEqual(spring.bounce, 0.3, accuracy: 1e-9)
        XCTAssertEqual(spring.duration, spring.settlingDuration)
    }

    /// A transition is an animation object: added under `kCATransition`, it
    /// changes no property and ends like any animation.
    func testTransitionIsAnAnimationObject() {
        let layer = committedLayer()
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromLeft
        transition.duration = 0.5
        transition.startProgress = 0.2
        transition.endProgress = 3
        XCTAssertEqual(transition.endProgress, 1, "clamped to 0...1")
        layer.opacity = 0.4
        layer.add(transition, forKey: nil)
        XCTAssertEqual(layer.animationKeys(), [kCATransition], "a transition's key whatever is given")
        transition.run(forKey: "contents", object: layer, arguments: nil)
        XCTAssertEqual(layer.animationKeys(), [kCATransition], "run as an action: the same key, replaced")
        CATransaction.flush()
        clock.advance(by: 0.25)
        XCTAssertEqual(layer.presentation()?.opacity ?? 0, 0.4, accuracy: 1e-6)
        let copy = layer.animation(forKey: kCATransition) as? CATransition
        XCTAssertEqual(copy?.type, .push)
        XCTAssertEqual(copy?.subtype, .fromLeft)
        advance(1)
        XCTAssertNil(layer.animation(forKey: kCATransition))
    }

    func testAnimationsAreKeyValueContainers() {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.setValue("selection", forKey: "id")
        animation.setValue(false, forKey: "removedOnCompletion")
        XCTAssertFalse(animation.isRemovedOnCompletion)
        let copy = animation.copy() as? CABasicAnimation
        XCTAssertEqual(copy?.value(forKey: "id") as? String, "selection")
        XCTAssertEqual(copy?.keyPath, "opacity")
        XCTAssertFalse(copy === animation)
    }
}
