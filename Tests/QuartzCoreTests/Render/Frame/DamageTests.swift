import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// Drawing only the damage gives exactly the pixels of drawing everything.
final class DamageTests: ModelTestCase {
    /// Keeps every commit, and renders frames incrementally.
    func testIncrementalFramesEqualFullFramesThroughAnAnimatedSequence() {
        let (width, height) = (160, 120)
        let host = RecordingRenderHost(width: width, height: height)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(gray: 0.1, alpha: 1)
        let mover = CALayer(), spinner = CALayer(), fader = CALayer(), grower = CALayer()
        for (index, layer) in [mover, spinner, fader, grower].enumerated() {
            layer.frame = CGRect(x: 10 + index * 35, y: 10, width: 30, height: 30)
            layer.backgroundColor = CGColor(red: index % 2 == 0 ? 1 : 0.2, green: 0.5, blue: index > 1 ? 1 : 0, alpha: 1)
            root.addSublayer(layer)
        }
        root.attach(to: host)
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        mover.position = CGPoint(x: 120, y: 90)
        spinner.transform = CATransform3DMakeRotation(2, 0, 0, 1)
        fader.opacity = 0
        grower.bounds = CGRect(x: 0, y: 0, width: 50, height: 20)
        grower.cornerRadius = 10
        CATransaction.commit()
        var damagedFrames = 0
        for step in 0...14 {
            let time = CACurrentMediaTime() + Double(step) * 0.08
            let incremental = host.render(at: time)
            let full = host.freshFrame(at: time)
            XCTAssertEqual(GoldenImage.differingPixels(incremental, full, tolerance: 1), 0, "frame \(step)")
            if let damage = host.inline.mailbox.frame?.damage, !damage.isEmpty { damagedFrames += 1 }
        }
        XCTAssertGreaterThan(damagedFrames, 10)
    }

    /// A spinning cube of translucent faces, two of them crossing a third
    /// (so split into pieces): damage-only frames equal fresh ones.
    func testSpinningTransformLayerFramesEqualFullFrames() {
        let (width, height) = (160, 120)
        let host = RecordingRenderHost(width: width, height: height)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(gray: 0.1, alpha: 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 300
        root.sublayerTransform = perspective
        let space = CATransformLayer()
        space.frame = CGRect(x: 40, y: 20, width: 80, height: 80)
        for (index, angle) in [0, CGFloat.pi / 2, CGFloat.pi / 4].enumerated() {
            let face = CALayer()
            face.frame = space.bounds
            face.backgroundColor = CGColor(red: index == 0 ? 1 : 0, green: index == 1 ? 1 : 0, blue: index == 2 ? 1 : 0, alpha: 0.8)
            face.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
            space.addSublayer(face)
        }
        root.addSublayer(space)
        root.attach(to: host)
        CATransaction.flush()
        let spin = CABasicAnimation(keyPath: "transform.rotation.y")
        spin.fromValue = 0.0
        spin.toValue = Double.pi
        spin.duration = 1
        space.add(spin, forKey: "spin")
        CATransaction.flush()
        for step in 0...12 {
            let time = CACurrentMediaTime() + Double(step) * 0.08
            let incremental = host.render(at: time)
            let full = host.freshFrame(at: time)
            XCTAssertEqual(GoldenImage.differingPixels(incremental, full, tolerance: 1), 0, "frame \(step)")
        }
    }

    /// A pulsing bloom (only its intensity animates) reuses its blurred glow
    /// frame to frame and still gives exactly the pixels of a fresh drawing.
    func testPulsingBloomFramesEqualFullFrames() {
        let (width, height) = (200, 100)
        let host = RecordingRenderHost(width: width, height: height)
        let (root, ring) = SharedScenes.bloomingRing(size: CGSize(width: width, height: height),
                                                     frame: CGRect(x: 30, y: 25, width: 140, height: 50), on: host)
        let pulse = CABasicAnimation(keyPath: "filters.pulseFilter.inputIntensity")
        pulse.fromValue = 0.0
        pulse.toValue = 1.5
        pulse.duration = 1
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        ring.add(pulse, forKey: "pulse")
        CATransaction.flush()
        for step in 0...8 {
            let time = CACurrentMediaTime() + Double(step) * 0.11
            let incremental = host.render(at: time)
            XCTAssertEqual(GoldenImage.differingPixels(incremental, host.freshFrame(at: time), tolerance: 1), 0, "frame \(step)")
        }
        withExtendedLifetime(root) {}  // the host does not own its root layer
    }

    /// A frame where nothing changed draws and presents nothing.
    func testUnchangedFrameHasNoDamage() {
        let host = InlineRenderHost(width: 50, height: 50)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.attach(to: host)
        CATransaction.flush()
        host.render(at: 1)
        let presented = host.mailbox.frame?.number
        let frame = host.loop.compositor.prepare(host.loop.tree, mediaTime: 2)
        XCTAssertTrue(frame.damage.isEmpty)
        host.render(at: 2)
        XCTAssertEqual(host.mailbox.frame?.number, presented, "nothing presented")
    }

    /// Moving a small layer damages only where it was and where it is.
    func testMovingALayerDamagesOldAndNewBoundsOnly() {
        let host = InlineRenderHost(width: 200, height: 200)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let dot = CALayer()
        dot.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        dot.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.addSublayer(dot)
        root.attach(to: host)
        CATransaction.flush()
        host.render(at: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        dot.position = CGPoint(x: 155, y: 155)
        CATransaction.commit()
        let frame = host.loop.compositor.prepare(host.loop.tree, mediaTime: 2)
        let area = frame.damage.reduce(0) { $0 + $1.area }
        XCTAssertEqual(area, 200, "two 10x10 squares")
    }
}
