import CPixelKernels
import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A group with a lone `CIBloom` adds its glow while it is composited, in
/// one pass (`BloomCache.compositeGlowing`, `lamina_bloom_over_row`), and
/// that gives exactly the pixels of pixman's three passes: the glow
/// resampled, added into the group, the group composited OVER.
final class BloomOnePassTests: ModelTestCase {
    private let size = (width: 260, height: 150)
    private var roots: [CALayer] = []

    /// Two hosts given every commit: one compositing blooms in one pass,
    /// one through pixman.
    private func makeTwin() -> TwinRenderHost {
        let twin = TwinRenderHost(width: size.width, height: size.height)
        twin.pixman.loop.compositor.compositesBloomInOnePass = false
        return twin
    }

    /// Translucent stripes of colour under a ring (border, translucent
    /// fill, a sublayer) with a bloom: the OVER reads every kind of
    /// destination pixel.
    /// Without `withSublayer`, the ring's group is its own bitmap alone,
    /// which the pass reads in place when it rests at whole pixels.
    private func makeScene(on host: RenderHost, ringFrame: CGRect, intensity: Double,
                           withSublayer: Bool = true) -> (ring: CALayer, cover: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        root.backgroundColor = CGColor(red: 0.05, green: 0.1, blue: 0.2, alpha: 1)
        for index in 0..<6 {
            let stripe = CALayer()
            stripe.frame = CGRect(x: CGFloat(index) * 45, y: 0, width: 30, height: CGFloat(size.height))
            stripe.backgroundColor = CGColor(red: CGFloat(index) / 6, green: 0.8 - CGFloat(index) / 8, blue: 0.5,
                                             alpha: 0.3 + CGFloat(index) / 10)
            root.addSublayer(stripe)
        }
        let ring = CALayer()
        ring.frame = ringFrame
        ring.borderWidth = 2
        ring.borderColor = CGColor(gray: 1, alpha: 1)
        ring.backgroundColor = CGColor(red: 0.6, green: 0.1, blue: 0.3, alpha: 0.4)
        ring.cornerRadius = 18
        let dot = CALayer()
        dot.frame = CGRect(x: 12, y: 10, width: 14, height: 14)
        dot.backgroundColor = CGColor(red: 0.1, green: 0.9, blue: 0.2, alpha: 0.8)
        if withSublayer { ring.addSublayer(dot) }
        let bloom = CIFilter(name: "CIBloom")!
        bloom.setDefaults()
        bloom.setValue(5.0, forKey: "inputRadius")
        bloom.setValue(intensity, forKey: "inputIntensity")
        bloom.name = "pulseFilter"
        ring.filters = [bloom]
        root.addSublayer(ring)
        // Crosses part of the glow while it moves: damage that cuts it.
        let cover = CALayer()
        cover.frame = CGRect(x: 0, y: 60, width: 24, height: 18)
        cover.backgroundColor = CGColor(red: 1, green: 0.8, blue: 0, alpha: 0.7)
        root.addSublayer(cover)
        roots.append(root)
        root.attach(to: host)
        CATransaction.flush()
        return (ring, cover)
    }

    private func assertSameFrames(_ host: TwinRenderHost, times: [CFTimeInterval], _ label: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        for (index, time) in times.enumerated() {
            let onePass = host.onePass.render(at: time), pixman = host.pixman.render(at: time)
            XCTAssertEqual(GoldenImage.differingPixels(onePass, pixman, tolerance: 0), 0, "\(label), frame \(index)",
                           file: file, line: line)
        }
    }

    /// Pulsing across intensities 0 to 2.6 (whole glows and fractions)
    /// while moving by fractions of a pixel in both directions, with a
    /// layer crossing the glow: every frame the same as pixman's.
    /// Both vector widths: eight pixels at a time (AVX2) where the
    /// processor has it, four (SSE2).
    func testAMovingPulsingBloomMatchesPixmansPasses() {
        for wide in Self.widths {
            for withSublayer in [true, false] { assertMovingPulsingBloomMatches(withSublayer: withSublayer, wide: wide) }
        }
    }

    /// The vector widths this processor runs (AVX2 only where it has it).
    private static let widths = BloomCache.processorHasWideVectors ? [false, true] : [false]

