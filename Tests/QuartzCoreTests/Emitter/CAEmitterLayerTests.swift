import XCTest
@testable import QuartzCore

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
