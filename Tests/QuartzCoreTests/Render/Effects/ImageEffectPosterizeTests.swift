import XCTest
@testable import QuartzCore

/// CIColorPosterize: `levels` evenly spaced values a component, 0 and 1
/// included, on unpremultiplied colour.
final class ImageEffectPosterizeTests: XCTestCase {
    private func posterized(_ pixel: UInt32, levels: Double) -> UInt32 {
        let buffer = RasterBuffer.filled(width: 1, height: 1) { _, _ in pixel }
        buffer.withView { ImageEffects.posterize($0, levels: levels) }
        return buffer[x: 0, y: 0]
    }

    func testDefaultSixLevelsQuantizeToFifths() {
        // 6 levels: 0, 51, 102, 153, 204, 255.
        var seen = Set<UInt32>()
        for value in 0...255 as ClosedRange<UInt32> {
            let result = posterized(0xFF00_0000 | value << 16 | value << 8 | value, levels: 6)
            let red = (result >> 16) & 0xFF
            XCTAssertEqual(red, UInt32((Double(value) / 255 * 5).rounded()) * 51, "value \(value)")
            XCTAssertEqual(result >> 24, 0xFF)
            seen.insert(red)
        }
        XCTAssertEqual(seen, [0, 51, 102, 153, 204, 255])
        // Halves round up: 25.5 / 51 is the boundary between 0 and 51.
        XCTAssertEqual(posterized(0xFF19_1A00, levels: 6), 0xFF00_3300)
    }

    func testTwoLevelsThresholdEachChannelAtHalf() {
        XCTAssertEqual(posterized(0xFF7F_8000 | 0xC0, levels: 2), 0xFF00_FFFF)
        XCTAssertEqual(posterized(0xFF10_F020, levels: 2), 0xFF00_FF00)
    }

    func testWorksOnUnpremultipliedColourAndKeepsAlpha() {
        // Half-transparent, unpremultiplied (0.3, 0.9, 0.5): premultiplied by 128.
        let pixel: UInt32 = 0x80 << 24 | 38 << 16 | 115 << 8 | 64
        let result = posterized(pixel, levels: 3)   // levels 0, 0.5, 1
        XCTAssertEqual(result >> 24, 0x80)
        XCTAssertEqual((result >> 16) & 0xFF, 64, "0.3 → 0.5 of alpha 128")
        XCTAssertEqual((result >> 8) & 0xFF, 128, "0.9 → 1")
        XCTAssertEqual(result & 0xFF, 64, "0.5 → 0.5")
        XCTAssertEqual(posterized(0, levels: 3), 0, "transparent stays transparent")
    }

    func testLevelsAreSanitized() {
        let pixel: UInt32 = 0xFF12_3456
        XCTAssertEqual(posterized(pixel, levels: .nan), pixel)
        XCTAssertEqual(posterized(pixel, levels: .infinity), pixel)
        XCTAssertEqual(posterized(pixel, levels: 1), posterized(pixel, levels: 2), "fewer than 2 levels means 2")
        XCTAssertEqual(posterized(pixel, levels: -40), posterized(pixel, levels: 2))
        XCTAssertEqual(posterized(pixel, levels: 5.6), posterized(pixel, levels: 6), "levels round to a whole number")
        XCTAssertEqual(posterized(pixel, levels: 1000), pixel, "256 levels or more keep every 8-bit value")
        // Invalid premultiplied input (colour above alpha) is clamped, not trapped on.
        XCTAssertEqual(posterized(0x40FF_FFFF, levels: 4), 0x4040_4040)
        RasterBuffer(width: 0, height: 3).withView { ImageEffects.posterize($0, levels: 6) }
    }

    func testPosterizesAWholeBuffer() {
        let image = RasterBuffer.filled(width: 64, height: 3) { x, y in 0xFF00_0000 | UInt32(x * 4) << UInt32(8 * y) }
        image.withView { ImageEffects.posterize($0, levels: 4) }
        let allowed: Set<UInt32> = [0, 85, 170, 255]
        for pixel in image.pixels {
            XCTAssertTrue(allowed.contains((pixel >> 16) & 0xFF) && allowed.contains((pixel >> 8) & 0xFF) && allowed.contains(pixel & 0xFF))
        }
    }
}
