/// `fmod(x, m)`, exactly, for `2m ≤ x` when the quotient is below 2^52 and
/// neither is extreme; nil otherwise (the caller then calls `fmod`). A
/// fraction of glibc's `fmod`, which a repeating animation's phase needs
/// on every frame (`ResolvedTiming.phase`).
///
/// Why it is exact: the truncated quotient `q` of the rounded `x / m` is
/// the true quotient's floor or one more (rounding never crosses below an
/// integer, and the next integer is representable below 2^52). Both `x`
/// and `q·m` lie on the grid of `m`'s last bit (`x ≥ m`), so `x - q·m` is
/// a multiple of it smaller than `m` in magnitude: representable. A fused
/// multiply-add rounds only once, from that exact value, so it returns it
/// exactly; when `q` was one more, adding `m` back gives the remainder,
/// which is representable too, so that sum is exact as well.
/// `MediaTimingRemainderTests` compares it with `fmod`.
func exactRemainder(_ x: Double, _ m: Double) -> Double? {
    exactDivision(x, m)?.remainder
}

/// `exactRemainder(x, m)` and the whole number of times `m` goes into `x`
/// (`(x - remainder) / m`, exactly): a repeating animation's phase needs
/// both, and the quotient is already at hand here.
@inline(__always)
func exactDivision(_ x: Double, _ m: Double) -> (remainder: Double, quotient: Double)? {
    // The bounds keep the quotient an exact integer and clear of overflow.
    guard m >= 0x1p-900, x <= 0x1p900, x >= m + m, x < m * 0x1p52 else { return nil }
    var q = Double(Int64(x / m))
    var r = x.addingProduct(-q, m)  // x - q·m, rounded once
    if r < 0 {
        r += m
        q -= 1
    }
    return r < m ? (r, q) : nil
}

/// `x.rounded()` (to nearest, halves away from zero), without the libm
/// call `rounded()` is on x86-64: a phase rounds its cycle count on every
/// frame. Exact below 2^52, where truncating to an integer and the
/// difference `x - t` are both exact; zero, larger and NaN values go to
/// `rounded()` (so that -0 stays -0).
@inline(__always)
func roundedToNearest(_ x: Double) -> Double {
    guard x != 0, abs(x) < 0x1p52 else { return x.rounded() }
    var t = Double(Int64(x))
    let rest = x - t
    if rest >= 0.5 { t += 1 } else if rest <= -0.5 { t -= 1 }
    // Between -0.5 and 0, `rounded()` gives -0.
    return t == 0 && x < 0 ? -0.0 : t
}
