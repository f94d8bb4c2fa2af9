import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Emitter layers drawn at exact times: compared with `Golden/emitter-*.png`.
/// Each emitter's `beginTime` is the commit time, so its particle clock
/// reads 0 at the commit and `render(at:)` picks the age of the field.
final class EmitterGoldenTests: GoldenSceneTestCase {
    private var start: CFTimeInterval = 0

    /// An emitter filling the scene, started now.
    private func emitter(_ configure: (CAEmitterLayer) -> Void) -> CAEmitterLayer {
        start = CACurrentMediaTime()
        let layer = CAEmitterLayer()
        layer.frame = root.bounds
        layer.beginTime = start
        configure(layer)
        root.addSublayer(layer)
        return layer
    }

    /// Commits the scene and compares the frame `seconds` after the emitters started.
    private func render(_ name: String, after seconds: Double, file: StaticString = #filePath, line: UInt = #line) {
        CATransaction.commit()
        GoldenImage.assertMatches(host.render(at: start + seconds), named: name, file: file, line: line)
    }

    func testPointEmitterSendsDotsInAllDirections() {
        makeScene()
        _ = emitter { layer in
            layer.emitterPosition = CGPoint(x: 80, y: 60)
            layer.emitterCells = [.make(rate: 40, lifetime: 1.2, image: ParticleImages.dot(10)) { cell in
                cell.velocity = 45
                cell.emissionRange = 2 * .pi
                cell.color = CGColor(red: 1, green: 0.8, blue: 0.2, alpha: 1)
            }]
        }
        render("emitter-point", after: 1.5)
    }

    func testLineEmitterWithGravityFallsLikeSnow() {
        makeScene()
        _ = emitter { layer in
            layer.emitterPosition = CGPoint(x: 80, y: 0)
            layer.emitterSize = CGSize(width: 140, height: 0)
            layer.emitterShape = .line
            layer.emitterMode = .outline
            layer.emitterCells = [.make(rate: 25, lifetime: 3, image: ParticleImages.dot(8)) { cell in
                cell.yAcceleration = 20
                cell.velocity = 10
                cell.emissionLongitude = .pi / 2
                cell.scaleRange = 0.6
            }]
        }
        render("emitter-line-gravity", after: 2.5)
    }

    func testRectangleSurfaceWithSpinningTintedSquares() {
        makeScene()
        _ = emitter { layer in
            layer.emitterPosition = CGPoint(x: 80, y: 60)
            layer.emitterSize = CGSize(width: 120, height: 80)
            layer.emitterShape = .rectangle
            layer.emitterMode = .surface
            layer.emitterCells = [.make(rate: 20, lifetime: 2, image: ParticleImages.square(10)) { cell in
                cell.spin = 1
                cell.spinRange = 2
                cell.color = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
                cell.redRange = 1
                cell.greenRange = 1
                cell.blueRange = 1
            }]
        }
        render("emitter-rectangle-spin", after: 1.9)
    }

    func testCircleOutlineRingOfDotsMovingOutward() {
        makeScene()
        _ = emitter { layer in
            layer.emitterPosition = CGPoint(x: 80, y: 60)
            layer.emitterSize = CGSize(width: 30, height: 0)
            layer.emitterShape = .circle
            layer.emitterMode = .outline
            layer.emitterCells = [.make(rate: 60, lifetime: 0.5, image: ParticleImages.dot(6)) { cell in
                cell.color = CGColor(red: 0.3, green: 0.8, blue: 1, alpha: 1)
            }]
        }
        render("emitter-circle-outline", after: 2)
    }

    /// The same overlapping red, green and blue dots: unordered paints over,
    /// additive sums towards white.
    func testAdditiveAddsWhereUnorderedPaintsOver() {
        makeScene()
        for (index, mode) in [CAEmitterLayerRenderMode.unordered, .additive].enumerated() {
            _ = emitter { layer in
                layer.frame = CGRect(x: index * 80, y: 0, width: 80, height: 120)
                layer.emitterPosition = CGPoint(x: 40, y: 60)
                layer.renderMode = mode
                layer.emitterCells = [(1, 0, 0), (0, 1, 0), (0, 0, 1)].enumerated().map { offset, rgb in
                    .make(rate: 1, lifetime: 10, image: ParticleImages.dot(40)) { cell in
                        cell.color = CGColor(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: 1)
                        cell.velocity = 15
                        cell.emissionLongitude = Double(offset) * 2 * .pi / 3 - .pi / 2
                    }
                }
            }
        }
        render("emitter-additive-vs-unordered", after: 1.9)
    }

