import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// `CAEmitterLayer`'s model: Apple's defaults (CAEmitterLayer.h), key-value
/// coding, cell key paths, which keys animate, and bad input.
final class CAEmitterLayerTests: ModelTestCase {
    func testDefaultsAreApples() {
        let layer = CAEmitterLayer()
        XCTAssertNil(layer.emitterCells)
        XCTAssertEqual(layer.birthRate, 1)
        XCTAssertEqual(layer.lifetime, 1)
        XCTAssertEqual(layer.emitterPosition, .zero)
        XCTAssertEqual(layer.emitterZPosition, 0)
        XCTAssertEqual(layer.emitterSize, .zero)
        XCTAssertEqual(layer.emitterDepth, 0)
        XCTAssertEqual(layer.emitterShape, .point)
        XCTAssertEqual(layer.emitterMode, .volume)
        XCTAssertEqual(layer.renderMode, .unordered)
        XCTAssertFalse(layer.preservesDepth)
        XCTAssertEqual(layer.velocity, 1)
        XCTAssertEqual(layer.scale, 1)
        XCTAssertEqual(layer.spin, 1)
        XCTAssertEqual(layer.seed, 0)
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "emitterMode") as? String, "volume")
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "birthRate") as? Float, 1)
    }

    func testConstantsAreApplesStrings() {
        XCTAssertEqual([CAEmitterLayerEmitterShape.point, .line, .rectangle, .cuboid, .circle, .sphere].map(\.rawValue),
                       ["point", "line", "rectangle", "cuboid", "circle", "sphere"])
        XCTAssertEqual([CAEmitterLayerEmitterMode.points, .outline, .surface, .volume].map(\.rawValue),
                       ["points", "outline", "surface", "volume"])
        XCTAssertEqual([CAEmitterLayerRenderMode.unordered, .oldestFirst, .oldestLast, .backToFront, .additive].map(\.rawValue),
                       ["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"])
    }

    func testKeyValueCodingConvertsNamesAndNumbers() {
        let layer = CAEmitterLayer()
        layer.setValue("circle", forKey: "emitterShape")
        layer.setValue(CAEmitterLayerEmitterMode.outline, forKey: "emitterMode")
        layer.setValue("additive", forKey: "renderMode")
        layer.setValue(NSNumber(value: 2.5), forKey: "birthRate")
        layer.setValue(7, forKey: "seed")
        layer.setValue(CGPoint(x: 3, y: 4), forKey: "emitterPosition")
        XCTAssertEqual(layer.emitterShape, .circle)
        XCTAssertEqual(layer.emitterMode, .outline)
        XCTAssertEqual(layer.renderMode, .additive)
        XCTAssertEqual(layer.birthRate, 2.5)
        XCTAssertEqual(layer.seed, 7)
        XCTAssertEqual(layer.value(forKey: "emitterShape") as? String, "circle")
        XCTAssertEqual(layer.value(forKeyPath: "emitterPosition.x") as? CGFloat, 3)
        layer.seed = .max
        XCTAssertEqual(layer.seed, .max, "the whole UInt32 range round-trips")
    }

    func testCellKeyPathsReadAndWriteNamedCells() {
        let layer = CAEmitterLayer()
        let spark = CAEmitterCell()
        spark.name = "spark"
        let rocket = CAEmitterCell()
        rocket.name = "rocket"
        rocket.emitterCells = [spark]
        layer.emitterCells = [rocket]
        layer.setValue(40, forKeyPath: "emitterCells.rocket.birthRate")
        layer.setValue(3, forKeyPath: "emitterCells.rocket.emitterCells.spark.lifetime")
        XCTAssertEqual(rocket.birthRate, 40)
        XCTAssertEqual(spark.lifetime, 3)
        XCTAssertEqual(layer.value(forKeyPath: "emitterCells.rocket.emitterCells.spark.lifetime") as? Float, 3)
        layer.setValue(1, forKeyPath: "emitterCells.nothing.birthRate")
        XCTAssertTrue(diagnostics.contains("no emitter cell at this path"))
    }

    func testApplesAnimatableKeysRunImplicitAnimations() {
        let root = makeVisibleRoot()
        let layer = CAEmitterLayer()
        root.addSublayer(layer)
        CATransaction.flush()
        for key in ["birthRate", "lifetime", "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth",
                    "velocity", "scale", "spin"] {
            XCTAssertNotNil(layer.action(forKey: key), key)
        }
        for key in ["emitterCells", "emitterShape", "emitterMode", "renderMode", "preservesDepth", "seed"] {
            XCTAssertNil(layer.action(forKey: key), key)
        }
        layer.emitterPosition = CGPoint(x: 50, y: 60)
        CATransaction.flush()
        XCTAssertNotNil(layer.animation(forKey: "emitterPosition"), "changing the position animates it implicitly")
    }

    /// `NSNull` through key-value coding is nil, as for every layer key:
    /// the cells go, a name goes back to its default (`isNSNull`, which
    /// looks into the optional the setter receives).
    func testNSNullResetsCellsAndNames() {
        let layer = CAEmitterLayer()
        layer.emitterCells = [CAEmitterCell()]
        layer.emitterShape = .circle
        layer.renderMode = .additive
        layer.setValue(NSNull(), forKey: "emitterCells")
        layer.setValue(NSNull(), forKey: "emitterShape")
        layer.setValue(NSNull(), forKey: "renderMode")
        XCTAssertNil(layer.emitterCells)
        XCTAssertEqual(layer.emitterShape, .point)
        XCTAssertEqual(layer.renderMode, .unordered)
        XCTAssertFalse(diagnostics.contains("ignored"), "NSNull is not a wrong type")
    }

    func testBadInputIsReportedNotStored() {
        let layer = CAEmitterLayer()
        layer.birthRate = .nan
        XCTAssertEqual(layer.birthRate, 1, "NaN is refused")
        XCTAssertTrue(diagnostics.contains("NaN; ignored"))
        layer.birthRate = -3
        XCTAssertTrue(diagnostics.contains("out of range"))
        layer.setValue("star", forKey: "emitterShape")
        XCTAssertTrue(diagnostics.contains("unknown name \"star\""))
        layer.setValue([1, 2], forKey: "emitterCells")
        XCTAssertNil(layer.emitterCells)
        XCTAssertTrue(diagnostics.contains("expected [CAEmitterCell]"))
        layer.emitterPosition = CGPoint(x: CGFloat.nan, y: 0)
        XCTAssertEqual(layer.emitterPosition, .zero, "non-finite geometry is refused")
    }

    func testTheCommitCarriesASnapshotOfTheCells() {
        let layer = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.name = "dot"
        cell.birthRate = 10
        cell.color = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        layer.emitterCells = [cell]
        let state = LayerState(layer: layer)
        cell.birthRate = 99
        XCTAssertEqual(state.emitter?.cells.first?.birthRate, 10, "the snapshot does not follow the cell object")
        XCTAssertEqual(state.emitter?.cells.first?.color, [1, 0.5, 0, 1])
        XCTAssertEqual(state.className, "CAEmitterLayer")
    }

    func testACellThatContainsItselfIsCutOffNotRecursedForever() {
        let layer = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.emitterCells = [cell]
        layer.emitterCells = [cell]
        var depth = 0
        var level = LayerState(layer: layer).emitter?.cells
        while let next = level?.first { depth += 1; level = next.children }
        XCTAssertEqual(depth, EmitterCellState.maximumDepth)
        XCTAssertTrue(diagnostics.contains("nested deeper"))
    }
}

