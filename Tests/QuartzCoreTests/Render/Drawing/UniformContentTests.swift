import CPixman
import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A bitmap of one colour at a fractional translation is composited without
/// pixman (`UniformContentCompositor`), with exactly pixman's pixels.
final class UniformContentTests: XCTestCase {
    private func content(width: Int, height: Int, color: UInt32) throws -> LayerContent {
        var state = LayerState()
        state.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        let made = LayerContent(key: LayerContent.Key(state, scale: 1), extent: state.bounds) { buffer in
            for y in 0..<height {
                for x in 0..<width { (buffer.base + y * buffer.bytesPerRow + x * 4).storeBytes(of: color, as: UInt32.self) }
            }
        }
        return try XCTUnwrap(made)
    }

    /// A destination of varied, premultiplied pixels.
    private func destination(seed: Int) -> RasterBuffer {
        let buffer = RasterBuffer(width: 64, height: 48)
        for y in 0..<48 {
            for x in 0..<64 {
                let alpha = UInt32((x * 37 + y * 11 + seed * 53) % 256)
                let channel = { (k: Int) in UInt32((x * k + y * 3 + seed) % 256) * alpha / 255 }
                buffer.base.storeBytes(of: alpha << 24 | channel(5) << 16 | channel(7) << 8 | channel(13),
                                       toByteOffset: y * buffer.bytesPerRow + x * 4, as: UInt32.self)
            }
        }
        return buffer
    }

    func testUniformBitmapsAreDetected() throws {
        XCTAssertEqual(try content(width: 5, height: 4, color: 0x80FF_0000).uniformColor, 0x80FF_0000)
        XCTAssertNil(try content(width: 5, height: 4, color: 0).uniformColor, "transparent: nothing to draw")
        let ring = try XCTUnwrap(LayerContent(key: LayerContent.Key(LayerState(), scale: 1),
                                              extent: CGRect(x: 0, y: 0, width: 4, height: 4)) { buffer in
            buffer.base.storeBytes(of: 0xFFFF_FFFF as UInt32, as: UInt32.self)
        })
        XCTAssertNil(ring.uniformColor, "one pixel differs")
    }

    func testFractionalPlacementsGivePixmansPixels() throws {
        let sizes = [(1, 1), (3, 2), (24, 24), (40, 7)]
        let colors: [UInt32] = [0xFF33_66CC, 0x8040_2010, 0x0C0C_0000]
        let offsets: [(CGFloat, CGFloat)] = [(10.3, 5.75), (7.5, 9), (12, 3.2), (-0.6, 40.9), (30.01, 20.99)]
        let opacities: [Double?] = [nil, 0.5, 0.013]
        var cases = 0
        for (width, height) in sizes {
            for color in colors {
                let layer = try content(width: width, height: height, color: color)
                for (index, (dx, dy)) in offsets.enumerated() {
                    for opacity in opacities {
                        let matrix = CATransform3DMakeTranslation(dx, dy, 0)
                        let clip = PixelRect(x: 2, y: 1, width: 58, height: 45)
                        let ours = destination(seed: index), theirs = destination(seed: index)
                        let mask = opacity.flatMap { PixmanImage(red: 0, green: 0, blue: 0, alpha: $0) }
                        // The path optimized builds take, asked for in any build.
                        let node = DrawNode(id: DrawID(layer: 1), state: LayerState(), matrix: matrix, opacity: 1, clip: nil, isGroup: false)
                        layer.composite(node: node, into: try XCTUnwrap(PixmanImage(buffer: ours)), mask: mask, clip: clip,
                                        usingSwiftKernels: true)
                        // pixman's own bilinear path for the same placement.
                        layer.image.setTransform(try XCTUnwrap(Homography(matrix).inverted()), bilinear: true)
                        try XCTUnwrap(PixmanImage(buffer: theirs)).composite(layer.image, mask: mask, operation: PIXMAN_OP_OVER,
                                                                             rect: clip)
                        layer.image.setTransform(nil, bilinear: false)
                        XCTAssertEqual(GoldenImage.differingPixels(ours.makeImage(), theirs.makeImage(), tolerance: 0), 0,
                                       "\(width)x\(height) \(String(color, radix: 16)) at (\(dx), \(dy)) opacity \(String(describing: opacity))")
                        cases += 1
                    }
                }
            }
        }
        XCTAssertEqual(cases, 180)
    }

