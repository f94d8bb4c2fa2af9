import CPixman
import XCTest
@testable import QuartzCore

/// A layer's bitmap is composited only where it has ink (`LayerContent+Ink`):
/// the transparent rest of a text layer changes no pixel under `OVER`.
final class InkBoundsTests: XCTestCase {
    /// A 40x20 bitmap, transparent but for the pixels listed.
    private func content(inked pixels: [(x: Int, y: Int)]) throws -> LayerContent {
        var state = LayerState()
        state.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
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

    /// Drawn through every path (whole pixels, a fraction, turned), the
    /// narrowed clip gives exactly the pixels of compositing the whole clip.
    func testNarrowingChangesNoPixel() throws {
        let layer = try content(inked: [(10, 5), (11, 5), (19, 8), (25, 14)])
        for matrix in [CATransform3DMakeTranslation(30, 20, 0), CATransform3DMakeTranslation(30.4, 20.7, 0),
                       CATransform3DConcat(CATransform3DMakeRotation(0.4, 0, 0, 1), CATransform3DMakeTranslation(40, 10, 0))] {
            let narrowed = RasterBuffer(width: 100, height: 80), whole = RasterBuffer(width: 100, height: 80)
            for buffer in [narrowed, whole] {
                for offset in stride(from: 0, to: 80 * buffer.bytesPerRow, by: 4) {
                    (buffer.base + offset).storeBytes(of: 0xFF33_6699 as UInt32, as: UInt32.self)
                }
            }
            let clip = PixelRect(x: 0, y: 0, width: 100, height: 80)
            let node = DrawNode(id: 1, state: LayerState(), matrix: matrix, opacity: 1, clip: nil, isGroup: false)
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
