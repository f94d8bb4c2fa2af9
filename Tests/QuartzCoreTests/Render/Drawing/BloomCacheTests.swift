import CPixman
import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A layer with a lone `CIBloom` keeps its blurred glow while it pulses and
/// while it moves (`BloomCache`), and still draws what a fresh drawing of
/// the same frame draws.
final class BloomCacheTests: ModelTestCase {
    private let size = (width: 240, height: 140)
    /// The roots made by `makeRing`, kept alive for the test (a host does
    /// not own its root layer).
    private var roots: [CALayer] = []

    /// A white ring with a bloom, in a black root, on `host`.
    private func makeRing(on host: RenderHost, frame: CGRect, intensity: Double = 0.8) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        let ring = CALayer()
        ring.frame = frame
        ring.borderWidth = 2
        ring.borderColor = CGColor(gray: 1, alpha: 1)
        ring.backgroundColor = CGColor(red: 0.2, green: 0.1, blue: 0.6, alpha: 0.5)
        ring.cornerRadius = 20
        let bloom = CIFilter(name: "CIBloom")!
        bloom.setDefaults()
        bloom.setValue(5.0, forKey: "inputRadius")
        bloom.setValue(intensity, forKey: "inputIntensity")
        bloom.name = "pulseFilter"
        ring.filters = [bloom]
        root.addSublayer(ring)
        roots.append(root)
        root.attach(to: host)
        CATransaction.flush()
        return ring
    }

    /// Pulses `ring`'s bloom (`filters.pulseFilter.inputIntensity`) from
    /// `from` to `to` over `duration`, back again (autoreverses), under the
    /// key "pulse"; `configure` sets the rest.
    private func pulse(_ ring: CALayer, from: Double, to: Double, duration: CFTimeInterval,
                       _ configure: (CABasicAnimation) -> Void = { _ in }) {
        let pulse = CABasicAnimation(keyPath: "filters.pulseFilter.inputIntensity")
        pulse.fromValue = from
        pulse.toValue = to
        pulse.duration = duration
        pulse.autoreverses = true
        configure(pulse)
        ring.add(pulse, forKey: "pulse")
    }

    /// Moving to fractional positions while pulsing: one blur for the whole
    /// run, and every frame within resampling's rounding of a fresh drawing.
    func testAMovingPulsingBloomBlursOnceAndMatchesFreshFrames() {
        let host = RecordingRenderHost(width: size.width, height: size.height)
        let ring = makeRing(on: host, frame: CGRect(x: 40, y: 30, width: 120, height: 50))
        pulse(ring, from: 0.2, to: 1.0, duration: 0.5) { $0.repeatCount = .infinity }
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 100, y: 55)
        move.toValue = CGPoint(x: 137.3, y: 81.6)
        move.duration = 1
        ring.add(move, forKey: "move")
        CATransaction.flush()
        let start = CACurrentMediaTime()
        for step in 0...12 {
            let time = start + Double(step) * 0.077
            let incremental = host.inline.render(at: time)
            let fresh = host.freshFrame(at: time)
            XCTAssertEqual(GoldenImage.differingPixels(incremental, fresh, tolerance: 2), 0, "frame \(step)")
        }
        XCTAssertEqual(host.inline.loop.compositor.bloomCache.glowsMade, 1, "a move and a pulse reuse the glow")
    }

    /// A ring that is its own bitmap alone keeps its glow by that bitmap
    /// while it pulses and moves (no records compared); a change to what
    /// the bitmap draws (its border's colour) makes a new bitmap, and the
    /// glow is blurred again from it: every frame as a fresh drawing.
    func testAGlowKeptByItsBitmapIsBlurredAgainWhenTheBitmapChanges() {
        let host = RecordingRenderHost(width: size.width, height: size.height)
        let ring = makeRing(on: host, frame: CGRect(x: 40, y: 30, width: 120, height: 50))
        pulse(ring, from: 0.2, to: 1.0, duration: 0.5) { $0.repeatCount = .infinity }
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        ring.position = CGPoint(x: ring.position.x + 23.3, y: ring.position.y + 11.7)
        CATransaction.commit()
        CATransaction.flush()
        let cache = host.inline.loop.compositor.bloomCache
        let start = CACurrentMediaTime()
        func assertFrames(_ steps: ClosedRange<Int>, _ label: String) {
            for step in steps {
                let time = start + Double(step) * 0.09
                XCTAssertEqual(GoldenImage.differingPixels(host.inline.render(at: time), host.freshFrame(at: time), tolerance: 2), 0,
                               "\(label), frame \(step)")
            }
        }
        assertFrames(0...4, "pulsing and moving")
        XCTAssertEqual(cache.glowsMade, 1)
        XCTAssertGreaterThanOrEqual(cache.glowsFoundByBitmap, 3, "kept by its bitmap")
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        ring.borderColor = CGColor(red: 1, green: 0.3, blue: 0.1, alpha: 1)
        CATransaction.commit()
        CATransaction.flush()
        assertFrames(5...9, "after the border's colour changed")
        XCTAssertEqual(cache.glowsMade, 2, "blurred again from the new bitmap, once")
    }

    /// An animated intensity (compiled, and held inline in the presented
    /// state: `AnimatedFilterInput`) draws what the same ring with that
    /// intensity set draws, on a pulse going up, at its peak and coming down.
    func testAnAnimatedIntensityDrawsAsThatIntensitySet() {
        let frame = CGRect(x: 40, y: 30, width: 120, height: 50)
        let animated = InlineRenderHost(width: size.width, height: size.height)
        let ring = makeRing(on: animated, frame: frame, intensity: 0.2)
        pulse(ring, from: 0.2, to: 1.8, duration: 1) { $0.beginTime = 1 }  // layer time: runs from 1 to 2, then back to 3
        CATransaction.flush()
        for (time, intensity) in [(1.25, 0.6), (2.0, 1.8), (2.75, 0.6)] {
            let drawn = animated.render(at: time)
            let still = InlineRenderHost(width: size.width, height: size.height)
            _ = makeRing(on: still, frame: frame, intensity: intensity)
            XCTAssertEqual(GoldenImage.differingPixels(drawn, still.render(at: time), tolerance: 0), 0, "at \(time)")
        }
    }

    /// The render side's animated intensity (compiled, inline) is the
    /// presentation layer's (key-value coding on the app thread, a path
    /// that shares no code with it), through the pulse's ease, reversals
    /// and repeats: the check that does not lean on the shared
    /// `setFilterNumber` the compiled and general evaluators both call.
    func testTheRenderSidesIntensityIsThePresentationLayers() throws {
        let host = RecordingRenderHost(width: size.width, height: size.height)
        let ring = makeRing(on: host, frame: CGRect(x: 40, y: 30, width: 120, height: 50), intensity: 0.1)
        pulse(ring, from: 0.2, to: 1.5, duration: 0.7) {
            $0.repeatCount = .infinity
            $0.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        }
        CATransaction.flush()
        let tree = host.inline.loop.tree
        for _ in 0..<25 {
            clock.advance(by: 0.137)
            let expected = try XCTUnwrap(ring.presentation()?.value(forKeyPath: "filters.pulseFilter.inputIntensity") as? Double)
            let node = try XCTUnwrap(tree.view(of: ring.layerID))
            let parentTime = CACurrentMediaTime()  // the root's time is the media time
            let presented = tree.presentedState(of: node, parentTime: parentTime).state
            let intensity = try XCTUnwrap(presented.filterNumber("inputIntensity", ofFilterNamed: "pulseFilter", in: .filters))
            XCTAssertEqual(intensity, expected, accuracy: 1e-9, "at \(parentTime)")
            XCTAssertEqual(BloomCache.loneBloom(of: presented)?.intensity ?? .nan, expected, accuracy: 1e-9)
        }
    }

    /// The glow depends on what is blurred and the radius, not on the
    /// intensity: a committed change of intensity keeps it (and draws as a
    /// fresh frame does), a committed change of radius blurs again.
    func testOnlyTheRadiusOfTheBloomBlursAgain() {
        let host = RecordingRenderHost(width: size.width, height: size.height)
        let ring = makeRing(on: host, frame: CGRect(x: 40, y: 30, width: 120, height: 50))
        _ = host.inline.render(at: 1)
        let bloom = ring.filters?.first as? CIFilter
        for (step, (key, value)) in [("inputIntensity", 1.4), ("inputIntensity", 0.3), ("inputRadius", 7.0)].enumerated() {
            bloom?.setValue(value, forKey: key)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            ring.filters = bloom.map { [$0] }
            CATransaction.commit()
            let time = 2 + Double(step)
            XCTAssertEqual(GoldenImage.differingPixels(host.inline.render(at: time), host.freshFrame(at: time), tolerance: 0), 0,
                           "after \(key) \(value)")
        }
        XCTAssertEqual(host.inline.loop.compositor.bloomCache.glowsMade, 2, "blurred at the start and for the new radius")
    }

    /// A move by whole pixels adds the glow exactly where a fresh blur puts it.
    func testAWholePixelMoveMatchesAFreshDrawingExactly() {
        let host = RecordingRenderHost(width: size.width, height: size.height)
        let ring = makeRing(on: host, frame: CGRect(x: 40, y: 30, width: 120, height: 50))
        host.inline.render(at: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        ring.position = CGPoint(x: ring.position.x + 17, y: ring.position.y + 9)
        CATransaction.commit()
        let incremental = host.inline.render(at: 2)
        XCTAssertEqual(GoldenImage.differingPixels(incremental, host.freshFrame(at: 2), tolerance: 0), 0)
        XCTAssertEqual(host.inline.loop.compositor.bloomCache.glowsMade, 1)
    }

    /// A glow cut by the target's edge cannot be moved: it is blurred again
    /// at the new place, and the frames still match.
    func testAGlowCutByTheEdgeIsRemadeAfterAMove() {
        let host = RecordingRenderHost(width: size.width, height: size.height)
        let ring = makeRing(on: host, frame: CGRect(x: -30, y: 30, width: 120, height: 50))
        host.inline.render(at: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        ring.position = CGPoint(x: ring.position.x + 12, y: ring.position.y)
        CATransaction.commit()
        let incremental = host.inline.render(at: 2)
        XCTAssertEqual(GoldenImage.differingPixels(incremental, host.freshFrame(at: 2), tolerance: 0), 0)
        XCTAssertEqual(host.inline.loop.compositor.bloomCache.glowsMade, 2)
    }

    /// Intensities above 1 (pixman's masks stop at 1) add the glow as
    /// `ImageEffects.bloom` does: `clamp(source + intensity × blur)`.
    func testIntensityAboveOneMatchesTheBloomArithmetic() {
        for intensity in [0.35, 1.0, 2.6] {
            let bloomed = InlineRenderHost(width: size.width, height: size.height)
            _ = makeRing(on: bloomed, frame: CGRect(x: 40, y: 30, width: 120, height: 50), intensity: intensity)
            let drawn = bloomed.render(at: 1)

            // The same ring without its filter, bloomed by the effect itself.
            let plain = InlineRenderHost(width: size.width, height: size.height)
            let ring = makeRing(on: plain, frame: CGRect(x: 40, y: 30, width: 120, height: 50))
            ring.filters = nil
            (ring.superlayer!).backgroundColor = nil
            CATransaction.flush()
            let ringOnly = plain.render(at: 1)
            let buffer = RasterBuffer(copying: ringOnly.storage)
            var worst = 0
            buffer.withView { view in
                ImageEffects.bloom(source: view, into: view, radius: 5, intensity: intensity)
            }
            for y in 0..<size.height {
                for x in 0..<size.width {
                    // Over the opaque black root: the colour as it is, alpha full.
                    let over = (buffer[x: x, y: y] & 0x00FF_FFFF) | 0xFF00_0000
                    worst = max(worst, GoldenImage.channelDifference(over, drawn.storage.pixel(x: x, y: y)))
                }
            }
            XCTAssertLessThanOrEqual(worst, 2, "intensity \(intensity)")
        }
    }

    /// A moving glow is resampled into the copy it was resampled into last
    /// frame: the same memory, and exactly the pixels of a fresh copy.
    func testResamplingReusesTheEarlierCopyWithTheSamePixels() throws {
        let width = 23, height = 9
        let source = RasterBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = UInt32((x * 37 + y * 11) % 256), gray = alpha / 2
                (source.base + y * source.bytesPerRow + x * 4).storeBytes(of: alpha << 24 | gray * 0x0001_0101, as: UInt32.self)
            }
        }
        let image = try XCTUnwrap(PixmanImage(buffer: source))
        let first = try XCTUnwrap(image.resampled(width: width, height: height, shiftedBy: CGPoint(x: 0.75, y: 0.1)))
        let fraction = CGPoint(x: 0.3, y: 0.6)
        let reused = try XCTUnwrap(image.resampled(width: width, height: height, shiftedBy: fraction, reusing: first))
        XCTAssertTrue(reused.buffer === first.buffer, "no new buffer")
        let fresh = try XCTUnwrap(image.resampled(width: width, height: height, shiftedBy: fraction))
        XCTAssertEqual(GoldenImage.differingPixels(reused.buffer.makeImage(), fresh.buffer.makeImage(), tolerance: 0), 0)
        let otherSize = try XCTUnwrap(image.resampled(width: width - 1, height: height, shiftedBy: fraction, reusing: first))
        XCTAssertFalse(otherSize.buffer === first.buffer, "a copy of another size is not written over")
    }

    /// The glow times a fraction is added as a solid source through the glow
    /// as a component-alpha mask (pixman's SSE2 path); that gives exactly
    /// the pixels of the glow through a solid mask (its general path).
    func testComponentAlphaAddGivesTheSolidMaskAddsPixels() throws {
        let width = 37, height = 11
        var random = SystemRandomNumberGenerator()
        let glow = RasterBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = UInt32.random(in: 0...255, using: &random)
                let channels = (0..<3).map { _ in UInt32.random(in: 0...alpha, using: &random) }
                let pixel = alpha << 24 | channels[0] << 16 | channels[1] << 8 | channels[2]
                (glow.base + y * glow.bytesPerRow + x * 4).storeBytes(of: pixel, as: UInt32.self)
            }
        }
        for step in [0.0, 0.003, 0.25, 0.5, 0.731, 0.999] {
            let background = RasterBuffer(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let pixel = UInt32(truncatingIfNeeded: (x * 7 + y * 31) & 0xFF) * 0x0101_0101
                    (background.base + y * background.bytesPerRow + x * 4).storeBytes(of: pixel, as: UInt32.self)
                }
            }
            let viaSolidMask = RasterBuffer(width: width, height: height), viaComponentAlpha = RasterBuffer(width: width, height: height)
            for target in [viaSolidMask, viaComponentAlpha] {
                target.base.copyMemory(from: background.base, byteCount: height * background.bytesPerRow)
            }
            let all = PixelRect(x: 0, y: 0, width: width, height: height)
            let glowImage = try XCTUnwrap(PixmanImage(buffer: glow))
            try XCTUnwrap(PixmanImage(buffer: viaSolidMask)).composite(
                glowImage, mask: PixmanImage(red: 0, green: 0, blue: 0, alpha: step), operation: PIXMAN_OP_ADD, rect: all)
            let maskImage = try XCTUnwrap(PixmanImage(buffer: glow))
            maskImage.useComponentAlpha()
            try XCTUnwrap(PixmanImage(buffer: viaComponentAlpha)).composite(
                try XCTUnwrap(PixmanImage(red: 1, green: 1, blue: 1, alpha: step)), mask: maskImage, maskOrigin: (0, 0),
                operation: PIXMAN_OP_ADD, rect: all)
            XCTAssertEqual(GoldenImage.differingPixels(viaSolidMask.makeImage(), viaComponentAlpha.makeImage(), tolerance: 0), 0,
                           "step \(step)")
        }
    }
}
