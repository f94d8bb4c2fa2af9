/// The kinds of value a compiled animation (`CompiledAnimation`) works on,
/// each held as up to four Double components in a `SIMD4<Double>`: a number
/// in `x`; a point or size in `x, y`; a rect as origin x, y, width, height; a
/// colour as its red, green, blue, alpha (`CGColor.rgba`).
///
/// The arithmetic here mirrors `AnimatableValue+Arithmetic.swift` operation
/// for operation (the same IEEE operations in the same order), so the
/// compiled and general paths give bit-identical results; the differential
/// tests (`CompiledAnimationTests`) hold them to it.
enum CompiledValueKind: Sendable {
    case number, point, size, rect, color

    /// `value`'s components when it is of this kind, nil otherwise.
    func components(of value: AnimatableValue) -> SIMD4<Double>? {
        switch (self, value) {
        case (.number, .number(let x)):
            return SIMD4(x, 0, 0, 0)
        case (.point, .point(let p)):
            return SIMD4(Double(p.x), Double(p.y), 0, 0)
        case (.size, .size(let s)):
            return SIMD4(Double(s.width), Double(s.height), 0, 0)
        case (.rect, .rect(let r)):
            return SIMD4(Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height))
        case (.color, .color(let c)):
            let rgba = c.rgba
            return SIMD4(Double(rgba.red), Double(rgba.green), Double(rgba.blue), Double(rgba.alpha))
        default:
            return nil
        }
    }

    /// What rebuilding a value of this kind from `v` does to it: a colour's
    /// components are clamped as `CGColor(red:green:blue:alpha:)` clamps them
    /// (NaN to 0); every other kind keeps them as they are.
    @inline(__always)
    func normalized(_ v: SIMD4<Double>) -> SIMD4<Double> {
        guard self == .color else { return v }
        func clamp(_ c: Double) -> Double { c.isNaN ? 0 : min(max(c, 0), 1) }
        return SIMD4(clamp(v.x), clamp(v.y), clamp(v.z), clamp(v.w))
    }

    /// `AnimatableValue.interpolate(a, b, fraction:)`.
    @inline(__always)
    func interpolate(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
        normalized(a + (b - a) * t)
    }

    /// `a.adding(b)`.
    @inline(__always)
    func adding(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> { normalized(a + b) }

    /// `a.subtracting(b)`.
    func subtracting(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> { normalized(a - b) }

    /// `a.scaled(by: factor)` for a finite factor (an iteration count).
    func scaled(_ a: SIMD4<Double>, by factor: Double) -> SIMD4<Double> { normalized(a * factor) }

    /// `AnimatableValue.zero(like:)`: zero numbers and geometry, transparent black.
    var zero: SIMD4<Double> { .zero }
}

/// A value a compiled animation is about to write: its components, and for
/// a keyframe value shown as given, the original colour object (the general
/// path writes that very `CGColor`, which may be in another colour space
/// than the device RGB a blended colour comes back in).
struct CompiledSample {
    var components: SIMD4<Double>
    var original: CGColor?

    init(_ components: SIMD4<Double>, original: CGColor? = nil) {
        self.components = components
        self.original = original
    }
}
