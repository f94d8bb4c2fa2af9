import XCTest
@testable import QuartzCore

/// CIBloom: source + intensity × blur(source), premultiplied and clamped.
final class ImageEffectBloomTests: XCTestCase {
    private func bloomed(_ image: RasterBuffer, radius: Double, intensity: Double) -> RasterBuffer {
        let result = RasterBuffer(width: image.width, height: image.height)
        image.withView { source in result.withView { ImageEffects.bloom(source: source, into: $0, radius: radius, intensity: intensity) } }
        return result
    }

    /// A dim gray square in a transparent margin.
    private let square = RasterBuffer.filled(width: 50, height: 50) { x, y in
        (15..<35).contains(x) && (15..<35).contains(y) ? 0xFF60_6060 : 0
    }

    func testBloomBrightensAndSpreadsAGlow() {
        let result = bloomed(square, radius: 3, intensity: 0.5)
        // Inside: 0x60 + 0.5 × 0x60 = 0x90, still opaque.
        XCTAssertEqual(result[x: 25, y: 25], 0xFF90_9090)
        // Outside the square, a translucent gray glow with colour = alpha × 0x60/0xFF.
        let glow = PremultipliedPixel.unpack(result[x: 13, y: 25])
        XCTAssertGreaterThan(glow[0], 10)
        XCTAssertLessThan(glow[0], 128)
        XCTAssertEqual(glow[1], glow[0] * 0x60 / 255, accuracy: 1)
        // Beyond the blur's outset nothing changes.
        XCTAssertEqual(result[x: 15 - ImageEffects.outset(forRadius: 3) - 1, y: 25], 0)
        // Edges soften: at the square's edge the bloom is brighter than the
        // source but less bright than deep inside, because the blur there is half
        // transparent.
        let edge = PremultipliedPixel.unpack(result[x: 15, y: 25])
        XCTAssertGreaterThan(edge[1], 0x60)
        XCTAssertLessThan(edge[1], 0x90)
    }

    func testIntensityScalesTheGlowAndClampsAtWhite() {
        let weak = PremultipliedPixel.unpack(bloomed(square, radius: 3, intensity: 0.25)[x: 13, y: 25])[0]
        let strong = PremultipliedPixel.unpack(bloomed(square, radius: 3, intensity: 1)[x: 13, y: 25])[0]
        XCTAssertEqual(strong, weak * 4, accuracy: 3)
        let saturated = bloomed(square, radius: 3, intensity: 10)
        XCTAssertEqual(saturated[x: 25, y: 25], 0xFFFF_FFFF, "0x60 × 11 saturates every channel")
        XCTAssertEqual(bloomed(square, radius: 3, intensity: .infinity)[x: 25, y: 25], 0xFFFF_FFFF)
        for x in 0..<50 {
            let pixel = PremultipliedPixel.unpack(saturated[x: x, y: 25])
            XCTAssertLessThanOrEqual(pixel[1], pixel[0], "colour never exceeds alpha")
        }
    }

    func testZeroNegativeOrNaNIntensityCopies() {
        for intensity in [0, -1, .nan] as [Double] {
            XCTAssertEqual(bloomed(square, radius: 5, intensity: intensity).pixels, square.pixels, "intensity \(intensity)")
        }
    }

    func testDefaultsInPlaceAndBadInput() {
        // Apple's defaults, radius 10 and intensity 0.5, in place.
        let copy = RasterBuffer.filled(width: 50, height: 50) { self.square[x: $0, y: $1] }
        let expected = bloomed(square, radius: 10, intensity: 0.5).pixels
        copy.withView { ImageEffects.bloom(source: $0, into: $0, radius: 10, intensity: 0.5) }
        XCTAssertEqual(copy.pixels, expected)
        // NaN radius: no blur, so the image brightens by 1 + intensity.
        XCTAssertEqual(bloomed(square, radius: .nan, intensity: 0.5)[x: 25, y: 25], 0xFF90_9090)
        XCTAssertEqual(bloomed(square, radius: .nan, intensity: 0.5)[x: 5, y: 5], 0)
        let empty = RasterBuffer(width: 0, height: 0)
        empty.withView { e in square.withView { s in
            ImageEffects.bloom(source: e, into: s, radius: 3, intensity: 1)
            ImageEffects.bloom(source: s, into: e, radius: 3, intensity: 1)
        } }
        XCTAssertEqual(square.totalAlpha, 0, "an empty source blooms to transparency")
    }
}
