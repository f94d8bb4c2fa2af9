import XCTest
@testable import QuartzCore

/// The particle field as a pure function of time: birth times, motion in
/// closed form, ranges, colour speeds, nesting, seeds, epochs and the cap.
final class ParticleFieldTests: ModelTestCase {
    func testParticlesAreBornAtWholeMultiplesOfTheBirthIntervalAndDieAtTheirLifetime() {
        let layer = CAEmitterLayer()
        layer.emitterCells = [.make(rate: 2, lifetime: 1)]
        XCTAssertEqual(layer.particles(at: 0.49).count, 0, "the first particle is born at 1 / rate")
        XCTAssertEqual(layer.particles(at: 0.5).map(\.birth), [0.5])
        XCTAssertEqual(layer.particles(at: 1.25).map(\.birth), [0.5, 1.0])
        XCTAssertEqual(layer.particles(at: 1.6).map(\.birth), [1.0, 1.5], "the particle born at 0.5 died at 1.5")
        layer.birthRate = 2
        XCTAssertEqual(layer.particles(at: 1.0).map(\.birth), [0.25, 0.5, 0.75, 1.0], "the layer's rate multiplies")
        XCTAssertEqual(layer.particles(at: -1).count, 0, "nothing before the layer's time 0 (its beginTime)")
    }

    func testMotionIsStartPlusVelocityPlusHalfAccelerationSquared() throws {
        let layer = CAEmitterLayer()
        layer.emitterPosition = CGPoint(x: 10, y: 20)
        layer.emitterCells = [.make(rate: 1, lifetime: 5) { cell in
            cell.velocity = 100
            cell.emissionLongitude = -.pi / 2  // up on screen (y grows downward)
            cell.xAcceleration = 4
            cell.yAcceleration = 50
        }]
        let particle = try XCTUnwrap(layer.particles(at: 3).first { $0.birth == 1 })
        // age 2: x = 10 + ½·4·4, y = 20 − 200 + ½·50·4
        XCTAssertEqual(particle.x, 18, accuracy: 1e-9)
        XCTAssertEqual(particle.y, -80, accuracy: 1e-9)
        layer.velocity = 0.5
        let slower = try XCTUnwrap(layer.particles(at: 3).first { $0.birth == 1 })
        XCTAssertEqual(slower.y, 20 - 100 + 100, accuracy: 1e-9, "the layer's velocity multiplies the cell's")
    }

    func testRangesStayWithinMeanPlusOrMinusHalfTheRange() {
        let layer = CAEmitterLayer()
        layer.emitterCells = [.make(rate: 200, lifetime: 10) { cell in
            cell.scale = 1
            cell.scaleRange = 0.5
            cell.velocity = 10
            cell.velocityRange = 4
        }]
        let particles = layer.particles(at: 1)
        XCTAssertEqual(particles.count, 200)
        let scales = particles.map(\.scale)
        XCTAssertGreaterThanOrEqual(scales.min()!, 0.75)
        XCTAssertLessThanOrEqual(scales.max()!, 1.25)
        XCTAssertLessThan(scales.min()!, 0.8, "the range is used, not just the mean")
        XCTAssertGreaterThan(scales.max()!, 1.2)
        for particle in particles {
            let age = 1 - particle.birth
            let speed = particle.x / max(age, 1e-9)
            if age > 0.01 { XCTAssertTrue((8 - 1e-6)...(12 + 1e-6) ~= speed, "speed \(speed)") }
        }
    }

    func testColourSpeedsChangeChannelsOverAgeAndClampTo0Through1() throws {
        let layer = CAEmitterLayer()
        layer.emitterCells = [.make(rate: 1, lifetime: 10) { cell in
            cell.color = CGColor(red: 1, green: 0, blue: 0.5, alpha: 1)
            cell.redSpeed = -0.25
            cell.greenSpeed = 0.5
            cell.blueSpeed = 2
            cell.alphaSpeed = -0.1
        }]
        let particle = try XCTUnwrap(layer.particles(at: 4).first { $0.birth == 1 })  // age 3
        XCTAssertEqual(particle.tint.red, 0.25, accuracy: 1e-6)
        XCTAssertEqual(particle.tint.green, 1, accuracy: 1e-6, "1.5 clamps to 1")
        XCTAssertEqual(particle.tint.blue, 1, accuracy: 1e-6)
        XCTAssertEqual(particle.tint.alpha, 0.7, accuracy: 1e-6)
        let faded = CAEmitterLayer()
        faded.emitterCells = [.make(rate: 1, lifetime: 10) { $0.alphaSpeed = -1 }]
        XCTAssertEqual(faded.particles(at: 2.5).map(\.birth), [2], "the one born at 1 has faded out and is not drawn")
    }