    /// Red at birth, turning blue as it ages, fading out: a trail from red to blue.
    func testColorSpeedTurnsTheTrailFromRedToBlue() {
        makeScene()
        _ = emitter { layer in
            layer.emitterPosition = CGPoint(x: 10, y: 60)
            layer.emitterCells = [.make(rate: 30, lifetime: 2, image: ParticleImages.dot(10)) { cell in
                cell.velocity = 70
                cell.color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                cell.redSpeed = -0.5
                cell.blueSpeed = 0.5
                cell.alphaSpeed = -0.3
            }]
        }
        render("emitter-color-speed", after: 3)
    }

    /// Thrown up and to the right, pulled down: parabolas.
    func testGravityBendsAFountainIntoParabolas() {
        makeScene()
        _ = emitter { layer in
            layer.emitterPosition = CGPoint(x: 30, y: 110)
            layer.emitterCells = [.make(rate: 50, lifetime: 2.5, image: ParticleImages.dot(6)) { cell in
                cell.velocity = 110
                cell.velocityRange = 20
                cell.emissionLongitude = -.pi / 3
                cell.emissionRange = 0.15
                cell.yAcceleration = 120
                cell.color = CGColor(red: 0.4, green: 0.7, blue: 1, alpha: 1)
            }]
        }
        render("emitter-gravity-fountain", after: 3)
    }

    /// Rockets that burst into sparks at the end of their flight.
    func testNestedCellsBurstIntoSparks() {
        makeScene()
        _ = emitter { layer in
            layer.emitterPosition = CGPoint(x: 80, y: 120)
            let spark = CAEmitterCell.make("spark", rate: 2000, lifetime: 0.8, image: ParticleImages.dot(4)) { cell in
                cell.beginTime = 0.7  // at the top of the rocket's flight
                cell.duration = 0.03
                cell.velocity = 40
                cell.velocityRange = 10
                cell.emissionRange = 2 * .pi
                cell.yAcceleration = 30
                cell.color = CGColor(red: 1, green: 0.6, blue: 0.2, alpha: 1)
                cell.alphaSpeed = -1
            }
            layer.emitterCells = [.make("rocket", rate: 1.2, lifetime: 0.75, image: ParticleImages.dot(5)) { cell in
                cell.velocity = 140
                cell.emissionLongitude = -.pi / 2
                cell.emissionRange = 0.5
                cell.yAcceleration = 100
                cell.emitterCells = [spark]
            }]
        }
        render("emitter-nested-fireworks", after: 2.0)
    }

    /// An emitter animated across the scene leaves a trail: each particle
    /// starts where the emitter was when it was born.
    func testAnAnimatedEmitterLeavesATrail() {
        makeScene()
        let layer = emitter { layer in
            layer.emitterPosition = CGPoint(x: 20, y: 60)
            layer.emitterCells = [.make(rate: 40, lifetime: 1.5, image: ParticleImages.dot(8)) { cell in
                cell.velocity = 15
                cell.emissionLongitude = .pi / 2  // drifting down
                cell.alphaSpeed = -0.6
                cell.color = CGColor(red: 1, green: 0.4, blue: 0.8, alpha: 1)
            }]
        }
        let move = CABasicAnimation(keyPath: "emitterPosition")
        move.fromValue = CGPoint(x: 20, y: 40)
        move.toValue = CGPoint(x: 140, y: 40)
        move.duration = 2
        move.beginTime = 0  // stamped with the commit time
        layer.add(move, forKey: "move")
        render("emitter-animated-trail", after: 1.6)
    }

    /// One scene at two exact times: the field moves on between them.
    func testFramesAtExactTimes() {
        makeScene()
        _ = emitter { layer in
            layer.emitterPosition = CGPoint(x: 20, y: 60)
            layer.emitterCells = [.make(rate: 4, lifetime: 3, image: ParticleImages.dot(12)) { cell in
                cell.velocity = 40
                cell.emissionRange = 0.6
                cell.scaleSpeed = 0.3
            }]
        }
        CATransaction.commit()
        GoldenImage.assertMatches(host.render(at: start + 1), named: "emitter-time-1.0")
        GoldenImage.assertMatches(host.render(at: start + 2.5), named: "emitter-time-2.5")
        // Going back in time shows the earlier frame again: nothing is stepped.
        GoldenImage.assertMatches(host.render(at: start + 1), named: "emitter-time-1.0")
    }
}
