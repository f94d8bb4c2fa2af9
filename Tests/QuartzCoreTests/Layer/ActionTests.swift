import XCTest
@testable import QuartzCore

final class ActionTests: ModelTestCase {
    /// Superlayers are weak, as on Apple: the test keeps its visible root alive.
    private var root: CALayer?

    private func makeChild(of root: CALayer) -> CALayer {
        self.root = root
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(layer)
        CATransaction.flush()
        return layer
    }

    /// In a visible tree a change of an animatable property adds the implicit
    /// animation under the property's key: from the value shown until now,
    /// 0.25 s, the default timing function.
    func testImplicitAnimationForAnimatableProperty() throws {
        let layer = makeChild(of: makeVisibleRoot())
        layer.opacity = 0.5
        let animation = try XCTUnwrap(layer.animation(forKey: "opacity") as? CABasicAnimation)
        XCTAssertEqual(animation.keyPath, "opacity")
        XCTAssertEqual(animation.fromValue as? Float, 1)
        XCTAssertNil(animation.toValue)
        XCTAssertEqual(animation.duration, 0.25)
        XCTAssertEqual(animation.timingFunction, CAMediaTimingFunction(name: .default))
        XCTAssertEqual(layer.animationKeys(), ["opacity"])
    }

    func testNoImplicitAnimationOutsideAVisibleTree() {
        let layer = CALayer()
        CATransaction.flush()
        layer.opacity = 0.5
        XCTAssertNil(layer.animationKeys())
    }

    func testNonAnimatablePropertiesRunNoAction() {
        let layer = makeChild(of: makeVisibleRoot())
        layer.name = "x"
        layer.isDoubleSided = false
        layer.contentsGravity = .center
        XCTAssertNil(layer.animationKeys())
    }

    func testTransactionOverridesDurationTimingAndCanDisableActions() throws {
        let layer = makeChild(of: makeVisibleRoot())
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.position = CGPoint(x: 50, y: 50)
        CATransaction.commit()
        let animation = try XCTUnwrap(layer.animation(forKey: "position") as? CABasicAnimation)
        XCTAssertEqual(animation.duration, 2)
        XCTAssertEqual(animation.timingFunction, CAMediaTimingFunction(name: .linear))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.cornerRadius = 5
        CATransaction.commit()
        XCTAssertNil(layer.animation(forKey: "cornerRadius"))
    }

    /// Apple's search order: delegate first, then `actions`, then
    /// `style["actions"]`, then `defaultAction(forKey:)`; `NSNull` stops it.
    func testActionSearchOrder() {
        let layer = makeChild(of: makeVisibleRoot())
        let fromDelegate = CABasicAnimation(), fromActions = CABasicAnimation(), fromStyle = CABasicAnimation()
        let recorder = ActionRecorder()
        layer.style = ["actions": ["opacity": fromStyle]]
        XCTAssertTrue(layer.action(forKey: "opacity") as? CABasicAnimation === fromStyle)
        layer.actions = ["opacity": fromActions]
        XCTAssertTrue(layer.action(forKey: "opacity") as? CABasicAnimation === fromActions)
        recorder.answers["opacity"] = fromDelegate
        layer.delegate = recorder
        XCTAssertTrue(layer.action(forKey: "opacity") as? CABasicAnimation === fromDelegate)
        recorder.answers["opacity"] = NSNull()
        XCTAssertNil(layer.action(forKey: "opacity"))
        layer.delegate = nil
        layer.actions = ["opacity": NSNull()]
        XCTAssertNil(layer.action(forKey: "opacity"))
        layer.opacity = 0.2
        XCTAssertNil(layer.animation(forKey: "opacity"), "NSNull disables the implicit animation too")
        layer.actions = nil
        layer.style = ["style": ["actions": ["opacity": fromStyle]]]
        XCTAssertTrue(layer.action(forKey: "opacity") as? CABasicAnimation === fromStyle, "nested styles are searched")
    }

    /// `defaultAction(forKey:)` answers nil for standard properties; the
    /// implicit animation comes after it.
    func testDefaultActionIsNilForStandardPropertiesAndSubclassesCanAnswer() {
        XCTAssertNil(CALayer.defaultAction(forKey: "position"))
        // A layer no render server has answers nil where only the implicit
        // animation would (gnustep libs-quartzcore #36 checked Apple's
        // `actionForKey:` on a standalone layer: nil); a shown one answers
        // the animation (`FirstCommitActionTests`).
        XCTAssertNil(CALayer().action(forKey: "position"))
        let layer = SpinningLayer()
        let root = makeVisibleRoot()
        root.addSublayer(layer)
        CATransaction.flush()
        layer.position = CGPoint(x: 3, y: 3)
        XCTAssertEqual((layer.animation(forKey: "position") as? CABasicAnimation)?.duration, 7)
    }