    func testScaleSpeedAndSpin() throws {
        let layer = CAEmitterLayer()
        layer.emitterCells = [.make(rate: 1, lifetime: 10) { cell in
            cell.scale = 0.5
            cell.scaleSpeed = 0.25
            cell.spin = .pi
        }]
        layer.scale = 2
        let particle = try XCTUnwrap(layer.particles(at: 3).first { $0.birth == 1 })
        XCTAssertEqual(particle.scale, 2 * (0.5 + 0.5), accuracy: 1e-9)
        XCTAssertEqual(particle.angle, 2 * .pi, accuracy: 1e-9)
    }

    func testTheSameSeedGivesTheSameParticlesAndAnotherSeedOthers() {
        func field(seed: UInt32) -> [Double] {
            let layer = CAEmitterLayer()
            layer.seed = seed
            layer.emitterCells = [.make(rate: 30, lifetime: 2) { cell in
                cell.velocity = 50
                cell.emissionRange = 2 * .pi
                cell.scaleRange = 0.5
            }]
            return layer.particles(at: 1.7).flatMap { [$0.x, $0.y, $0.scale] }
        }
        XCTAssertEqual(field(seed: 1), field(seed: 1))
        XCTAssertNotEqual(field(seed: 1), field(seed: 2))
        XCTAssertEqual(field(seed: 1).count, field(seed: 2).count, "the seed changes where, not how many")
    }

    func testEmissionRangeIsAConeAroundTheDirection() {
        let layer = CAEmitterLayer()
        layer.emitterCells = [.make(rate: 500, lifetime: 2) { cell in
            cell.velocity = 100
            cell.emissionLongitude = .pi / 2  // down
            cell.emissionRange = .pi / 2  // 45° either side
        }]
        let particles = layer.particles(at: 1).filter { $0.birth < 1 }
        XCTAssertGreaterThan(particles.count, 400)
        for particle in particles {
            let angle = atan2(particle.y, particle.x)
            XCTAssertTrue((Double.pi / 4 - 1e-9)...(3 * Double.pi / 4 + 1e-9) ~= angle, "angle \(angle)")
        }
        XCTAssertLessThan(particles.map { atan2($0.y, $0.x) }.min()!, .pi / 4 + 0.1, "the cone's edge is reached")
    }

    func testShapesPlaceStartPointsWhereApplesDocumentationSays() {
        func starts(_ shape: CAEmitterLayerEmitterShape, _ mode: CAEmitterLayerEmitterMode) -> [CGPoint] {
            let layer = CAEmitterLayer()
            layer.emitterPosition = CGPoint(x: 100, y: 50)
            layer.emitterSize = CGSize(width: 40, height: 20)
            layer.emitterShape = shape
            layer.emitterMode = mode
            layer.emitterCells = [.make(rate: 100, lifetime: 10)]
            return layer.particles(at: 1).map { CGPoint(x: $0.x, y: $0.y) }
        }
        XCTAssertTrue(starts(.point, .volume).allSatisfy { $0 == CGPoint(x: 100, y: 50) })
        let line = starts(.line, .outline)
        XCTAssertTrue(line.allSatisfy { $0.y == 50 && (80...120).contains($0.x) })
        XCTAssertEqual(Set(starts(.line, .points).map(\.x)), [80, 120], "a line's points are its ends")
        XCTAssertTrue(starts(.rectangle, .surface).allSatisfy { (80...120).contains($0.x) && (40...60).contains($0.y) })
        XCTAssertTrue(starts(.rectangle, .outline).allSatisfy { [80, 120].contains($0.x) || [40, 60].contains($0.y) })
        XCTAssertEqual(Set(starts(.rectangle, .points).map { "\($0.x),\($0.y)" }).count, 4, "a rectangle's corners")
        for point in starts(.circle, .outline) {
            XCTAssertEqual(hypot(point.x - 100, point.y - 50), 40, accuracy: 1e-9, "radius is emitterSize.width")
        }
        XCTAssertTrue(starts(.circle, .volume).allSatisfy { hypot($0.x - 100, $0.y - 50) <= 40 + 1e-9 })
        XCTAssertTrue(starts(.sphere, .surface).allSatisfy { hypot($0.x - 100, $0.y - 50) <= 40 + 1e-9 })
    }

    func testSubCellsAreEmittedByEachParticleFromWhereItIs() {
        let layer = CAEmitterLayer()
        layer.emitterPosition = CGPoint(x: 0, y: 0)
        let child = CAEmitterCell.make("child", rate: 10, lifetime: 0.5, image: ParticleImages.smallDot)
        layer.emitterCells = [.make("parent", rate: 1, lifetime: 2) { cell in
            cell.velocity = 100
            cell.emitterCells = [child]
        }]
        let particles = layer.particles(at: 1.55)
        let children = particles.filter { $0.look.image === ParticleImages.smallDot }
        // The parent born at 1 is 0.55 s old: children born at ages 0.1 ... 0.5.
        XCTAssertEqual(children.count, 5)
        for particle in children {
            XCTAssertEqual(particle.y, 0, accuracy: 1e-9)
            XCTAssertEqual(particle.x, (particle.birth - 1) * 100, accuracy: 1e-6, "born where the parent was")
        }
        XCTAssertEqual(Set(children.map(\.birth)).count, 5)
    }

