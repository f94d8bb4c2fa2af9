import CPixman
import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A layer's bitmap is composited only where it has ink (`LayerContent+Ink`):
/// the transparent rest of a text layer changes no pixel under `OVER`.
final class InkBoundsTests: XCTestCase {
    /// A 40x20 bitmap, transparent but for the pixels listed.
    private func content(inked pixels: [(x: Int, y: Int)]) throws -> LayerContent {
        try content(inked: pixels, width: 40, height: 20)
    }

    /// A 2-pixel frame around a 40x20 bitmap, with the corner pixels left out
    /// and one ink pixel at `inside`.
    private func ring(inside: (x: Int, y: Int)? = nil) throws -> LayerContent {
        var pixels: [(x: Int, y: Int)] = []
        for y in 0..<20 {
            for x in 0..<40 where (x < 2 || x >= 38 || y < 2 || y >= 18) && !((x < 2 || x >= 38) && (y < 2 || y >= 18)) {
                pixels.append((x, y))
            }
        }
        if let inside { pixels.append(inside) }
        return try content(inked: pixels, width: 40, height: 20)
    }

    private func content(inked pixels: [(x: Int, y: Int)], width: Int, height: Int) throws -> LayerContent {
        var state = LayerState()
        state.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        let made = LayerContent(key: LayerContent.Key(state, scale: 1), extent: state.bounds) { buffer in
            for (x, y) in pixels {
                (buffer.base + y * buffer.bytesPerRow + x * 4).storeBytes(of: 0x8040_2010 as UInt32, as: UInt32.self)
            }
        }
        return try XCTUnwrap(made)
    }

    func testInkBoundsHoldEveryPixelThatIsNotTransparent() throws {
        XCTAssertNil(try content(inked: []).inkBounds, "a transparent bitmap has no ink")
        XCTAssertEqual(try content(inked: [(7, 3)]).inkBounds, PixelRect(x: 7, y: 3, width: 1, height: 1))
        XCTAssertEqual(try content(inked: [(39, 0), (2, 19), (20, 9)]).inkBounds, PixelRect(x: 2, y: 0, width: 38, height: 20))
        XCTAssertEqual(try content(inked: [(5, 4), (30, 4), (12, 15)]).inkBounds, PixelRect(x: 5, y: 4, width: 26, height: 12),
                       "a row's rightmost ink further right than an earlier row's widens it")
    }

    func testTheClipNarrowsToWhereTheInkCanReach() throws {
        let layer = try content(inked: [(10, 5), (19, 8)])  // ink: x 10...19, y 5...8
        let clip = PixelRect(x: 0, y: 0, width: 500, height: 500)
        let whole = CATransform3DMakeTranslation(100, 50, 0)
        XCTAssertEqual(layer.inkedClip(clip, toTarget: whole, operation: PIXMAN_OP_OVER),
                       PixelRect(x: 110, y: 55, width: 10, height: 4))
        let fractional = CATransform3DMakeTranslation(100.5, 50.25, 0)
        XCTAssertEqual(layer.inkedClip(clip, toTarget: fractional, operation: PIXMAN_OP_OVER),
                       PixelRect(x: 110, y: 55, width: 11, height: 5), "the bilinear filter spreads it a pixel right and down")
        let turned = CATransform3DConcat(CATransform3DMakeRotation(.pi / 2, 0, 0, 1), whole)
        let reach = try XCTUnwrap(layer.inkedClip(clip, toTarget: turned, operation: PIXMAN_OP_OVER))
        // Turned a quarter: ink x 10..<20 lands on target y 60..<70; y 5..<9 on x 91..<95; two pixels of filter margin.
        XCTAssertEqual(reach, PixelRect(x: 89, y: 58, width: 8, height: 14))
        XCTAssertEqual(layer.inkedClip(clip, toTarget: whole, operation: PIXMAN_OP_SRC), clip,
                       "SRC writes transparent pixels too")
        XCTAssertEqual(layer.inkedClip(clip, toTarget: whole, operation: PIXMAN_OP_IN_REVERSE), clip,
                       "IN_REVERSE clears where the source is transparent")
        XCTAssertNil(layer.inkedClip(PixelRect(x: 0, y: 0, width: 100, height: 100), toTarget: whole, operation: PIXMAN_OP_OVER),
                     "a clip the ink does not reach draws nothing")
        XCTAssertNil(try content(inked: []).inkedClip(clip, toTarget: whole, operation: PIXMAN_OP_ADD))
    }

