import CPixelKernels
import CPixman
import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// `ProjectiveBilinearSampler.compositeOver` blends a perspective layer's
/// samples straight into the target through its outline's recorded
/// coverage: the pixels of sampling into a band, writing the coverage into
/// an 8-bit mask and compositing the band through it with pixman, bit for
/// bit; the coverage is the outline's exact area.
final class ProjectiveCompositeOverTests: XCTestCase {
    private let bitmap = SamplerTestBitmap.make(width: 61, height: 43)
    private let size = (width: 170, height: 130)

    private var source: AffineBilinearSampler.Source {
        AffineBilinearSampler.Source(base: bitmap.base, width: bitmap.width, height: bitmap.height,
                                     bytesPerRow: bitmap.bytesPerRow)
    }

    /// A target holding something to blend over: opaque and translucent
    /// pixels in stripes, and transparent ones.
    private func background(width: Int? = nil, height: Int? = nil) -> RasterBuffer {
        let buffer = RasterBuffer(width: width ?? size.width, height: height ?? size.height)
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let pixel: UInt32 = switch (x / 7 + y / 5) % 3 {
                case 0: 0xFF20_6090
                case 1: 0x8040_2010
                default: 0
                }
                buffer.base.storeBytes(of: pixel, toByteOffset: y * buffer.bytesPerRow + x * 4, as: UInt32.self)
            }
        }
        return buffer
    }

    private func copy(of buffer: RasterBuffer) -> RasterBuffer {
        let copy = RasterBuffer(width: buffer.width, height: buffer.height)
        copy.base.copyMemory(from: buffer.base, byteCount: buffer.bytesPerRow * buffer.height)
        return copy
    }

    /// An 8-bit mask's value at (`x`, `y`).
    private func alpha(_ mask: PixmanImage, x: Int, y: Int) -> Int {
        let data = UnsafeRawPointer(pixman_image_get_data(mask.raw)!)
        return Int(data.load(fromByteOffset: y * Int(pixman_image_get_stride(mask.raw)) + x, as: UInt8.self))
    }

    /// The bitmap's corners in target pixels through `bitmapToTarget`.
    private func outline(_ bitmapToTarget: CATransform3D) -> [CGPoint] {
        let map = Homography(bitmapToTarget)
        return [CGPoint(x: 0, y: 0), CGPoint(x: 61, y: 0), CGPoint(x: 61, y: 43), CGPoint(x: 0, y: 43)].map(map.apply)
    }

    /// What the band path draws: the samples into a band over `clip`, the
    /// coverage written into a mask (times `fade`), the band composited
    /// `OVER` through it by pixman.
    private func throughAMask(_ fixed: pixman_transform, outline: [CGPoint], coverage: ConvexOutlineFiller.Recorded,
                              fade: UInt8, clip: PixelRect) throws -> RasterBuffer {
        let target = background()
        let band = RasterBuffer(width: clip.width, height: clip.height)
        ProjectiveBilinearSampler.sample(source, through: fixed, rect: clip, into: band.base, outputBytesPerRow: band.bytesPerRow,
                                         tolerance: 0, within: outline)
        let mask = try XCTUnwrap(PixmanImage(alphaWidth: clip.width, height: clip.height))
        mask.write(coverage, origin: (clip.x, clip.y))
        if fade < 255 {
            mask.multiplyAlpha(by: try XCTUnwrap(PixmanImage(solidPixel: UInt32(fade) << 24)), width: clip.width, height: clip.height)
        }
        try XCTUnwrap(PixmanImage(buffer: target)).composite(try XCTUnwrap(PixmanImage(buffer: band)), at: clip.x, clip.y,
                                                             mask: mask, maskOrigin: (clip.x, clip.y),
                                                             operation: PIXMAN_OP_OVER, rect: clip)
        return target
    }

    func testBlendingThroughTheCoverageGivesTheMaskedCompositesPixels() throws {
        let clips = [PixelRect(x: 0, y: 0, width: size.width, height: size.height), PixelRect(x: 37, y: 21, width: 83, height: 64)]
        for (index, bitmapToTarget) in SamplerTestBitmap.perspectiveMaps.enumerated() {
            let fixed = try XCTUnwrap(PixmanImage.fixedTransform(try XCTUnwrap(Homography(bitmapToTarget).inverted())))
            let outline = outline(bitmapToTarget)
            let coverage = try XCTUnwrap(LayerContent.coverage(of: outline, width: size.width, height: size.height))
            for clip in clips {
                for fade: UInt8 in [255, 56] {
                    let expected = try throughAMask(fixed, outline: outline, coverage: coverage, fade: fade, clip: clip)
                    for wide in Set([false, ProjectiveBilinearSampler.hasAVX2]) {
                        let target = background()
                        ProjectiveBilinearSampler.compositeOver(source, through: fixed, coverage: coverage, fade: fade, rect: clip,
                                                                into: target, tolerance: 0, wide: wide)
                        let label = "map \(index), clip \(clip), fade \(fade), wide \(wide)"
                        XCTAssertEqual(GoldenImage.differingPixels(target.makeImage(), expected.makeImage(), tolerance: 0), 0, label)
                        XCTAssertGreaterThan(GoldenImage.differingPixels(target.makeImage(), background().makeImage(), tolerance: 0),
                                             100, "\(label): the layer was drawn")
                    }
                }
            }
        }
    }

    /// The coverage sums to the outline's area (each share rounded to a
    /// level), is whole well inside and nothing well outside; pixman's
    /// rasterized polygon (fifteen rows a pixel) is within a sixteenth of
    /// it at every pixel.
    func testTheCoverageIsTheOutlinesArea() throws {
        for (index, bitmapToTarget) in SamplerTestBitmap.perspectiveMaps.enumerated() {
            let outline = outline(bitmapToTarget)
            let coverage = try XCTUnwrap(LayerContent.coverage(of: outline, width: size.width, height: size.height))
            let exact = try XCTUnwrap(PixmanImage(alphaWidth: size.width, height: size.height))
            exact.write(coverage, origin: (0, 0))
            let rasterized = try XCTUnwrap(PixmanImage(alphaWidth: size.width, height: size.height))
            rasterized.fillPolygon(outline)
            var area = 0.0
            for (a, b) in zip(outline, outline.dropFirst() + [outline[0]]) { area += Double(a.x * b.y - b.x * a.y) / 2 }
            let insideLines = try XCTUnwrap(EdgeCoverageSampler.EdgeLines(outline: outline)).lines
            var sum = 0.0
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let share = alpha(exact, x: x, y: y)
                    sum += Double(share) / 255
                    let centre = SIMD3(Double(x) + 0.5, Double(y) + 0.5, 1)
                    let nearest = insideLines.map { ($0 * centre).sum() }.min()!
                    if nearest > 1 { XCTAssertEqual(share, 255, "map \(index) at (\(x), \(y)), inside") }
                    if nearest < -1 { XCTAssertEqual(share, 0, "map \(index) at (\(x), \(y)), outside") }
                    XCTAssertLessThanOrEqual(abs(share - alpha(rasterized, x: x, y: y)), 16, "map \(index) at (\(x), \(y))")
                }
            }
            XCTAssertEqual(sum, abs(area), accuracy: 0.5, "map \(index)")
        }
    }

    /// The AVX2 blending loop gives the scalar one's pixels, and both give
    /// pixman's `OVER` through a solid mask of the fade.
    func testARowOverIsPixmansOverThroughTheFade() throws {
        var generator = SystemRandomNumberGenerator()
        let count = 77
        for fade: UInt32 in [255, 200, 56, 1] {
            let source = RasterBuffer(width: count, height: 1), under = RasterBuffer(width: count, height: 1)
            for x in 0..<count {
                // Premultiplied: each colour channel at most the alpha; runs
                // of opaque, transparent and translucent pixels.
                let alpha: UInt32 = x < 16 ? 255 : x < 24 ? 0 : UInt32.random(in: 0...255, using: &generator)
                let colour = (0..<3).reduce(alpha << 24) { $0 | UInt32.random(in: 0...alpha, using: &generator) << (8 * UInt32($1)) }
                source.base.storeBytes(of: alpha == 0 ? 0 : colour, toByteOffset: x * 4, as: UInt32.self)
                let dest = UInt32.random(in: 0...255, using: &generator)
                under.base.storeBytes(of: dest << 24 | dest / 2 << 16 | dest / 3 << 8 | dest, toByteOffset: x * 4, as: UInt32.self)
            }
            let expected = copy(of: under)
            try XCTUnwrap(PixmanImage(buffer: expected)).composite(
                try XCTUnwrap(PixmanImage(buffer: source)), at: 0, 0, mask: try XCTUnwrap(PixmanImage(solidPixel: fade << 24)),
                operation: PIXMAN_OP_OVER, rect: PixelRect(x: 0, y: 0, width: count, height: 1))
            for wide in Set([false, ProjectiveBilinearSampler.hasAVX2]) {
                let target = copy(of: under)
                lamina_over_row(target.base.assumingMemoryBound(to: UInt32.self), source.base.assumingMemoryBound(to: UInt32.self),
                                count, fade, wide ? 1 : 0)
                for x in 0..<count {
                    XCTAssertEqual(target.pixel(x: x, y: 0), expected.pixel(x: x, y: 0), "fade \(fade), wide \(wide), pixel \(x)")
                }
            }
        }
    }

    /// Into a windowed scratch (memory for part of the target only), only
    /// the window's pixels are touched, and they are a whole target's (at
    /// pixman's own positions: interpolated ones depend on where a row starts).
    func testOnlyAWindowsPixelsAreTouched() throws {
        let bitmapToTarget = SamplerTestBitmap.perspectiveMaps[0]
        let fixed = try XCTUnwrap(PixmanImage.fixedTransform(try XCTUnwrap(Homography(bitmapToTarget).inverted())))
        let coverage = try XCTUnwrap(LayerContent.coverage(of: outline(bitmapToTarget), width: size.width, height: size.height))
        let whole = RasterBuffer(width: size.width, height: size.height)
        let everything = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        ProjectiveBilinearSampler.compositeOver(source, through: fixed, coverage: coverage, fade: 255, rect: everything, into: whole,
                                                tolerance: 0)
        let window = PixelRect(x: 50, y: 30, width: 40, height: 50)
        let memory = ScratchMemory(capacity: window.area * 4 + 64)
        memory.base.initializeMemory(as: UInt8.self, repeating: 0xAB, count: memory.capacity)
        memory.base.initializeMemory(as: UInt8.self, repeating: 0, count: window.area * 4)
        let windowed = RasterBuffer(window: window, over: memory)
        let guardWord = memory.base.load(fromByteOffset: window.area * 4, as: UInt32.self)
        let coverageThere = try XCTUnwrap(LayerContent.coverage(of: outline(bitmapToTarget), width: windowed.width,
                                                                height: windowed.height))
        ProjectiveBilinearSampler.compositeOver(source, through: fixed, coverage: coverageThere, fade: 255, rect: everything,
                                                into: windowed, tolerance: 0)
        XCTAssertEqual(memory.base.load(fromByteOffset: window.area * 4, as: UInt32.self), guardWord, "nothing past the window")
        var inked = 0
        for y in window.y..<window.maxY {
            for x in window.x..<window.maxX {
                XCTAssertEqual(windowed.pixel(x: x, y: y), whole.pixel(x: x, y: y), "(\(x), \(y))")
                if whole.pixel(x: x, y: y) != 0 { inked += 1 }
            }
        }
        XCTAssertGreaterThan(inked, 200, "the window shows the layer")
    }

    /// A large perspective layer composited through `LayerContent` (rows
    /// shared out among threads): the same frame on one thread and on four,
    /// every pixel.
    func testRowsSharedAmongThreadsGiveTheSameFrame() throws {
        defer { CompositingThreads.setCount(CompositingThreads.defaultCount) }
        // The 30x20 gradient scaled to 540x360, then turned as a cover:
        // more pixels than one thread's share.
        let matrix = CATransform3DConcat(CATransform3DMakeScale(18, 18, 1),
                                         SamplerTestBitmap.turned(0.7, distance: 900, width: 540, at: 320, 60))
        func frame(threads: Int) throws -> RasterBuffer {
            CompositingThreads.setCount(threads)
            let target = background(width: 640, height: 480)
            let node = DrawNode(id: DrawID(layer: 1), state: LayerState(), matrix: matrix, opacity: 1, clip: nil, isGroup: false)
            try SharedScenes.gradientContent().composite(node: node, into: try XCTUnwrap(PixmanImage(buffer: target)), mask: nil,
                                                         clip: PixelRect(x: 0, y: 0, width: 640, height: 480),
                                                         usingSwiftKernels: true)
            return target
        }
        let whole = try frame(threads: 1)
        let before = CompositingThreads.handOffs.load(ordering: .relaxed)
        let shared = try frame(threads: 4)
        XCTAssertGreaterThan(CompositingThreads.handOffs.load(ordering: .relaxed), before, "the rows were shared out")
        XCTAssertEqual(GoldenImage.differingPixels(whole.makeImage(), shared.makeImage(), tolerance: 0), 0)
        XCTAssertGreaterThan(GoldenImage.differingPixels(whole.makeImage(), background(width: 640, height: 480).makeImage(),
                                                         tolerance: 0), 50_000, "the layer was drawn")
    }
}
