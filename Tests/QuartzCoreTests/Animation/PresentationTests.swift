import XCTest
@testable import QuartzCore

/// `presentation()` applies every running animation at the current media
/// time through the layer time hierarchy.
final class PresentationTests: ModelTestCase {
    private func committedLayer(in root: CALayer? = nil) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root?.addSublayer(layer)
        CATransaction.flush()
        return layer
    }

    private func linear(_ keyPath: String, from: Any?, to: Any?, duration: CFTimeInterval = 1) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        return animation
    }

    func testBeginTimeIsStampedAtCommit() throws {
        let layer = committedLayer()
        layer.add(linear("opacity", from: 0, to: 1), forKey: "fade")
        XCTAssertEqual(layer.animation(forKey: "fade")?.beginTime, 0)
        clock.advance(by: 3)
        CATransaction.flush()
        XCTAssertEqual(try XCTUnwrap(layer.animation(forKey: "fade")).beginTime, 1003, accuracy: 1e-9)
    }

    func testBasicAnimationInterpolatesOverTime() {
        let layer = committedLayer()
        layer.add(linear("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 50)), forKey: "move")
        CATransaction.flush()
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 0, y: 0))
        clock.advance(by: 0.5)
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 50, y: 25), accuracy: 1e-9)
        clock.advance(by: 0.6)
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 0, y: 0), "removed fill: back to the model")
        XCTAssertEqual(layer.position, .zero, "the model never changes")
    }

    /// Apple's from/to/by table, evaluated halfway with the model value at 10.
    func testFromToByTable() {
        let cases: [(from: Double?, to: Double?, by: Double?, half: CGFloat)] = [
            (0, 20, nil, 10),     // from..to
            (0, nil, 8, 4),       // from..from+by
            (nil, 20, 4, 18),     // to-by..to
            (0, nil, nil, 5),     // from..model
            (nil, 20, nil, 15),   // model..to
            (nil, nil, 6, 13),    // model..model+by
        ]
        for (index, row) in cases.enumerated() {
            let layer = committedLayer()
            layer.cornerRadius = 10
            CATransaction.flush()
            let animation = CABasicAnimation(keyPath: "cornerRadius")
            animation.fromValue = row.from
            animation.toValue = row.to
            animation.byValue = row.by
            animation.duration = 2
            layer.add(animation, forKey: "row")
            CATransaction.flush()
            clock.advance(by: 1)
            XCTAssertEqual(layer.presentation()?.cornerRadius ?? -1, row.half, accuracy: 1e-9, "row \(index)")
            clock.advance(by: 5)
        }
    }

    func testTimingFunctionShapesProgress() {
        let layer = committedLayer()
        let animation = linear("opacity", from: 0, to: 1)
        animation.timingFunction = CAMediaTimingFunction(name: .easeIn)
        layer.add(animation, forKey: nil)
        CATransaction.flush()
        clock.advance(by: 0.5)
        let expected = CAMediaTimingFunction(name: .easeIn).evaluate(0.5)
        XCTAssertEqual(Double(layer.presentation()?.opacity ?? -1), expected, accuracy: 1e-6)
    }

    func testFillModesAndRemovedOnCompletion() {
        let layer = committedLayer()
        let animation = linear("opacity", from: 0.2, to: 0.8)
        animation.beginTime = 1002  // two seconds ahead, in layer time
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        layer.add(animation, forKey: "f")
        CATransaction.flush()
        XCTAssertEqual(layer.presentation()?.opacity ?? 0, 0.2, accuracy: 1e-6, "backwards fill before the start")
        advance(5)
        XCTAssertEqual(layer.presentation()?.opacity ?? 0, 0.8, accuracy: 1e-6, "forwards fill after the end")
        XCTAssertNotNil(layer.animation(forKey: "f"))
    }

    func testAdditiveAndCumulative() {
        let layer = committedLayer()
        layer.position = CGPoint(x: 100, y: 100)
        CATransaction.flush()
        let shake = linear("position.x", from: 0, to: 10)
        shake.isAdditive = true
        layer.add(shake, forKey: "shake")
        CATransaction.flush()
        clock.advance(by: 0.5)
        XCTAssertEqual(layer.presentation()?.position.x ?? 0, 105, accuracy: 1e-9)
        clock.advance(by: 1)

        let step = linear("cornerRadius", from: 0, to: 10)
        step.isCumulative = true
        step.repeatCount = 3
        layer.add(step, forKey: "step")
        CATransaction.flush()
        clock.advance(by: 2.5)  // third repetition, halfway: 2 * 10 + 5
        XCTAssertEqual(layer.presentation()?.cornerRadius ?? 0, 25, accuracy: 1e-9)
    }

    /// Animations apply in the order added; an additive one adds to what the
    /// earlier ones produced.
    func testAnimationsCompose() {
        let layer = committedLayer()
        layer.add(linear("opacity", from: 0.0, to: 0.5), forKey: "base")
        let more = linear("opacity", from: 0.25, to: 0.25)
        more.isAdditive = true
        layer.add(more, forKey: "more")
        CATransaction.flush()
        clock.advance(by: 0.5)
        XCTAssertEqual(layer.presentation()?.opacity ?? 0, 0.5, accuracy: 1e-6)
    }

    func testAddingUnderAnExistingKeyReplacesAndAddingCopies() {
        let layer = committedLayer()
        let first = linear("opacity", from: 0, to: 1)
        layer.add(first, forKey: "k")
        first.toValue = 0.5  // changing the original after adding has no effect
        XCTAssertEqual(layer.animation(forKey: "k").flatMap { ($0 as? CABasicAnimation)?.toValue as? Int }, 1)
        XCTAssertFalse(layer.animation(forKey: "k") === first)
        layer.add(linear("cornerRadius", from: 0, to: 1), forKey: "k")
        XCTAssertEqual(layer.animationKeys(), ["k"])
        XCTAssertEqual((layer.animation(forKey: "k") as? CABasicAnimation)?.keyPath, "cornerRadius")
        layer.add(linear("opacity", from: 0, to: 1), forKey: nil)
        XCTAssertEqual(layer.animationKeys(), ["k"], "anonymous animations are not listed")
        layer.removeAllAnimations()
        XCTAssertNil(layer.animationKeys())
    }

    func testTransformRotationKeyPathSpinsAFullTurn() {
        let layer = committedLayer()
        layer.add(linear("transform.rotation.z", from: 0, to: 2 * CGFloat.pi), forKey: "spin")
        CATransaction.flush()
        clock.advance(by: 0.5)
        let transform = layer.presentation()?.transform ?? CATransform3DIdentity
        XCTAssertEqual(transform.m11, -1, accuracy: 1e-9, "half a turn at the halfway point")
        clock.advance(by: 0.25)
        XCTAssertEqual(layer.presentation()?.transform.m12 ?? 0, -1, accuracy: 1e-9, "three quarters")
    }

    func testValueFunctionBuildsTheTransform() {
        let layer = committedLayer()
        let animation = linear("transform", from: 0, to: CGFloat.pi)
        animation.valueFunction = CAValueFunction(name: .rotateZ)
        layer.add(animation, forKey: nil)
        CATransaction.flush()
        clock.advance(by: 0.5)
        let transform = layer.presentation()?.transform ?? CATransform3DIdentity
        XCTAssertEqual(transform.m11, 0, accuracy: 1e-9)
        XCTAssertEqual(transform.m12, 1, accuracy: 1e-9)
    }

    func testColorsInterpolate() {
        let layer = committedLayer()
        layer.add(linear("backgroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                         to: CGColor(red: 0, green: 0, blue: 1, alpha: 0)), forKey: nil)
        CATransaction.flush()
        clock.advance(by: 0.5)
        let rgba = layer.presentation()?.backgroundColor?.rgba
        XCTAssertEqual(rgba?.red ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertEqual(rgba?.blue ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertEqual(rgba?.alpha ?? -1, 0.5, accuracy: 1e-9)
    }

    /// Layer timing scales its animations: a layer at speed 2 runs them twice
    /// as fast; a paused layer (speed 0, timeOffset) holds them.
    func testLayerTimeHierarchy() {
        let root = committedLayer()
        let layer = committedLayer(in: root)
        root.speed = 2
        CATransaction.flush()
        layer.add(linear("opacity", from: 0, to: 1, duration: 2), forKey: nil)
        CATransaction.flush()
        clock.advance(by: 0.5)
        XCTAssertEqual(layer.presentation()?.opacity ?? 0, 0.5, accuracy: 1e-6)
        // Pause, Apple's recipe.
        let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = paused
        CATransaction.flush()
        clock.advance(by: 10)
        XCTAssertEqual(layer.presentation()?.opacity ?? 0, 0.5, accuracy: 1e-6)
    }

    func testConvertTime() {
        let root = committedLayer()
        let layer = committedLayer(in: root)
        root.beginTime = 10
        root.speed = 2
        layer.timeOffset = 5
        XCTAssertEqual(layer.convertTime(20, from: nil), (20 - 10) * 2 + 5)
        XCTAssertEqual(layer.convertTime(25, to: nil), 20, accuracy: 1e-9)
        XCTAssertEqual(root.convertTime(20, from: layer), 15, accuracy: 1e-9)
        XCTAssertEqual(layer.convertTime(15, from: root), 20, accuracy: 1e-9)
    }

    /// Groups run children in the group's time, clipped to its duration.
    func testGroupRunsChildrenInGroupTime() {
        let layer = committedLayer()
        let late = linear("opacity", from: 0, to: 1)
        late.beginTime = 1
        let early = linear("cornerRadius", from: 0, to: 10)
        let group = CAAnimationGroup()
        group.animations = [early, late]
        group.duration = 1.5
        layer.add(group, forKey: "group")
        CATransaction.flush()
        clock.advance(by: 0.5)
        XCTAssertEqual(layer.presentation()?.cornerRadius ?? 0, 5, accuracy: 1e-9)
        XCTAssertEqual(layer.presentation()?.opacity ?? 0, 1, "late child not started: model value")
        clock.advance(by: 0.75)
        XCTAssertEqual(layer.presentation()?.opacity ?? 0, 0.25, accuracy: 1e-6)
        clock.advance(by: 0.5)
        XCTAssertEqual(layer.presentation()?.opacity ?? 0, 1, "clipped at the group's end")
    }

    /// The presentation of a subclass is of the subclass, made through its `init(layer:)`.
    func testPresentationOfSubclassUsesInitLayer() {
        let layer = TaggedLayer()
        layer.tag = 7
        CATransaction.flush()
        let presentation = layer.presentation()
        XCTAssertEqual(presentation?.tag, 7)
        XCTAssertTrue(presentation?.model() === layer)
        XCTAssertTrue(layer.model() === layer)
        XCTAssertTrue(presentation?.presentation() === presentation)
    }

    func testPresentationTreeMapsSuperlayerAndSublayers() {
        let root = committedLayer()
        let child = committedLayer(in: root)
        let presentation = root.presentation()
        XCTAssertTrue(presentation?.sublayers?.first?.model() === child)
        XCTAssertTrue(child.presentation()?.superlayer?.model() === root)
    }
}

final class TaggedLayer: CALayer {
    var tag = 0
    override init() { super.init() }
    override init(layer: Any) {
        super.init(layer: layer)
        tag = (layer as? TaggedLayer)?.tag ?? 0
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}
