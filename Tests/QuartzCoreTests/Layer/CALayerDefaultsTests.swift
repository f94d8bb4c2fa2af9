import XCTest
@testable import QuartzCore

/// Every property starts at Apple's documented default.
final class CALayerDefaultsTests: ModelTestCase {
    func testGeometryDefaults() {
        let layer = CALayer()
        XCTAssertEqual(layer.bounds, .zero)
        XCTAssertEqual(layer.position, .zero)
        XCTAssertEqual(layer.zPosition, 0)
        XCTAssertEqual(layer.anchorPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(layer.anchorPointZ, 0)
        XCTAssertTrue(CATransform3DIsIdentity(layer.transform))
        XCTAssertTrue(CATransform3DIsIdentity(layer.sublayerTransform))
        XCTAssertEqual(layer.frame, .zero)
        XCTAssertFalse(layer.isHidden)
        XCTAssertTrue(layer.isDoubleSided)
        XCTAssertFalse(layer.isGeometryFlipped)
        XCTAssertFalse(layer.masksToBounds)
        XCTAssertNil(layer.mask)
        XCTAssertNil(layer.superlayer)
        XCTAssertNil(layer.sublayers)
    }

    func testContentsAndStyleDefaults() {
        let layer = CALayer()
        XCTAssertNil(layer.contents)
        XCTAssertEqual(layer.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(layer.contentsCenter, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(layer.contentsGravity, .resize)
        XCTAssertEqual(layer.contentsScale, 1)
        XCTAssertNil(layer.backgroundColor)
        XCTAssertEqual(layer.cornerRadius, 0)
        XCTAssertEqual(layer.borderWidth, 0)
        XCTAssertEqual(layer.borderColor, CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertEqual(layer.shadowColor, CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(layer.shadowOpacity, 0)
        XCTAssertEqual(layer.shadowOffset, CGSize(width: 0, height: -3))
        XCTAssertEqual(layer.shadowRadius, 3)
        XCTAssertNil(layer.filters)
        XCTAssertNil(layer.backgroundFilters)
        XCTAssertNil(layer.compositingFilter)
        XCTAssertNil(layer.name)
        XCTAssertNil(layer.actions)
        XCTAssertNil(layer.style)
        XCTAssertFalse(layer.needsDisplayOnBoundsChange)
        XCTAssertEqual(layer.autoresizingMask, [])
        XCTAssertNil(layer.layoutManager)
        XCTAssertNil(layer.constraints)
        XCTAssertFalse(layer.isOpaque)
        XCTAssertTrue(layer.allowsGroupOpacity)
        XCTAssertEqual(layer.maskedCorners, [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        XCTAssertEqual(layer.cornerCurve, .circular)
        XCTAssertEqual(layer.minificationFilter, .linear)
        XCTAssertEqual(layer.magnificationFilter, .linear)
        XCTAssertEqual(layer.minificationFilterBias, 0)
        XCTAssertEqual(layer.edgeAntialiasingMask, [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        XCTAssertEqual(layer.edgeAntialiasingMask.rawValue, 15)
        // macOS's default; iOS's is false (docs/behaviour.md).
        XCTAssertTrue(layer.allowsEdgeAntialiasing)
    }

    func testMediaTimingDefaults() {
        let layer = CALayer()
        XCTAssertEqual(layer.beginTime, 0)
        XCTAssertEqual(layer.duration, 0)
        XCTAssertEqual(layer.speed, 1)
        XCTAssertEqual(layer.timeOffset, 0)
        XCTAssertEqual(layer.repeatCount, 0)
        XCTAssertEqual(layer.repeatDuration, 0)
        XCTAssertFalse(layer.autoreverses)
        XCTAssertEqual(layer.fillMode, .removed)
    }

    func testAnimationDefaults() {
        let animation = CABasicAnimation(keyPath: "opacity")
        XCTAssertEqual(animation.keyPath, "opacity")
        XCTAssertNil(animation.timingFunction)
        XCTAssertNil(animation.delegate)
        XCTAssertTrue(animation.isRemovedOnCompletion)
        XCTAssertFalse(animation.isAdditive)
        XCTAssertFalse(animation.isCumulative)
        XCTAssertNil(animation.valueFunction)
        XCTAssertEqual(animation.duration, 0)
        XCTAssertEqual(animation.speed, 1)
        XCTAssertEqual(animation.fillMode, .removed)
        let keyframe = CAKeyframeAnimation()
        XCTAssertEqual(keyframe.calculationMode, .linear)
        XCTAssertNil(keyframe.rotationMode)
        let spring = CASpringAnimation()
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.stiffness, 100)
        XCTAssertEqual(spring.damping, 10)
        XCTAssertEqual(spring.initialVelocity, 0)
        let transition = CATransition()
        XCTAssertEqual(transition.type, .fade)
        XCTAssertNil(transition.subtype)
        XCTAssertEqual(transition.startProgress, 0)
        XCTAssertEqual(transition.endProgress, 1)
    }

    /// A subclass's `defaultValue(forKey:)` gives the value of keys never set,
    /// for declared properties and custom keys alike, converted to the
    /// property's type.
    /// `defaultValue(forKey:)`: declared properties give their default,
    /// zeros included (Apple's reference: "a suitable 'zero' default value"
    /// where a property has none of its own); `frame` is derived and has none.
    func testClassDefaultValues() {
        XCTAssertEqual(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(CALayer.defaultValue(forKey: "contentsScale") as? CGFloat, 1)
        XCTAssertEqual(CALayer.defaultValue(forKey: "bounds") as? CGRect, .zero)
        XCTAssertEqual(CALayer.defaultValue(forKey: "position") as? CGPoint, .zero)
        XCTAssertNil(CALayer.defaultValue(forKey: "frame"))
        XCTAssertNil(CALayer.defaultValue(forKey: "notAProperty"))
    }

    func testSubclassDefaultValueIsHonoured() {
        let layer = RoundedLayer()
        XCTAssertEqual(layer.cornerRadius, 12)
        XCTAssertEqual(layer.value(forKey: "progress") as? Double, 0.5)
        layer.cornerRadius = 3
        XCTAssertEqual(layer.cornerRadius, 3)
        XCTAssertEqual(CALayer().cornerRadius, 0)
    }

    /// Values in `style` stand in for keys that were never set.
    func testStyleSuppliesValuesForUnsetKeys() {
        let layer = CALayer()
        layer.style = ["cornerRadius": 7, "style": ["borderWidth": 2.5]]
        XCTAssertEqual(layer.cornerRadius, 7)
        XCTAssertEqual(layer.borderWidth, 2.5)
        layer.cornerRadius = 1
        XCTAssertEqual(layer.cornerRadius, 1)
    }
}

final class RoundedLayer: CALayer {
    override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "cornerRadius": return NSNumber(value: 12)
        case "progress": return 0.5
        default: return super.defaultValue(forKey: key)
        }
    }
}

final class CALayerNilValueTests: ModelTestCase {
    /// nil overrides a non-nil default: a layer with no border colour has none.
    func testSettingNilOverridesADefault() {
        let layer = CALayer()
        layer.borderColor = nil
        layer.shadowColor = nil
        XCTAssertNil(layer.borderColor)
        XCTAssertNil(layer.shadowColor)
        XCTAssertNil(layer.value(forKey: "borderColor"))
        layer.borderColor = CGColor(gray: 0.5, alpha: 1)
        XCTAssertEqual(layer.borderColor, CGColor(gray: 0.5, alpha: 1))
        CATransaction.flush()
        layer.borderColor = nil
        CATransaction.flush()
        XCTAssertNil(layer.presentation()?.borderColor)
    }
}
