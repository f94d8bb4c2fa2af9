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