/// Animations of the emitter's keys and of its cells' key paths, on the
/// app thread (presentation) and on the render side (`LayerState`).
final class CAEmitterLayerAnimationTests: ModelTestCase {
    private func emitterWithCell() -> (CALayer, CAEmitterLayer, CAEmitterCell) {
        let root = makeVisibleRoot()
        let layer = CAEmitterLayer()
        let cell = CAEmitterCell.make("dot", rate: 10, lifetime: 1)
        layer.emitterCells = [cell]
        root.addSublayer(layer)
        CATransaction.flush()
        return (root, layer, cell)
    }

    func testACellKeyPathAnimatesInThePresentationWithoutTouchingTheModelsCell() throws {
        let (root, layer, cell) = emitterWithCell()
        let animation = CABasicAnimation(keyPath: "emitterCells.dot.velocity")
        animation.fromValue = 0
        animation.toValue = 100
        animation.duration = 1
        layer.add(animation, forKey: "speedUp")
        CATransaction.flush()
        advance(0.5)
        let presented = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(presented.value(forKeyPath: "emitterCells.dot.velocity") as? CGFloat ?? -1, 50, accuracy: 1e-6)
        XCTAssertEqual(cell.velocity, 0, "the model's cell object is not animated")
        XCTAssertEqual(layer.value(forKeyPath: "emitterCells.dot.velocity") as? CGFloat, 0)
        withExtendedLifetime(root) {}
    }