    /// A replicator copy's tint fades each channel apart (a component-alpha
    /// mask): no single opacity stands for it, so pixman draws it, and the
    /// colours come out tinted.
    func testATintedCopyIsNotBlendedAsAPlainOpacity() throws {
        let layer = try content(width: 24, height: 13, color: 0xFF80_8080)
        let tint = try XCTUnwrap(Compositor.fadeMask(opacity: 1, tint: Tint(red: 1, green: 0.2, blue: 0.2, alpha: 1)))
        XCTAssertNil(tint.solidAlpha, "a component-alpha mask has no single alpha")
        let matrix = CATransform3DMakeTranslation(10.5, 5.25, 0)
        let clip = PixelRect(x: 0, y: 0, width: 64, height: 48)
        let ours = destination(seed: 1), theirs = destination(seed: 1)
        let node = DrawNode(id: DrawID(layer: 1), state: LayerState(), matrix: matrix, opacity: 1, clip: nil, isGroup: false)
        layer.composite(node: node, into: try XCTUnwrap(PixmanImage(buffer: ours)), mask: tint, clip: clip,
                        usingSwiftKernels: true)
        layer.image.setTransform(try XCTUnwrap(Homography(matrix).inverted()), bilinear: true)
        try XCTUnwrap(PixmanImage(buffer: theirs)).composite(layer.image, mask: tint, operation: PIXMAN_OP_OVER, rect: clip)
        layer.image.setTransform(nil, bilinear: false)
        XCTAssertEqual(GoldenImage.differingPixels(ours.makeImage(), theirs.makeImage(), tolerance: 0), 0)
        let untinted = destination(seed: 1)
        layer.composite(node: node, into: try XCTUnwrap(PixmanImage(buffer: untinted)), mask: nil, clip: clip,
                        usingSwiftKernels: true)
        XCTAssertGreaterThan(GoldenImage.differingPixels(ours.makeImage(), untinted.makeImage(), tolerance: 8), 200,
                             "the tint shows (an opacity-only blend would have dropped it)")
    }

    /// A perspective placement through the sampler gives pixman's pixels
    /// through `LayerContent.composite` too (outline mask, bands), within
    /// what its interpolated positions allow: at most
    /// `ProjectiveBilinearSampler.tolerance` (1/32) of a pixel off
    /// pixman's, under a level of this gradient's 12 a pixel, plus a step
    /// of the weights.
    func testAPerspectivePlacementGivesPixmansPixels() throws {
        let layer = try SharedScenes.gradientContent()
        let matrix = SharedScenes.perspectiveTurn
        let node = DrawNode(id: DrawID(layer: 1), state: LayerState(), matrix: matrix, opacity: 1, clip: nil, isGroup: false)
        let clip = PixelRect(x: 0, y: 0, width: 64, height: 48)
        var results: [CGImage] = []
        for swift in [true, false] {
            let target = destination(seed: 2)
            layer.composite(node: node, into: try XCTUnwrap(PixmanImage(buffer: target)), mask: nil, clip: clip,
                            usingSwiftKernels: swift)
            results.append(target.makeImage())
        }
        XCTAssertEqual(GoldenImage.differingPixels(results[0], results[1], tolerance: 2), 0)
        XCTAssertGreaterThan(GoldenImage.differingPixels(results[0], destination(seed: 2).makeImage(), tolerance: 0), 200,
                             "the layer was drawn")
    }