    func testSubParticlesOutliveTheirParent() {
        let layer = CAEmitterLayer()
        let spark = CAEmitterCell.make("spark", rate: 100, lifetime: 2, image: ParticleImages.smallDot) { cell in
            cell.duration = 0.05  // a burst at the parent's birth
        }
        layer.emitterCells = [.make("rocket", rate: 0.5, lifetime: 0.5) { $0.emitterCells = [spark] }]
        let particles = layer.particles(at: 3)  // rocket born at 2 died at 2.5
        XCTAssertTrue(particles.allSatisfy { $0.look.image === ParticleImages.smallDot })
        XCTAssertEqual(particles.count, 4, "the burst of 0.05 s at 100/s: sparks at ages 0.01 ... 0.04 (0.05 ends it)")
    }

    func testCellTimingLimitsEmission() {
        let layer = CAEmitterLayer()
        layer.emitterCells = [.make(rate: 1, lifetime: 100) { cell in
            cell.beginTime = 2
            cell.duration = 3
        }]
        XCTAssertEqual(layer.particles(at: 10).map(\.birth), [3, 4], "cell time 1 and 2 (3 ends the active time)")
        let paused = CAEmitterLayer()
        paused.emitterCells = [.make(rate: 1, lifetime: 100) { $0.speed = 0 }]
        XCTAssertTrue(paused.particles(at: 10).isEmpty, "a paused cell emits nothing")
    }

    func testDisabledCellsAndCellsWithoutContentsDrawNothing() {
        let layer = CAEmitterLayer()
        let plain = CAEmitterCell.make(rate: 10, lifetime: 10)
        plain.contents = nil
        layer.emitterCells = [plain, .make(rate: 10, lifetime: 10) { $0.isEnabled = false }]
        XCTAssertTrue(layer.particles(at: 2).isEmpty)
    }

    func testHugeRatesAndLifetimesAreCappedAndFast() {
        let layer = CAEmitterLayer()
        layer.emitterCells = [.make(rate: .greatestFiniteMagnitude, lifetime: .greatestFiniteMagnitude) { cell in
            cell.emitterCells = [.make(rate: 1e9, lifetime: 1e9)]
        }]
        layer.birthRate = .infinity
        let start = Date()
        let particles = layer.particles(at: 1e7)
        XCTAssertEqual(particles.count, CAEmitterLayer.maximumParticleCount)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "bounded work")
        XCTAssertTrue(particles.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }

    func testNaNAndNegativeInputDrawNothingAndNeverTrap() {
        let layer = CAEmitterLayer()
        layer.emitterCells = [.make(rate: -5, lifetime: -1), .make(rate: 5, lifetime: 1) { $0.lifetimeRange = -.greatestFiniteMagnitude }]
        layer.setValue(Float.nan, forKey: "lifetime")
        XCTAssertTrue(layer.particles(at: 5).allSatisfy { $0.x.isFinite })
        XCTAssertTrue(layer.particles(at: .nan).isEmpty)
        XCTAssertTrue(layer.particles(at: .infinity).isEmpty)
        layer.birthRate = -1
        XCTAssertTrue(layer.particles(at: 5).isEmpty)
    }

    func testANewEpochChangesOnlyParticlesBornAfterIt() {
        let layer = CAEmitterLayer()
        layer.emitterCells = [.make("dot", rate: 1, lifetime: 10) { $0.velocity = 10 }]
        var history = EmitterHistory()
        history.record(EmitterState(layer), at: 0)
        layer.setValue(4, forKeyPath: "emitterCells.dot.birthRate")
        layer.setValue(CGFloat(20), forKeyPath: "emitterCells.dot.velocity")
        history.record(EmitterState(layer), at: 3.1)
        let particles = ParticleField.particles(epochs: history.epochs, at: 4)
        let old = particles.filter { $0.birth < 3.1 }.sorted { $0.birth < $1.birth }
        XCTAssertEqual(old.map(\.birth), [1, 2, 3], "particles born before the change keep their birth times")
        XCTAssertEqual(old.map(\.x), [30, 20, 10], "and their velocity")
        let new = particles.filter { $0.birth >= 3.1 }.sorted { $0.birth < $1.birth }
        XCTAssertEqual(new.map(\.birth), [3.25, 3.5, 3.75, 4])
        XCTAssertEqual(new.last.map(\.x), 0)
        XCTAssertEqual(new.first.map(\.x), 15)
        history.record(EmitterState(layer), at: 5)
        XCTAssertEqual(history.epochs.count, 2, "an unchanged state starts no epoch")
    }
}