    /// An action from `actions` without a key path animates the changed
    /// property; with no values it runs from the old value to the new.
    func testActionWithoutKeyPathAnimatesTheChangedKey() throws {
        let layer = makeChild(of: makeVisibleRoot())
        let slow = CABasicAnimation()
        slow.duration = 3
        layer.actions = ["bounds": slow]
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        let added = try XCTUnwrap(layer.animation(forKey: "bounds") as? CABasicAnimation)
        XCTAssertEqual(added.keyPath, "bounds")
        XCTAssertEqual(added.duration, 3)
        XCTAssertEqual(added.fromValue as? CGRect, CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertNil(slow.keyPath, "the action itself is not changed")
    }

    /// A custom key reaches `action(forKey:)`, so a subclass can animate it.
    func testCustomKeysReachActionForKey() {
        let layer = ProgressLayer()
        let root = makeVisibleRoot()
        root.addSublayer(layer)
        CATransaction.flush()
        layer.setValue(0.75, forKey: "progress")
        XCTAssertNotNil(layer.animation(forKey: "progress"))
        layer.setValue("untouched", forKey: "label")
        XCTAssertNil(layer.animation(forKey: "label"))
    }

    /// Frame changes animate position and bounds, as on Apple.
    func testSettingFrameAnimatesPositionAndBounds() {
        let layer = makeChild(of: makeVisibleRoot())
        layer.frame = CGRect(x: 20, y: 20, width: 30, height: 30)
        XCTAssertEqual(Set(layer.animationKeys() ?? []), ["position", "bounds"])
    }

    /// An implicit animation starts where the property is shown, as the
    /// presentation layer has it, with only the animations of that property
    /// applied: a move in flight (alone, in a group, or along a path that
    /// turns the layer), never another property's animation.
    func testAnImplicitAnimationStartsFromTheShownValueOfItsPropertyAlone() throws {
        let layer = makeChild(of: makeVisibleRoot())
        layer.position = CGPoint(x: 10, y: 10)
        layer.filters = [Self.bloom()]
        CATransaction.flush()
        let pulse = CABasicAnimation(keyPath: "filters.glow.inputIntensity")
        pulse.fromValue = 0.0
        pulse.toValue = 1.0
        pulse.duration = 1
        layer.add(pulse, forKey: "pulse")
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 10.0
        move.toValue = 110.0
        move.duration = 1
        let group = CAAnimationGroup()
        group.animations = [move]
        group.duration = 1
        layer.add(group, forKey: "move")
        let orbit = CAKeyframeAnimation(keyPath: "position")
        orbit.path = CGPath(rect: CGRect(x: 0, y: 0, width: 50, height: 50), transform: nil)
        orbit.rotationMode = .rotateAuto
        orbit.duration = 1
        orbit.isAdditive = true
        layer.add(orbit, forKey: "orbit")
        CATransaction.flush()
        advance(0.3)

        let presented = try XCTUnwrap(layer.presentation())
        layer.position = CGPoint(x: 200, y: 200)
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        layer.opacity = 0.5
        let position = try XCTUnwrap(layer.animation(forKey: "position") as? CABasicAnimation)
        XCTAssertEqual(position.fromValue as? CGPoint, presented.position)
        XCTAssertNotEqual(presented.position, CGPoint(x: 10, y: 10), "the group and the path move it")
        let transform = try XCTUnwrap(layer.animation(forKey: "transform") as? CABasicAnimation)
        XCTAssertEqual(transform.fromValue as? CATransform3D, presented.transform)
        XCTAssertFalse(CATransform3DIsIdentity(presented.transform), "the path turns it")
        let opacity = try XCTUnwrap(layer.animation(forKey: "opacity") as? CABasicAnimation)
        XCTAssertEqual(opacity.fromValue as? Float, 1)
    }

    func testOnlyAnimationsOfAKeyChangeIt() {
        let move = CABasicAnimation(keyPath: "position.x").snapshot(reportingOn: nil)
        XCTAssertTrue(move.mayChange(key: "position"))
        XCTAssertFalse(move.mayChange(key: "positionX"))
        XCTAssertFalse(move.mayChange(key: "bounds"))
        let group = CAAnimationGroup()
        group.animations = [CABasicAnimation(keyPath: "opacity"), CABasicAnimation(keyPath: "transform.rotation.z")]
        XCTAssertTrue(group.snapshot(reportingOn: nil).mayChange(key: "transform"))
        XCTAssertFalse(group.snapshot(reportingOn: nil).mayChange(key: "position"))
        XCTAssertFalse(CATransition().snapshot(reportingOn: nil).mayChange(key: "contents"))
        XCTAssertTrue(CABasicAnimation(keyPath: "isHidden").snapshot(reportingOn: nil).mayChange(key: "hidden"),
                      "an alias names the same property")
    }

    private static func bloom() -> CIFilter {
        let filter = CIFilter(name: "CIBloom")!
        filter.name = "glow"
        return filter
    }
}

final class SpinningLayer: CALayer {
    override class func defaultAction(forKey event: String) -> CAAction? {
        guard event == "position" else { return super.defaultAction(forKey: event) }
        let animation = CABasicAnimation()
        animation.duration = 7
        return animation
    }
}

final class ProgressLayer: CALayer {
    override func action(forKey event: String) -> CAAction? {
        guard event == "progress" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = presentation()?.value(forKey: event) ?? 0.0
        return animation
    }
}