    /// At whole pixels the bitmap composites as a solid colour: the same
    /// pixels as the bitmap itself, faded or not, partly clipped or not.
    func testWholePixelPlacementsAsASolidColourGiveTheBitmapsPixels() throws {
        for color: UInt32 in [0xFF33_66CC, 0x8040_2010, 0x0300_0102] {
            let layer = try content(width: 24, height: 13, color: color)
            XCTAssertNotNil(layer.solidSource)
            for (dx, dy) in [(CGFloat(10), CGFloat(5)), (-4, 40), (50, -3)] {
                // Plain fades, and a replicator copy's tint (component alpha).
                for opacity: Double? in [nil, 0.5, 0.013, -1] {
                    let matrix = CATransform3DMakeTranslation(dx, dy, 0)
                    let clip = PixelRect(x: 2, y: 1, width: 58, height: 45)
                    let ours = destination(seed: 3), theirs = destination(seed: 3)
                    let mask = opacity == -1
                        ? Compositor.fadeMask(opacity: 0.8, tint: Tint(red: 1, green: 0.3, blue: 0.6, alpha: 0.9))
                        : opacity.flatMap { PixmanImage(red: 0, green: 0, blue: 0, alpha: $0) }
                    let node = DrawNode(id: DrawID(layer: 1), state: LayerState(), matrix: matrix, opacity: 1, clip: nil, isGroup: false)
                    layer.composite(node: node, into: try XCTUnwrap(PixmanImage(buffer: ours)), mask: mask, clip: clip)
                    try XCTUnwrap(PixmanImage(buffer: theirs)).composite(layer.image, at: Int(dx), Int(dy), mask: mask,
                                                                         operation: PIXMAN_OP_OVER, rect: clip)
                    XCTAssertEqual(GoldenImage.differingPixels(ours.makeImage(), theirs.makeImage(), tolerance: 0), 0,
                                   "\(String(color, radix: 16)) at (\(dx), \(dy)) opacity \(String(describing: opacity))")
                }
            }
        }
    }
}

/// A plain coloured layer fading at whole pixels: its colour is multiplied
/// by the opacity first and composited with no mask (pixman's fast path),
/// with exactly the pixels of pixman compositing the colour through the
/// opacity mask (its general path).
final class FadedSolidColourTests: XCTestCase {
    private func destination() -> RasterBuffer {
        let buffer = RasterBuffer(width: 40, height: 8)
        for y in 0..<8 {
            for x in 0..<40 {
                let alpha = UInt32((x * 37 + y * 11) % 256)
                let channel = { (k: Int) in UInt32((x * k + y * 3) % 256) * alpha / 255 }
                buffer.base.storeBytes(of: alpha << 24 | channel(5) << 16 | channel(7) << 8 | channel(13),
                                       toByteOffset: y * buffer.bytesPerRow + x * 4, as: UInt32.self)
            }
        }
        return buffer
    }

    func testEveryOpacityLevelGivesThePixelsOfTheColourThroughTheMask() throws {
        let rect = PixelRect(x: 0, y: 0, width: 40, height: 8)
        var cases = 0
        for color: UInt32 in [0xFF99_9999, 0xFF33_66CC, 0x8040_2010, 0x0300_0102, 0xFFFF_FFFF] {
            let solid = try XCTUnwrap(PixmanImage(solidPixel: color))
            for operation in [PIXMAN_OP_OVER, PIXMAN_OP_ADD] {
                for level in 0...255 {
                    let mask = try XCTUnwrap(PixmanImage(red: 0, green: 0, blue: 0, alpha: (Double(level << 8) + 0.5) / 65535))
                    XCTAssertEqual(mask.solidAlpha, UInt8(level))
                    let ours = destination(), theirs = destination()
                    let faded = try XCTUnwrap(PixmanImage(solidPixel: LayerContent.multiply(color, by: UInt8(level))))
                    try XCTUnwrap(PixmanImage(buffer: ours)).composite(faded, mask: nil, operation: operation, rect: rect)
                    try XCTUnwrap(PixmanImage(buffer: theirs)).composite(solid, mask: mask, operation: operation, rect: rect)
                    XCTAssertEqual(GoldenImage.differingPixels(ours.makeImage(), theirs.makeImage(), tolerance: 0), 0,
                                   "\(String(color, radix: 16)) level \(level) op \(operation.rawValue)")
                    cases += 1
                }
            }
        }
        XCTAssertEqual(cases, 2_560)
    }

