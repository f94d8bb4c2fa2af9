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
    /// the 0...255 scale: each is clamped to 0...255 and rounded to nearest
    /// (ties to even), then the colour channels are clamped to the alpha, so
    /// rounding drift can never produce a colour brighter than its coverage.
    /// NaN becomes 0. Branch-free: adding 2²³ to a value in 0...255 leaves
    /// the rounded integer in the float's low mantissa bits.
    @inline(__always)
    package static func pack(_ channels: SIMD4<Float>) -> UInt32 {
        let alpha = byte(channels[0])
        return alpha << 24 | min(byte(channels[1]), alpha) << 16 | min(byte(channels[2]), alpha) << 8 | min(byte(channels[3]), alpha)
    }

    /// `value` clamped to 0...255 (NaN to 0) and rounded to an integer.
    @inline(__always)
    private static func byte(_ value: Float) -> UInt32 {
        let clamped: Float = value > 0 ? (value < 255 ? value : 255) : 0
        return (clamped + 0x1p23).bitPattern & 0xFF
    }
}
