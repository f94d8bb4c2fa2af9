import CPixman
import XCTest
@testable import QuartzCore

/// A plain coloured layer's pixel is worked out as cairo works it out
/// (`SolidColourPixel`), with exactly the pixel CoreGraphics and cairo draw.
final class SolidColourPixelTests: XCTestCase {
    func testTheArithmeticIsThisCairos() {
        XCTAssertTrue(SolidColourPixel.matchesCairo)
        XCTAssertEqual(SolidColourPixel.checkedColours.count, 256)
    }

    /// Every fifth alpha byte, its edges and middle, against every channel byte's.
    func testEveryByteEdgeGivesTheDrawnPixel() {
        var checked = 0
        for alphaStep in stride(from: 0, through: 255, by: 5) {
            for channelStep in 0...255 {
                for nudge in [-0.4, 0, 0.4] {
                    let alpha = (Double(alphaStep) + nudge) / 255, channel = (Double(channelStep) - nudge) / 255
                    guard (0...1).contains(alpha), (0...1).contains(channel) else { continue }
                    let rgba = SIMD4(channel, 1 - channel, channel * 0.5, alpha)
                    XCTAssertEqual(SolidColourPixel.pixel(for: rgba), SolidColourPixel.drawn(rgba), "\(rgba)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 39_000)
    }

    func testRandomColoursGiveTheDrawnPixel() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let rgba = SIMD4((0..<4).map { _ in Double.random(in: 0...1, using: &random) })
            XCTAssertEqual(SolidColourPixel.pixel(for: rgba), SolidColourPixel.drawn(rgba), "\(rgba)")
        }
    }

    /// A layer of one colour, as a commit or an animation gives it, keeps
    /// the pixel cairo would have drawn: the colour spaces CoreGraphics
    /// widens (gray) and the clamping of components included.
    func testPlainLayersKeepTheDrawnColour() throws {
        let colours = [CGColor(gray: 0.37, alpha: 0.81), CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1),
                       CGColor(red: 1.4, green: -0.2, blue: 0.5, alpha: 0.33)]
        for color in colours {
            var state = LayerState()
            state.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
            state.backgroundColor = LayerColor(color)
            let content = try XCTUnwrap(LayerContentRenderer.render(key: LayerContent.Key(state, scale: 1)))
            XCTAssertFalse(content.hasDrawnPixels, "kept as its colour")
            XCTAssertFalse(content.colourWasProbed, "its pixel worked out, not drawn")
            let rgba = color.rgba
            XCTAssertEqual(content.uniformColor, SolidColourPixel.drawn(SIMD4(rgba.red, rgba.green, rgba.blue, rgba.alpha)))
            // The whole bitmap, drawn when a path needs it, is that pixel throughout.
            let pixels = try XCTUnwrap(pixman_image_get_data(content.image.raw))
            XCTAssertEqual(pixels[0], content.uniformColor)
            XCTAssertEqual(pixels[29 + 19 * Int(pixman_image_get_stride(content.image.raw)) / 4], content.uniformColor)
        }
    }
}