    func testAFadedPlainLayerCompositesItsFadedColour() throws {
        var state = LayerState()
        state.bounds = CGRect(x: 0, y: 0, width: 20, height: 6)
        let layer = try XCTUnwrap(LayerContent(key: LayerContent.Key(state, scale: 1), extent: state.bounds) { buffer in
            buffer.base.initializeMemory(as: UInt32.self, repeating: 0xFF99_9999, count: buffer.bytesPerRow / 4 * 6)
        })
        let node = DrawNode(id: DrawID(layer: 1), state: LayerState(), matrix: CATransform3DMakeTranslation(3, 1, 0), opacity: 1,
                            clip: nil, isGroup: false)
        let ours = destination(), theirs = destination()
        let mask = try XCTUnwrap(OpacityMasks().mask(for: 0.4))
        layer.composite(node: node, into: try XCTUnwrap(PixmanImage(buffer: ours)), mask: mask,
                        clip: PixelRect(x: 3, y: 1, width: 20, height: 6))
        XCTAssertEqual(layer.lastFadedSource?.alpha, mask.solidAlpha, "composited as the faded colour")
        let faded = try XCTUnwrap(layer.lastFadedSource?.source)
        XCTAssertTrue(layer.solidSource(fadedBy: try XCTUnwrap(mask.solidAlpha)) === faded, "made once for one opacity")
        try XCTUnwrap(PixmanImage(buffer: theirs)).composite(layer.image, at: 3, 1, mask: mask, operation: PIXMAN_OP_OVER,
                                                             rect: PixelRect(x: 3, y: 1, width: 20, height: 6))
        XCTAssertEqual(GoldenImage.differingPixels(ours.makeImage(), theirs.makeImage(), tolerance: 0), 0)
        XCTAssertGreaterThan(GoldenImage.differingPixels(ours.makeImage(), destination().makeImage(), tolerance: 0), 100,
                             "the layer was drawn")
    }
}

/// A window whose root layer is an opaque colour is not cleared before the
/// root paints each damaged rectangle; anything else still is.
final class OpaqueRootTests: ModelTestCase {
    private func garbage(_ target: RasterBuffer) {
        for offset in stride(from: 0, to: target.height * target.bytesPerRow, by: 4) {
            (target.base + offset).storeBytes(of: UInt32(truncatingIfNeeded: offset &* 2_654_435_761), as: UInt32.self)
        }
    }

    /// The first frame repaints everything; stale pixels in the target
    /// must not survive it either way.
    private func firstFrame(rootColor: CGColor, garbageFirst: Bool) -> CGImage {
        let host = InlineRenderHost(width: 80, height: 60)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
        root.backgroundColor = rootColor
        let square = CALayer()
        square.frame = CGRect(x: 10.5, y: 20, width: 30, height: 12)
        square.backgroundColor = CGColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.6)
        root.addSublayer(square)
        root.attach(to: host)
        CATransaction.flush()
        if garbageFirst { garbage(host.loop.presenter.target) }
        let image = host.render(at: 1)
        root.detachFromHost()
        return image
    }

    func testStalePixelsNeverShowUnderAnOpaqueOrATranslucentRoot() {
        for color in [CGColor(red: 0.1, green: 0.3, blue: 0.5, alpha: 1), CGColor(red: 0.1, green: 0.3, blue: 0.5, alpha: 0.5)] {
            let clean = firstFrame(rootColor: color, garbageFirst: false)
            let overGarbage = firstFrame(rootColor: color, garbageFirst: true)
            XCTAssertEqual(GoldenImage.differingPixels(clean, overGarbage, tolerance: 0), 0, "root alpha \(color.alpha)")
        }
    }
}
