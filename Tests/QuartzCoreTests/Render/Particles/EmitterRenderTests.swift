import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Emitters on the render side: seeds, `CARenderer` at exact times, the
/// frame clock kept awake while particles live, damage, and the cap.
final class EmitterRenderTests: ModelTestCase {
    private func scene(seed: UInt32, rate: Float = 30, lifetime: Float = 1,
                       host: RenderHost) -> (root: CALayer, emitter: CAEmitterLayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 90)
        root.backgroundColor = CGColor(gray: 0.1, alpha: 1)
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        emitter.beginTime = CACurrentMediaTime()
        emitter.seed = seed
        emitter.emitterPosition = CGPoint(x: 60, y: 45)
        emitter.emitterCells = [.make(rate: rate, lifetime: lifetime, image: ParticleImages.dot(8)) { cell in
            cell.velocity = 40
            cell.emissionRange = 2 * .pi
            cell.color = CGColor(red: 1, green: 0.5, blue: 0.2, alpha: 1)
        }]
        root.addSublayer(emitter)
        root.attach(to: host)
        CATransaction.flush()
        return (root, emitter)
    }

    func testTheSameSeedGivesIdenticalFramesAndAnotherSeedADifferentOne() {
        let start = CACurrentMediaTime()
        let hosts = (0..<3).map { _ in InlineRenderHost(width: 120, height: 90) }
        let roots = [scene(seed: 7, host: hosts[0]).root, scene(seed: 7, host: hosts[1]).root, scene(seed: 8, host: hosts[2]).root]
        defer { withExtendedLifetime(roots) {} }
        let frames = hosts.map { $0.render(at: start + 1.3) }
        XCTAssertEqual(GoldenImage.differingPixels(frames[0], frames[1], tolerance: 1), 0)
        XCTAssertGreaterThan(GoldenImage.differingPixels(frames[0], frames[2], tolerance: 1), 100)
    }

    func testCARendererDrawsTheFieldAtExactTimesAndTicksWhileParticlesLive() {
        let context = CGContext(data: nil, width: 120, height: 90, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        let renderer = CARenderer(cgContext: context)
        let inline = InlineRenderHost(width: 120, height: 90)
        let start = CACurrentMediaTime()
        let (root, emitter) = scene(seed: 3, host: inline)
        renderer.layer = root
        CATransaction.flush()
        renderer.beginFrame(atTime: start + 0.8)
        XCTAssertEqual(renderer.nextFrameTime(), start + 0.8, "particles live: the next frame is due now")
        renderer.render()
        renderer.endFrame()
        let expected = inline.render(at: start + 0.8)
        let drawn = context.makeImage()!
        var differing = 0
        for y in 0..<90 {
            for x in 0..<120 {
                // The context is BGRA with premultiplied alpha, as the target.
                if GoldenImage.channelDifference(drawn.storage.pixel(x: x, y: y), expected.storage.pixel(x: x, y: y)) > 1 {
                    differing += 1
                }
            }
        }
        XCTAssertEqual(differing, 0, "CARenderer and the render server draw the same field at the same time")

        // Emission stops; the frame clock runs until the last particle dies.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        emitter.birthRate = 0
        CATransaction.commit()
        let stopped = CACurrentMediaTime()
        renderer.beginFrame(atTime: stopped + 0.5)
        XCTAssertEqual(renderer.nextFrameTime(), stopped + 0.5, "the last particles still fly")
        renderer.endFrame()
        renderer.beginFrame(atTime: stopped + 1.5)
        XCTAssertEqual(renderer.nextFrameTime(), .infinity, "every particle has died")
        renderer.render()
        renderer.endFrame()
    }

    func testParticlesBornBeforeAChangeKeepFlying() {
        let host = InlineRenderHost(width: 120, height: 90)
        let (root, emitter) = scene(seed: 1, rate: 10, lifetime: 5, host: host)
        clock.advance(by: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        emitter.emitterPosition = CGPoint(x: 10, y: 10)
        CATransaction.commit()
        let history = host.loop.tree.emitterHistories.values.first
        XCTAssertEqual(history?.epochs.count, 2)
        XCTAssertEqual(history?.epochs.last?.start ?? 0, 1, accuracy: 1e-9, "the epoch starts at the commit, in layer time")
        let particles = ParticleField.particles(epochs: history!.epochs, at: 1.5)
        XCTAssertEqual(particles.filter { $0.birth <= 1 }.count, 10, "the first second's particles are still there")
        XCTAssertEqual(particles.filter { $0.birth > 1 }.count, 5)
        XCTAssertTrue(particles.filter { $0.birth > 1 }.allSatisfy { hypot($0.x - 10, $0.y - 10) <= 40 * 0.5 + 1e-6 },
                      "later ones come from the new position")
        withExtendedLifetime(root) {}
    }

    func testDamageFollowsTheParticlesAndIncrementalFramesEqualFullOnes() {
        let host = RecordingRenderHost(width: 120, height: 90)
        let start = CACurrentMediaTime()
        let (root, _) = scene(seed: 5, rate: 20, lifetime: 0.6, host: host)
        defer { withExtendedLifetime(root) {} }
        for step in 0..<12 {
            let time = start + 0.2 + Double(step) * 0.07
            let incremental = host.render(at: time)
            XCTAssertEqual(GoldenImage.differingPixels(incremental, host.freshFrame(at: time), tolerance: 1), 0, "frame \(step)")
            let damage = host.inline.mailbox.frame?.damage ?? []
            XCTAssertFalse(damage.isEmpty, "live particles damage every frame")
            if step > 0 { XCTAssertLessThan(damage.reduce(0) { $0 + $1.area }, 120 * 90, "only around the particles") }
        }
    }

    func testAHugeBirthRateRendersABoundedFrame() {
        let host = InlineRenderHost(width: 120, height: 90)
        let start = CACurrentMediaTime()
        let (root, emitter) = scene(seed: 1, rate: .greatestFiniteMagnitude, lifetime: 1e6, host: host)
        let began = Date()
        let frame = host.loop.compositor.prepare(host.loop.tree, mediaTime: start + 100)
        XCTAssertLessThan(Date().timeIntervalSince(began), 10)
        func count(_ node: DrawNode?) -> Int {
            guard let node else { return 0 }
            return (node.particles?.items.count ?? 0) + node.children.reduce(0) { $0 + count($1) }
        }
        XCTAssertEqual(count(frame.root), CAEmitterLayer.maximumParticleCount)
        withExtendedLifetime((root, emitter)) {}
    }
}

/// An emitter on the real render thread: frames keep coming while its
/// particles live, and the thread goes back to sleep once they have died.
final class EmitterRenderServerTests: XCTestCase {
    func testTheRenderThreadTicksWhileParticlesLiveThenSleeps() throws {
        let mailbox = FrameMailbox()
        let frames = LockedValue(0)
        let server = RenderServer(interval: 1.0 / 60, presenter: { OffscreenPresenter(width: 64, height: 64, mailbox: mailbox) },
                                  statistics: { _ in frames.withLock { $0 += 1 } })
        defer { server.stop() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        emitter.beginTime = CACurrentMediaTime()
        emitter.emitterPosition = CGPoint(x: 32, y: 32)
        emitter.emitterCells = [.make(rate: 20, lifetime: 0.3) { cell in
            cell.velocity = 30
            cell.emissionRange = 2 * .pi
        }]
        root.addSublayer(emitter)
        root.attach(to: server)
        CATransaction.flush()
        Thread.sleep(forTimeInterval: 0.6)
        let emitting = frames.withLock { $0 }
        XCTAssertGreaterThan(emitting, 10, "frames at display rate while particles are born and fly")

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        emitter.birthRate = 0
        CATransaction.commit()
        Thread.sleep(forTimeInterval: 0.6)  // the last particles die within 0.3 s
        let settled = frames.withLock { $0 }
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(frames.withLock { $0 }, settled, "no frames once every particle has died")
        withExtendedLifetime(root) {}
    }
}