    func testARingsInsideIsItsHole() throws {
        XCTAssertEqual(try ring().inkHole, PixelRect(x: 2, y: 2, width: 36, height: 16))
        // An ink pixel inside: the hole grows a row at a time the way that
        // keeps it widest, and keeps the largest it met.
        XCTAssertEqual(try ring(inside: (30, 6)).inkHole, PixelRect(x: 2, y: 2, width: 28, height: 16))
        XCTAssertNil(try ring(inside: (20, 10)).inkHole, "ink at the centre: no hole")
        XCTAssertEqual(try content(inked: [(0, 0)]).inkHole, PixelRect(x: 1, y: 0, width: 39, height: 20))
        XCTAssertNil(try content(inked: [(17, 10), (23, 10), (20, 7), (20, 13)]).inkHole,
                     "a 5x5 hole, under a quarter of the bitmap, is not worth the pieces")
    }

    func testTheClipIsCutAroundTheHole() throws {
        let layer = try ring()
        let clip = PixelRect(x: 0, y: 0, width: 500, height: 500)
        let whole = layer.piecesAroundHole(clip, toTarget: CATransform3DMakeTranslation(100, 50, 0), operation: PIXMAN_OP_OVER)
        // The hole lands on x 102..<138, y 52..<68.
        XCTAssertEqual(whole, [PixelRect(x: 0, y: 0, width: 500, height: 52), PixelRect(x: 0, y: 68, width: 500, height: 432),
                               PixelRect(x: 0, y: 52, width: 102, height: 16), PixelRect(x: 138, y: 52, width: 362, height: 16)])
        let fractional = layer.piecesAroundHole(clip, toTarget: CATransform3DMakeTranslation(100.5, 50.5, 0), operation: PIXMAN_OP_OVER)
        XCTAssertEqual(fractional.first, PixelRect(x: 0, y: 0, width: 500, height: 53), "a fraction leaves the hole's first row and column inked")
        XCTAssertEqual(fractional.last, PixelRect(x: 138, y: 53, width: 362, height: 15))
        XCTAssertEqual(layer.piecesAroundHole(clip, toTarget: CATransform3DMakeTranslation(100, 50, 0), operation: PIXMAN_OP_SRC), [clip])
        XCTAssertEqual(layer.piecesAroundHole(clip, toTarget: CATransform3DMakeScale(2, 2, 1), operation: PIXMAN_OP_OVER), [clip])
        XCTAssertEqual(PixelRect(x: 0, y: 0, width: 10, height: 10).subtracting(PixelRect(x: 20, y: 20, width: 5, height: 5)),
                       [PixelRect(x: 0, y: 0, width: 10, height: 10)])
    }

    /// Drawn through every path (whole pixels, a fraction, turned), the
    /// narrowed clip gives exactly the pixels of compositing the whole clip.
    func testNarrowingChangesNoPixel() throws {
        for layer in [try content(inked: [(10, 5), (11, 5), (19, 8), (25, 14)]), try ring(inside: (30, 6))] {
            try assertNarrowingChangesNoPixel(layer)
        }
    }

    private func assertNarrowingChangesNoPixel(_ layer: LayerContent) throws {
        for matrix in [CATransform3DMakeTranslation(30, 20, 0), CATransform3DMakeTranslation(30.4, 20.7, 0),
                       CATransform3DConcat(CATransform3DMakeRotation(0.4, 0, 0, 1), CATransform3DMakeTranslation(40, 10, 0))] {
            let narrowed = RasterBuffer(width: 100, height: 80), whole = RasterBuffer(width: 100, height: 80)
            for buffer in [narrowed, whole] {
                for offset in stride(from: 0, to: 80 * buffer.bytesPerRow, by: 4) {
                    (buffer.base + offset).storeBytes(of: 0xFF33_6699 as UInt32, as: UInt32.self)
                }
            }
            let clip = PixelRect(x: 0, y: 0, width: 100, height: 80)
            let node = DrawNode(id: DrawID(layer: 1), state: LayerState(), matrix: matrix, opacity: 1, clip: nil, isGroup: false)
            layer.composite(node: node, into: try XCTUnwrap(PixmanImage(buffer: narrowed)), mask: nil, clip: clip)
            // The same bitmap composited by pixman over the whole clip, for reference.
            let image = layer.image
            let inverse = try XCTUnwrap(Homography(matrix).inverted())
            image.setTransform(inverse, bilinear: true)
            try XCTUnwrap(PixmanImage(buffer: whole)).composite(image, mask: nil, operation: PIXMAN_OP_OVER, rect: clip)
            image.setTransform(nil, bilinear: false)
            XCTAssertEqual(GoldenImage.differingPixels(narrowed.makeImage(), whole.makeImage(), tolerance: 2), 0, "\(matrix)")
        }
    }
}
