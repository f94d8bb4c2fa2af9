import CPixman
import XCTest
@testable import QuartzCore
import LaminaTestSupport

/// A layer that draws only a background colour over whole pixels keeps no
/// bitmap until a path needs its pixels (the kiosk's root
/// layer held a 3.6 MB bitmap only ever composited as a fill). Every path
/// gives the pixels a drawn bitmap gives.
final class PlainRectangleContentTests: XCTestCase {
    private func state(_ bounds: CGRect, color: CGColor, cornerRadius: CGFloat = 0) -> LayerState {
        var state = LayerState()
        state.bounds = bounds
        state.backgroundColor = LayerColor(color)
        state.cornerRadius = cornerRadius
        return state
    }

    /// The content the renderer makes, and the same drawing as an ordinary,
    /// eagerly drawn bitmap.
    private func lazyAndDrawn(_ state: LayerState, scale: CGFloat = 1) throws -> (lazy: LayerContent, drawn: LayerContent) {
        let key = LayerContent.Key(state, scale: scale)
        let lazy = try XCTUnwrap(LayerContentRenderer.render(key: key))
        let drawn = try XCTUnwrap(LayerContent(key: key, extent: state.bounds) { buffer in
            let context = LayerDrawingContext.make(over: buffer, origin: state.bounds.origin, scale: scale)
            context?.setFillColor(state.backgroundColor!.cgColor)
            context?.fill(state.bounds)
        })
        return (lazy, drawn)
    }

    private func composite(_ content: LayerContent, matrix: CATransform3D, opacity: Double? = nil) throws -> CGImage {
        let target = RasterBuffer(width: 80, height: 60)
        let backdrop = try XCTUnwrap(PixmanImage(buffer: target))
        backdrop.composite(try XCTUnwrap(PixmanImage(solidPixel: 0xFF20_4060)), mask: nil, operation: PIXMAN_OP_SRC,
                           rect: PixelRect(x: 0, y: 0, width: 80, height: 60))
        let node = DrawNode(id: DrawID(layer: 1), state: LayerState(), matrix: matrix, opacity: 1, clip: nil, isGroup: false)
        content.composite(node: node, into: backdrop, mask: opacity.flatMap { PixmanImage(red: 0, green: 0, blue: 0, alpha: $0) },
                          clip: PixelRect(x: 0, y: 0, width: 80, height: 60), usingSwiftKernels: true)
        return target.makeImage()
    }

    func testAPlainRectangleKeepsNoBitmapAtWholeOrFractionalPlacements() throws {
        let colors = [CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1), CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.37)]
        for color in colors {
            let (lazy, drawn) = try lazyAndDrawn(state(CGRect(x: 3.5, y: -2, width: 40, height: 25), color: color))
            XCTAssertEqual(lazy.uniformColor, drawn.uniformColor, "the probe pixel is the drawn bitmap's colour")
            XCTAssertNotNil(lazy.uniformColor)
            XCTAssertEqual(lazy.inkBounds, drawn.inkBounds)
            XCTAssertNil(lazy.inkHole)
            for (dx, dy) in [(CGFloat(10), CGFloat(7)), (12.25, 3.5), (-5, 41)] {
                for opacity: Double? in [nil, 0.4] {
                    let matrix = CATransform3DMakeTranslation(dx, dy, 0)
                    XCTAssertEqual(GoldenImage.differingPixels(try composite(lazy, matrix: matrix, opacity: opacity),
                                                               try composite(drawn, matrix: matrix, opacity: opacity),
                                                               tolerance: 0), 0, "at (\(dx), \(dy)), opacity \(String(describing: opacity))")
                }
            }
            XCTAssertFalse(lazy.hasDrawnPixels, "moved and faded, it composites as a colour")
        }
    }

    /// Turned or scaled, the bitmap is drawn on first use and composited
    /// as any other.
    func testATurnedOrScaledPlainRectangleDrawsItsBitmap() throws {
        let (lazy, drawn) = try lazyAndDrawn(state(CGRect(x: 0, y: 0, width: 30, height: 20),
                                                   color: CGColor(red: 0.9, green: 0.1, blue: 0.3, alpha: 0.8)))
        let turned = CATransform3DConcat(CATransform3DMakeRotation(0.5, 0, 0, 1), CATransform3DMakeTranslation(35, 12, 0))
        let scaled = CATransform3DConcat(CATransform3DMakeScale(1.7, 0.6, 1), CATransform3DMakeTranslation(4.5, 30, 0))
        for matrix in [turned, scaled] {
            let ours = try composite(lazy, matrix: matrix), theirs = try composite(drawn, matrix: matrix)
            XCTAssertEqual(GoldenImage.differingPixels(ours, theirs, tolerance: 0), 0)
        }
        XCTAssertTrue(lazy.hasDrawnPixels)
        XCTAssertEqual(lazy.uniformColor, drawn.uniformColor)
    }

    /// Only a square-cornered fill over whole pixels is uniform: a rounded
    /// corner or a part-covered edge pixel is drawn as a bitmap up front.
    func testRoundedOrPartPixelLayersAreDrawnUpFront() throws {
        let color = CGColor(red: 0.3, green: 0.6, blue: 0.1, alpha: 1)
        let rounded = try XCTUnwrap(LayerContentRenderer.render(
            key: LayerContent.Key(state(CGRect(x: 0, y: 0, width: 30, height: 20), color: color, cornerRadius: 6), scale: 1)))
        XCTAssertTrue(rounded.hasDrawnPixels)
        XCTAssertNil(rounded.uniformColor, "its corners are transparent")
        let partPixel = try XCTUnwrap(LayerContentRenderer.render(
            key: LayerContent.Key(state(CGRect(x: 0, y: 0, width: 30.5, height: 20), color: color), scale: 1)))
        XCTAssertTrue(partPixel.hasDrawnPixels)
        XCTAssertNil(partPixel.uniformColor, "its last column is half covered")
        let atScale = try XCTUnwrap(LayerContentRenderer.render(
            key: LayerContent.Key(state(CGRect(x: 0, y: 0, width: 30.5, height: 20), color: color), scale: 2)))
        XCTAssertFalse(atScale.hasDrawnPixels, "at two pixels a point, 30.5 points are whole pixels")
        XCTAssertEqual(atScale.pixelWidth, 61)
    }

    /// A colour too faint for 8 bits draws nothing, as its bitmap would.
    func testAColourBelowOneLevelHasNoInk() throws {
        let (lazy, drawn) = try lazyAndDrawn(state(CGRect(x: 0, y: 0, width: 10, height: 10),
                                                   color: CGColor(red: 1, green: 1, blue: 1, alpha: 0.001)))
        XCTAssertNil(drawn.inkBounds)
        XCTAssertNil(lazy.inkBounds)
        XCTAssertNil(lazy.uniformColor)
        let matrix = CATransform3DMakeTranslation(5, 5, 0)
        XCTAssertEqual(GoldenImage.differingPixels(try composite(lazy, matrix: matrix), try composite(drawn, matrix: matrix),
                                                   tolerance: 0), 0)
    }
}
