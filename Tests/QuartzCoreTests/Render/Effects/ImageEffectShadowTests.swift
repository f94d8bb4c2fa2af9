import XCTest
@testable import QuartzCore

/// Layer shadows: the mask's alpha, offset, blurred with σ = shadowRadius,
/// tinted and faded.
final class ImageEffectShadowTests: XCTestCase {
    /// A 10 × 10 opaque square mask (any colour: only alpha counts).
    private let mask = RasterBuffer.filled(width: 10, height: 10) { _, _ in 0xFF12_3456 }

    private func shadow(color: EffectColor = .black, opacity: Double = 1, radius: Double, offset: (Double, Double), size: Int = 40) -> RasterBuffer {
        let result = RasterBuffer.filled(width: size, height: size) { _, _ in 0xFFFF_FFFF }   // overwritten
        mask.withView { m in result.withView {
            ImageEffects.renderShadow(alphaMask: m, into: $0, color: color, opacity: opacity, radius: radius, offset: (x: offset.0, y: offset.1))
        } }
        return result
    }

    func testHardShadowIsTheMaskMovedByTheOffsetInTheShadowColour() {
        let red = EffectColor(red: 1, green: 0, blue: 0, alpha: 1)
        let result = shadow(color: red, opacity: 0.5, radius: 0, offset: (7, 12))
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = (7..<17).contains(x) && (12..<22).contains(y)
                // Premultiplied red at half opacity: alpha 128, red 128.
                XCTAssertEqual(result[x: x, y: y], inside ? 0x8080_0000 : 0, "(\(x), \(y))")
            }
        }
    }

    func testBlurredShadowIsCentredOnTheOffsetSquare() {
        let result = shadow(radius: 3, offset: (15, 10))
        // The square covers x 15..<25, y 10..<20: centre (19.5, 14.5).
        for d in 0..<12 {
            XCTAssertEqual(result.alpha(19 - d, 14), result.alpha(20 + d, 14), accuracy: 1)
            XCTAssertEqual(result.alpha(19, 14 - min(d, 10)), result.alpha(19, 15 + min(d, 10)), accuracy: 1)
        }
        // The middle pixel's centre is 4.5 and 5.5 px from the square's sides:
        // (Φ(5.5/3) − Φ(−4.5/3))² = 0.81 of full alpha; the boxes for σ 3
        // (6, 6, 7) blur like σ 3.14, which gives 0.78.
        XCTAssertEqual(result.alpha(19, 14), 255 * 0.81, accuracy: 10)
        XCTAssertGreaterThan(result.alpha(13, 14), 0, "the blur spreads past the square")
        XCTAssertEqual(result.totalAlpha, 100 * 255, accuracy: 100 * 255 * 0.01, "alpha is conserved")
        XCTAssertEqual(result[x: 19, y: 14] & 0x00FF_FFFF, 0, "black")
        XCTAssertEqual(result[x: 39, y: 39], 0, "the rest of the destination is cleared")
    }

    func testShadowRadiusIsTheStandardDeviation() {
        XCTAssertEqual(ImageEffects.shadowStandardDeviation(forRadius: 3), 3)
        XCTAssertEqual(ImageEffects.shadowStandardDeviation(forRadius: .nan), 0)
        XCTAssertEqual(ImageEffects.shadowStandardDeviation(forRadius: -2), 0)
        XCTAssertEqual(ImageEffects.shadowOutset(forRadius: 3), ImageEffects.outset(forRadius: 3))
        // The edge profile of a σ = radius Gaussian: a pixel whose centre is
        // 5.5 px outside a wide edge keeps Φ(−5.5/6) = 18% of the alpha, one
        // 6.5 px inside Φ(6.5/6) = 86%.
        let wide = RasterBuffer.filled(width: 60, height: 60) { x, _ in x < 30 ? 0xFF00_0000 : 0 }
        let result = RasterBuffer(width: 60, height: 60)
        wide.withView { m in result.withView {
            ImageEffects.renderShadow(alphaMask: m, into: $0, color: .black, opacity: 1, radius: 6, offset: (x: 0, y: 0))
        } }
        XCTAssertEqual(result.alpha(35, 30) / 255, 0.18, accuracy: 0.025)
        XCTAssertEqual(result.alpha(23, 30) / 255, 0.86, accuracy: 0.025)
    }

    func testFractionalOffsetsInterpolate() {
        let half = shadow(radius: 0, offset: (5.5, 5))
        XCTAssertEqual(half.alpha(5, 8), 128, accuracy: 1, "half covered on the left edge")
        XCTAssertEqual(half.alpha(10, 8), 255)
        XCTAssertEqual(half.alpha(15, 8), 128, accuracy: 1, "half covered past the right edge")
        XCTAssertEqual(half.alpha(16, 8), 0)
        let quarter = shadow(radius: 0, offset: (5.5, 5.5))
        XCTAssertEqual(quarter.alpha(5, 5), 64, accuracy: 1, "a corner pixel a quarter covered")
        XCTAssertEqual(quarter.totalAlpha, 100 * 255, accuracy: 2 * 40)
        let negative = shadow(radius: 0, offset: (-2.25, 0))
        XCTAssertEqual(negative.alpha(7, 3), 0.75 * 255, accuracy: 1)
        XCTAssertEqual(negative.alpha(0, 3), 255)
    }

    func testBadInputDoesNotCrash() {
        XCTAssertEqual(shadow(opacity: .nan, radius: 3, offset: (0, 0)).totalAlpha, 0)
        XCTAssertEqual(shadow(opacity: -1, radius: 3, offset: (0, 0)).totalAlpha, 0)
        XCTAssertEqual(shadow(color: EffectColor(red: .nan, green: 2, blue: -1, alpha: 1), radius: 0, offset: (0, 0))[x: 0, y: 0], 0xFF00_FF00)
        XCTAssertEqual(shadow(radius: 0, offset: (.nan, .infinity)).alpha(0, 0), 255, "non-finite offsets count as 0")
        XCTAssertEqual(shadow(radius: 0, offset: (1e300, -1e300)).totalAlpha, 0, "far away: nothing lands")
        XCTAssertEqual(shadow(radius: 0, offset: (Double(Int.max), 0)).totalAlpha, 0)
        // A huge radius is clamped to σ 256, not hung on: 100 px of alpha spread
        // that thin rounds to nothing.
        XCTAssertEqual(shadow(radius: .infinity, offset: (0, 0), size: 12).totalAlpha, 0)
        let empty = RasterBuffer(width: 0, height: 0)
        let target = RasterBuffer.filled(width: 4, height: 4) { _, _ in 0xFFFF_FFFF }
        empty.withView { e in target.withView { t in
            ImageEffects.renderShadow(alphaMask: e, into: t, color: .black, opacity: 1, radius: 2, offset: (x: 0, y: 0))
            ImageEffects.renderShadow(alphaMask: t, into: e, color: .black, opacity: 1, radius: 2, offset: (x: 0, y: 0))
        } }
        XCTAssertEqual(target.totalAlpha, 0, "an empty mask casts no shadow, and the destination is cleared")
        XCTAssertEqual(EffectColor(CGColor(gray: 0.5, alpha: 0.25)), EffectColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.25))
    }
}
