/// Conversions between packed premultiplied ARGB pixels (`UInt32`, alpha in
/// the top byte) and floating-point channels on the 0...255 scale, which the
/// effects compute in so that intermediate passes do not round.
package enum PremultipliedPixel {
    /// The channels of `pixel` as (alpha, red, green, blue), each 0...255.
    @inline(__always)
    package static func unpack(_ pixel: UInt32) -> SIMD4<Float> {
        SIMD4(Float(pixel >> 24), Float((pixel >> 16) & 0xFF), Float((pixel >> 8) & 0xFF), Float(pixel & 0xFF))
    }

    /// The alpha of `pixel`, 0...255.
    @inline(__always)
    package static func alpha(_ pixel: UInt32) -> Float { Float(pixel >> 24) }

    /// A valid premultiplied pixel from (alpha, red, green, blue) channels on
    /// the 0...255 scale: each is rounded to nearest and clamped to 0...255,
    /// then the colour channels are clamped to the alpha, so rounding drift
    /// can never produce a colour brighter than its coverage. NaN becomes 0.
    @inline(__always)
    package static func pack(_ channels: SIMD4<Float>) -> UInt32 {
        var value = channels + SIMD4(repeating: 0.5)
        value = value.replacing(with: 0, where: .!(value .>= 0))   // NaN and negatives
        value = value.replacing(with: 255, where: value .> 255)
        let alpha = UInt32(value[0])
        let red = min(UInt32(value[1]), alpha)
        let green = min(UInt32(value[2]), alpha)
        let blue = min(UInt32(value[3]), alpha)
        return alpha << 24 | red << 16 | green << 8 | blue
    }
}