    private func assertMovingPulsingBloomMatches(withSublayer: Bool, wide: Bool) {
        let host = makeTwin()
        host.onePass.loop.compositor.bloomCache.onePassUsesWideVectors = wide
        let (ring, cover) = makeScene(on: host, ringFrame: CGRect(x: 40, y: 40, width: 130, height: 52), intensity: 0.8,
                                      withSublayer: withSublayer)
        let pulse = CABasicAnimation(keyPath: "filters.pulseFilter.inputIntensity")
        pulse.fromValue = 0.0
        pulse.toValue = 2.6
        pulse.duration = 0.7
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        ring.add(pulse, forKey: "pulse")
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 105, y: 66)
        move.toValue = CGPoint(x: 151.7, y: 97.35)
        move.duration = 1
        ring.add(move, forKey: "move")
        let sweep = CABasicAnimation(keyPath: "position.x")
        sweep.fromValue = 0
        sweep.toValue = 260
        sweep.duration = 1
        cover.add(sweep, forKey: "sweep")
        CATransaction.flush()
        let start = CACurrentMediaTime()
        // Past the move's end (1 s) the ring rests at whole pixels.
        assertSameFrames(host, times: (0...30).map { start + Double($0) * 0.043 }, "moving and pulsing, sublayer \(withSublayer), wide \(wide)")
        XCTAssertGreaterThan(host.onePass.loop.compositor.bloomCache.onePassComposites, 20, "the one-pass path drew them")
        XCTAssertEqual(host.pixman.loop.compositor.bloomCache.onePassComposites, 0)
    }

    /// Moves along one axis only (a fraction in x or in y alone, as the
    /// kiosk's selection moves), by whole pixels, and not at all.
    func testMovesAlongOneAxisAndByWholePixelsMatch() {
        for withSublayer in [true, false] {
            for (label, offset) in [("x only", CGPoint(x: 13.37, y: 0)), ("y only", CGPoint(x: 0, y: 21.61)),
                                    ("whole pixels", CGPoint(x: 9, y: -7)), ("still", CGPoint.zero)] {
                let host = makeTwin()
                let (ring, _) = makeScene(on: host, ringFrame: CGRect(x: 60, y: 50, width: 110, height: 44), intensity: 1.35,
                                          withSublayer: withSublayer)
                _ = host.onePass.render(at: 1)
                _ = host.pixman.render(at: 1)
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                ring.position = CGPoint(x: ring.position.x + offset.x, y: ring.position.y + offset.y)
                CATransaction.commit()
                let start = CACurrentMediaTime()
                assertSameFrames(host, times: (0...8).map { start + Double($0) * 0.13 }, "\(label), sublayer \(withSublayer)")
                // A ring without sublayers is read from its own bitmap in
                // every frame: as it is at whole pixels, blended a row at a
                // time when moved by a fraction (no scratch); with one, from
                // a scratch.
                let cache = host.onePass.loop.compositor.bloomCache
                if withSublayer {
                    XCTAssertEqual(cache.onePassCompositesFromBitmap, 0, label)
                } else {
                    XCTAssertEqual(cache.onePassCompositesFromBitmap, cache.onePassComposites, label)
                    let moved = cache.onePassCompositesFromMovedBitmap
                    // (A move by whole pixels passes fractions on its way.)
                    if label == "still" { XCTAssertEqual(moved, 0, label) } else { XCTAssertGreaterThan(moved, 4, label) }
                }
            }
        }
    }

    /// A glow the target's edge cuts (blurred again at each place) and
    /// intensities that are exactly whole, tiny, none (the group alone,
    /// composited as drawn) or past the cap; with the ring's own bitmap
    /// read moved by fractions too.
    func testCutGlowsAndEdgeIntensitiesMatch() {
        for intensity in [1.0, 2.0, 0.001, 0, 0.5, 300] {
            for withSublayer in [true, false] {
                let host = makeTwin()
                let (ring, _) = makeScene(on: host, ringFrame: CGRect(x: -25, y: 110, width: 120, height: 50), intensity: intensity,
                                          withSublayer: withSublayer)
                _ = host.onePass.render(at: 1)
                _ = host.pixman.render(at: 1)
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                ring.position = CGPoint(x: ring.position.x + 6.4, y: ring.position.y - 3.3)
                CATransaction.commit()
                let start = CACurrentMediaTime()
                assertSameFrames(host, times: [start, start + 0.31, start + 0.77, start + 2],
                                 "intensity \(intensity), sublayer \(withSublayer)")
                if !withSublayer {
                    XCTAssertGreaterThan(host.onePass.loop.compositor.bloomCache.onePassCompositesFromMovedBitmap, 0)
                }
            }
        }
    }

    /// A group the one pass cannot take (translucent: the opacity applies
    /// between the glow and the composite) still draws through pixman.
    func testATranslucentGroupTakesPixmansPath() {
        let host = makeTwin()
        let (ring, _) = makeScene(on: host, ringFrame: CGRect(x: 60, y: 50, width: 110, height: 44), intensity: 0.9)
        ring.opacity = 0.6
        CATransaction.flush()
        assertSameFrames(host, times: [1], "translucent")
        XCTAssertEqual(host.onePass.loop.compositor.bloomCache.onePassComposites, 0)
    }

    /// The SSE2 row (four pixels at a time) and the AVX2 row (eight, then
    /// four, then one) give what the plain C pixel gives, for every tail
    /// length, weight and intensity step, on random and extreme pixels,
    /// with a group and without one (transparent).
    func testTheRowKernelMatchesItsPixelDefinition() {
        if let listed = Self.cpuinfoHasAVX2 {
            XCTAssertEqual(BloomCache.processorHasWideVectors, listed, "CPUID agrees with the kernel's account")
        }
        for wide in Self.widths { assertRowKernelMatchesItsPixelDefinition(wide: wide) }
    }

    /// Whether /proc/cpuinfo lists AVX2 (nil where there is none to read,
    /// or its flags are not x86's).
    private static var cpuinfoHasAVX2: Bool? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        guard let flags = text.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return nil }
        let listed = flags.split(separator: " ")
        guard listed.contains("sse2") else { return nil }
        return listed.contains("avx2")
    }

    private func assertRowKernelMatchesItsPixelDefinition(wide: Bool) {
        var random = SystemRandomNumberGenerator()
        func premultiplied() -> UInt32 {
            switch UInt8.random(in: 0...5, using: &random) {
            case 0: return 0
            case 1: return 0xFFFF_FFFF
            case 2: return 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &random)
            default:
                let alpha = UInt32.random(in: 0...255, using: &random)
                var pixel = alpha << 24
                for shift: UInt32 in [0, 8, 16] { pixel |= UInt32.random(in: 0...alpha, using: &random) << shift }
                return pixel
            }
        }
        var checked = 0
        let counts = [1, 3, 4, 7, 8, 9, 12, 13, 15, 16, 17, 33]
        for count in counts {
            for (wholeSteps, level) in [(0, 0), (1, 0), (0, 77), (1, 200), (3, 1), (2, 255)] as [(UInt32, UInt32)] {
                for (wx, wy) in [(0, 0), (0, 64), (91, 0), (1, 127), (127, 1), (37, 101)] as [(UInt32, UInt32)] {
                    var group = (0..<count).map { _ in premultiplied() }
                    var top = (0...count).map { _ in premultiplied() }, bottom = (0...count).map { _ in premultiplied() }
                    if count >= 24 {
                        // A run with no group and no glow (a ring's inside): the
                        // vector loops skip it, copying what is under it.
                        for x in 4..<22 { (group[x], top[x], bottom[x]) = (0, 0, 0) }
                    }
                    let destination = (0..<count).map { _ in premultiplied() }
                    let ways = [(false, true), (true, true), (false, false), (true, false)]
                        .flatMap { way in [false, true].map { (way.0, way.1, $0) } }
                    for (resampled, grouped, fromBackdrop) in ways {
                        // In place, or over a copy of what the row held (a
                        // `LeafBackdrop`'s), the row holding other pixels.
                        var row = fromBackdrop ? destination.map { ~$0 } : destination
                        row.withUnsafeMutableBufferPointer { row in
                            destination.withUnsafeBufferPointer { backdrop in
                                top.withUnsafeBufferPointer { top in
                                    bottom.withUnsafeBufferPointer { bottom in
                                        group.withUnsafeBufferPointer { group in
                                            lamina_bloom_over_row(row.baseAddress,
                                                                  fromBackdrop ? backdrop.baseAddress : UnsafePointer(row.baseAddress),
                                                                  grouped ? group.baseAddress : nil, top.baseAddress,
                                                                  resampled ? bottom.baseAddress : nil, wx, wy, wholeSteps, level,
                                                                  count, wide ? 1 : 0)
                                        }
                                    }
                                }
                            }
                        }
                        for x in 0..<count {
                            let glow = resampled
                                ? lamina_bilinear_blend(UInt64(top[x]) | UInt64(top[x + 1]) << 32,
                                                        UInt64(bottom[x]) | UInt64(bottom[x + 1]) << 32, wx, wy)
                                : top[x]
                            let expected = Self.bloomOver(destination[x], grouped ? group[x] : 0, glow, wholeSteps, level)
                            XCTAssertEqual(row[x], expected,
                                           "count \(count) x \(x) steps \(wholeSteps)/\(level) w \(wx),\(wy) group \(grouped) wide \(wide) backdrop \(fromBackdrop)")
                            checked += 1
                        }
                    }
                }
            }
        }
        XCTAssertEqual(checked, 8 * 36 * counts.reduce(0, +))
    }

    /// A moved bitmap's row blended by the SSE2 and AVX2 loops is, pixel
    /// for pixel, `lamina_bilinear_blend` (pixman's bilinear sum), for
    /// every tail length and for moves along one axis or both.
    func testTheResampledRowMatchesTheBilinearBlend() {
        var random = SystemRandomNumberGenerator()
        var checked = 0
        for wide in Self.widths {
            for count in Self.resampledCounts {
                for (wx, wy) in [(0, 1), (0, 127), (64, 0), (127, 0), (1, 1), (37, 101), (127, 127)] as [(UInt32, UInt32)] {
                    let top = (0...count).map { _ in UInt32.random(in: 0...UInt32.max, using: &random) }
                    let bottom = (0...count).map { _ in UInt32.random(in: 0...UInt32.max, using: &random) }
                    var row = [UInt32](repeating: 0xDEAD_BEEF, count: count + 1)
                    top.withUnsafeBufferPointer { top in
                        bottom.withUnsafeBufferPointer { bottom in
                            row.withUnsafeMutableBufferPointer { row in
                                lamina_resample_row(row.baseAddress, top.baseAddress, bottom.baseAddress, wx, wy, count,
                                                    wide ? 1 : 0)
                            }
                        }
                    }
                    for x in 0..<count {
                        let expected = lamina_bilinear_blend(UInt64(top[x]) | UInt64(top[x + 1]) << 32,
                                                             UInt64(bottom[x]) | UInt64(bottom[x + 1]) << 32, wx, wy)
                        XCTAssertEqual(row[x], expected, "count \(count) x \(x) w \(wx),\(wy) wide \(wide)")
                        checked += 1
                    }
                    XCTAssertEqual(row[count], 0xDEAD_BEEF, "nothing written past the row")
                }
            }
        }
        XCTAssertEqual(checked, Self.widths.count * 7 * Self.resampledCounts.reduce(0, +))
    }

    private static let resampledCounts = [1, 3, 4, 5, 8, 9, 15, 16, 17, 40]

    /// The arithmetic written out a channel at a time, as pixman does it:
    /// saturating `ADD`s, `add_n_8888_8888_ca`'s rounded multiply, `OVER`.
    private static func bloomOver(_ destination: UInt32, _ group: UInt32, _ glow: UInt32, _ wholeSteps: UInt32,
                                  _ level: UInt32) -> UInt32 {
        func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
            let t = a * b + 0x80
            return (t + (t >> 8)) >> 8
        }
        func channel(_ pixel: UInt32, _ index: UInt32) -> UInt32 { (pixel >> (index * 8)) & 0xFF }
        let added = (UInt32(0)..<4).map { index -> UInt32 in
            var s = channel(group, index)
            let g = channel(glow, index)
            for _ in 0..<wholeSteps { s = min(255, s + g) }
            if level > 0 { s = min(255, s + multiply(g, level)) }
            return s
        }
        return (UInt32(0)..<4).reduce(0) { result, index in
            result | min(255, added[Int(index)] + multiply(channel(destination, index), 255 - added[3])) << (index * 8)
        }
    }
}

private extension TwinRenderHost {
    var onePass: InlineRenderHost { first }
    var pixman: InlineRenderHost { second }
}