    func testOnlyAnimationsOfEmitterKeysAreSampledAtParticleBirths() {
        func snapshot(_ animation: CAAnimation) -> AnimationSnapshot { animation.snapshot(reportingOn: nil) }
        XCTAssertTrue(snapshot(CABasicAnimation(keyPath: "emitterPosition")).affectsEmission)
        XCTAssertTrue(snapshot(CABasicAnimation(keyPath: "emitterPosition.x")).affectsEmission)
        XCTAssertTrue(snapshot(CABasicAnimation(keyPath: "emitterCells.dot.velocity")).affectsEmission)
        XCTAssertFalse(snapshot(CABasicAnimation(keyPath: "opacity")).affectsEmission, "drawing-only keys are not")
        let group = CAAnimationGroup()
        group.animations = [CABasicAnimation(keyPath: "opacity"), CABasicAnimation(keyPath: "emitterCells.dot.scale")]
        XCTAssertTrue(snapshot(group).affectsEmission, "a group with one emitter key is")
    }

    func testRenderSideStateAnimatesLayerKeysAndCellKeyPaths() {
        let (root, layer, _) = emitterWithCell()
        var state = LayerState(layer: layer)
        state.setAnimatedValue(.point(CGPoint(x: 5, y: 6)), at: AnimationKeyPath("emitterPosition"))
        state.setAnimatedValue(.number(3), at: AnimationKeyPath("birthRate"))
        state.setAnimatedValue(.number(42), at: AnimationKeyPath("emitterCells.dot.velocity"))
        state.setAnimatedValue(.number(0.5), at: AnimationKeyPath("emitterCells.dot.alphaSpeed"))
        XCTAssertEqual(state.emitter?.position, CGPoint(x: 5, y: 6))
        XCTAssertEqual(state.emitter?.birthRate, 3)
        XCTAssertEqual(state.emitter?.cells.first?.velocity, 42)
        XCTAssertEqual(state.emitter?.cells.first?.colorSpeed[3], 0.5)
        XCTAssertEqual(state.animatableValue(at: AnimationKeyPath("emitterCells.dot.velocity")), .number(42))
        XCTAssertEqual(state.animatableValue(at: AnimationKeyPath("emitterSize")), .size(.zero))
        XCTAssertNil(state.animatableValue(at: AnimationKeyPath("emitterCells.missing.velocity")))
        withExtendedLifetime(root) {}
    }

    func testParticlesStartWhereTheAnimatedEmitterWasAtTheirBirth() {
        let host = InlineRenderHost(width: 100, height: 100)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let layer = CAEmitterLayer()
        layer.frame = root.bounds
        layer.beginTime = CACurrentMediaTime()
        layer.emitterCells = [CAEmitterCell.make("dot", rate: 10, lifetime: 0.25)]
        root.addSublayer(layer)
        root.attach(to: host)
        CATransaction.flush()
        let move = CABasicAnimation(keyPath: "emitterPosition")
        move.fromValue = CGPoint(x: 0, y: 50)
        move.toValue = CGPoint(x: 100, y: 50)
        move.duration = 10
        layer.add(move, forKey: "move")
        CATransaction.flush()
        let start = CACurrentMediaTime()
        let frame = host.loop.compositor.prepare(host.loop.tree, mediaTime: start + 5)
        let particles = frame.root?.children.first?.particles?.items ?? []
        XCTAssertEqual(particles.count, 3, "born at 4.8, 4.9 and 5, living 0.25 s")
        for placed in particles {
            // The animation moves the emitter 10 points a second from x = 0.
            XCTAssertEqual(placed.particle.x, placed.particle.birth * 10, accuracy: 0.1,
                           "each particle starts where the emitter was at its birth: a trail, not a rigid cloud")
        }
        XCTAssertEqual(Set(particles.map { Int($0.particle.x.rounded()) }), [48, 49, 50])
    }
}
